import { type OutgoingHttpHeaders, type ServerResponse, STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseTimeout } from '../db/errors.ts';
import { DomainError, ERROR_KINDS, type ErrorBody } from '../errors.ts';
import { type AnyCatalogue, localizedError, schemaWordingFrom } from '../i18n/catalogue.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';
import type { SchemaWording } from '../shared/schema-words.ts';
import { httpText } from './i18n/index.ts';
import { methodNotAllowed, type ResourceMethods } from './methods.ts';
import { requestLocale } from './request-locale.ts';
import { RequestValidationError } from './zod.ts';

function body(statusCode: number, message: string, extra?: Record<string, unknown>): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

export const DATABASE_BUSY = httpText(DEFAULT_LOCALE)('error.databaseBusy');

/**
 * The one place an error becomes a response: `{ statusCode, error, message }`, `issues` on a 400. The message is in
 * `locale` (the request's, `requestLocale`) where the error words itself in every language (`localizedError`, a
 * refused schema, the kernel's own); `error`, the issues and the details stay as the API names them. `schemaWording`
 * words a refused schema's own messages (from the plugins' catalogues: `schemaWordingFrom`); without it, English.
 */
export function toErrorBody(
  error: unknown,
  locale: Locale = DEFAULT_LOCALE,
  schemaWording?: (locale: Locale) => SchemaWording,
): ErrorBody {
  if (error instanceof RequestValidationError) {
    const message = locale === DEFAULT_LOCALE ? error.message : error.inLocale(locale, schemaWording?.(locale));
    return body(400, message, {
      issues: error.issues,
      ...(error.issueCount > error.issues.length ? { issueCount: error.issueCount } : {}),
    });
  }
  if (error instanceof DomainError) {
    const message = locale === DEFAULT_LOCALE ? error.message : (error.inLocale?.(locale) ?? error.message);
    return { ...body(error.statusCode, message, error.details), error: ERROR_KINDS[error.kind].error };
  }
  // A statement or transaction the database stopped at its limit (DATABASE_TIMEOUT_MS): the diner is busy, not broken.
  if (isDatabaseTimeout(error)) return body(503, httpText(locale)('error.databaseBusy'));
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return body(status, (error as Error).message);
  }
  // 5xx: the details go to the log, never to the user.
  return body(500, httpText(locale)('error.unknown'));
}

/** A path no route serves: the one 404 text the API, the metrics port and a refused upgrade all answer with. */
export function routeNotFound(method: string | undefined, url: string | undefined): DomainError {
  return localizedError(httpText, 'not_found', 'error.routeNotFound', {
    method: method ?? '',
    path: (url ?? '').split('?')[0] ?? '',
  });
}

/** An error in the error shape on a raw Node response, where Fastify does not answer (the metrics port, a refused upgrade). */
export function sendRawError(response: ServerResponse, error: unknown, headers: OutgoingHttpHeaders = {}): void {
  const payload = toErrorBody(error);
  response.writeHead(payload.statusCode, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(payload));
}

/**
 * What a request no route took is refused with: 405 with `Allow` when its path has other methods (an `OPTIONS`
 * request is answered 204 with `Allow`: null), else 404.
 */
export function refuseUnrouted(
  methods: ResourceMethods,
  request: FastifyRequest,
  reply: FastifyReply,
): DomainError | null {
  const allowed = methods.methodsOf(request.url);
  if (allowed.length === 0) return routeNotFound(request.method, request.url);
  reply.header('allow', allowed.join(', '));
  if (request.method === 'OPTIONS') return null;
  return methodNotAllowed(request.method, request.url, allowed);
}

/** `catalogues`: the plugins' and the kernel's, whose keys a schema's own messages name (core/shared/schema-words.ts). */
export function registerErrorHandling(
  app: FastifyInstance,
  methods: ResourceMethods,
  catalogues: readonly AnyCatalogue[] = [],
): void {
  const schemaWording = schemaWordingFrom(catalogues);
  app.setErrorHandler((error, request, reply) => {
    const payload = toErrorBody(error, requestLocale(request), schemaWording);
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
    const refusal = refuseUnrouted(methods, request, reply);
    if (!refusal) return reply.code(204).send();
    const payload = toErrorBody(refusal, requestLocale(request));
    return reply.code(payload.statusCode).send(payload);
  });
}
