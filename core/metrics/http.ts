import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { bearerSecretCheck, requireBearerSecret } from '../auth/guards.ts';
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import { routeNotFound, sendRawError } from '../http/errors.ts';
import type { App } from '../plugin.ts';
import { LATENCY_BUCKETS, type Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's name in metrics when its pattern is not the name to show (every built file: `static`). */
    metricsRoute?: string;
  }
}

export const METRICS_PATH = '/metrics';
const TOKEN_MESSAGE = 'The metrics need a valid token: Authorization: Bearer <METRICS_TOKEN>.';

/** Metrics are served (METRICS_PORT or METRICS_TOKEN); otherwise nothing of this file runs. */
export function metricsServed(config: Config): boolean {
  return config.metrics.port !== null || config.metrics.token !== null;
}

/**
 * When metrics are served: process metrics, every request's duration by route pattern (not the URL: a label per
 * order id would grow without end) and status, and GET /metrics on the main port when it is the token that guards
 * them (METRICS_TOKEN without METRICS_PORT). Not served: no hook, no route (/metrics is an unknown path, 404).
 * Call before the routes are registered, after the onRoute guard check.
 */
export function registerHttpMetrics(app: App, metrics: Metrics, config: Config): void {
  if (!metricsServed(config)) return;
  metrics.collectProcessMetrics();
  const duration = metrics.histogram({
    name: 'vd_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code: time from the request to the end of the response.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
  });
  app.addHook('onResponse', (request, reply, done) => {
    // routeOptions is an object Fastify builds on each read: read it once.
    const options = request.routeOptions;
    const route = options.config.metricsRoute ?? options.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
  const token = config.metrics.token;
  if (config.metrics.port !== null || token === null) return;
  const guard = requireBearerSecret(token, TOKEN_MESSAGE, {
    scheme: 'metricsToken',
    description: 'the METRICS_TOKEN the server is configured with',
  });
  app.get(METRICS_PATH, { onRequest: guard, config: { session: false } }, async (_request, reply) => {
    const text = await metrics.text();
    reply.header('cache-control', 'no-store').type(metrics.contentType);
    return text;
  });
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: a server of its own for GET /metrics only (bound to HOST like the site; keep the port off the public
 * network), asking for METRICS_TOKEN too when that is set. Not Fastify: nothing of the site's request handling
 * (sessions, pages) belongs here.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { host: string; port: number; token: string | null; log: FastifyBaseLogger },
): Promise<MetricsServer> {
  const matches = options.token === null ? null : bearerSecretCheck(options.token);
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(response, routeNotFound(request.method, path));
    }
    if (matches && !matches(request.headers.authorization))
      return sendError(response, new DomainError('unauthorized', TOKEN_MESSAGE));
    metrics.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'metrics could not be collected');
        sendError(response, error);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Prometheus keeps its connection open between scrapes.
        server.closeAllConnections();
      }),
  };
}

/** The error shape every route answers with, never cached. */
function sendError(response: http.ServerResponse, error: unknown): void {
  sendRawError(response, error, { 'cache-control': 'no-store' });
}
