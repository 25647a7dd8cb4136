import { type OutgoingHttpHeaders, type ServerResponse, STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseTimeout } from '../db/errors.ts';
import { DomainError, ERROR_KINDS, type ErrorBody } from '../errors.ts';
import { RequestValidationError } from './zod.ts';

function body(statusCode: number, message: string, extra?: Record<string, unknown>): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

export const DATABASE_BUSY = 'The diner is very busy right now. Please try again in a moment.';

/** The one place an error becomes a response: `{ statusCode, error, message }`, `issues` on a 400. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof RequestValidationError) {
    return body(400, error.message, {
      issues: error.issues,
      ...(error.issueCount > error.issues.length ? { issueCount: error.issueCount } : {}),
    });
  }
  if (error instanceof DomainError) {
    return { ...body(error.statusCode, error.message, error.details), error: ERROR_KINDS[error.kind].error };
  }
  // A statement or transaction the database stopped at its limit (DATABASE_TIMEOUT_MS): the diner is busy, not broken.
  if (isDatabaseTimeout(error)) return body(503, DATABASE_BUSY);
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return body(status, (error as Error).message);
  }
  // 5xx: the details go to the log, never to the user.
  return body(500, 'An unknown error occurred');
}

/** A path no route serves: the one 404 text the API, the metrics port and a refused upgrade all answer with. */
export function routeNotFound(method: string | undefined, url: string | undefined): DomainError {
  return new DomainError('not_found', `Route ${method} ${(url ?? '').split('?')[0]} not found`);
}

/** An error in the error shape on a raw Node response, where Fastify does not answer (the metrics port, a refused upgrade). */
export function sendRawError(response: ServerResponse, error: unknown, headers: OutgoingHttpHeaders = {}): void {
  const payload = toErrorBody(error);
  response.writeHead(payload.statusCode, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(payload));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const payload = toErrorBody(error);
    // An expected outage (a 503 a service chose: Discord sync not configured, the image host down) is a warning;
    // any other 5xx is a bug or a failure someone must look at.
    if (error instanceof DomainError && error.kind === 'unavailable')
      request.log.warn({ err: error }, 'service unavailable');
    else if (isDatabaseTimeout(error)) request.log.warn({ err: error }, 'database limit reached');
    else if (payload.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error }, 'request refused');
    return reply.code(payload.statusCode).type('application/json; charset=utf-8').send(payload);
  });
  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send(toErrorBody(routeNotFound(request.method, request.url)));
  });
}
