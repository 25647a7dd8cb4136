import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Fastify's request lines, shaped through its LogController (Fastify's documented way to change them, `logController`
 * in its server options): one line per request, Fastify's `request completed` with its own `req` (method, URL, host,
 * remote address), `res` (status) and `responseTime`, written when the response is done. Fastify's `incoming request`
 * line is left out: the completed line says what it says. At info in production; at debug elsewhere, so a page view
 * in development prints nothing unless LOG_LEVEL=debug asks for it. A route's own `logLevel` applies to its line, as
 * `reply.log` is Fastify's child logger for the request.
 */
export class RequestLines extends LogController {
  readonly #level: 'info' | 'debug';

  constructor(env: Config['env']) {
    super();
    this.#level = env === 'production' ? 'info' : 'debug';
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    // A response that failed after its headers went out: Fastify's own `request errored` line, at error.
    if (error) return super.requestCompleted(error, request, reply, metadata);
    reply.log[this.#level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
