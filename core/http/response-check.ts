import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { nonJsonMediaType } from './zod.ts';

/** What a route's `schema.response` declares, as Fastify keeps it on the route. */
type DeclaredResponses = Record<string, z.ZodType> | undefined;

/**
 * What is wrong with an answer against what its route declares, or null: a success status the route does not
 * declare, or a JSON body its status's schema refuses (with zod's first issues). Routes that declare no responses yet
 * are not checked (issue 43 converts them plugin by plugin), nor are errors, which have the one error shape.
 */
export function responseProblem(
  declared: DeclaredResponses,
  status: number,
  payload: unknown,
  headers: { contentEncoding?: unknown; contentType?: unknown } = {},
): string | null {
  const { contentEncoding, contentType } = headers;
  if (!declared || status < 200 || status >= 300) return null;
  const schema = declared[String(status)];
  if (!schema) return `answered ${status}, which it does not declare (${Object.keys(declared).join(', ')})`;
  if (status === 204) return null;
  const mediaType = nonJsonMediaType(schema);
  if (mediaType) return mediaTypeProblem(mediaType, status, contentType);
  let body: unknown;
  try {
    body = JSON.parse(decoded(payload, contentEncoding));
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  return `answered ${status} with a body its schema refuses: ${issues.join('; ')}`;
}

/** A non-JSON answer's Content-Type against its declared media type (`image/*` takes any image). */
function mediaTypeProblem(declared: string, status: number, contentType: unknown): string | null {
  const actual = String(contentType ?? '')
    .split(';')[0]!
    .trim();
  const wanted = declared.endsWith('/*') ? actual.startsWith(declared.slice(0, -1)) : actual === declared;
  return wanted ? null : `answered ${status} as ${actual || 'no Content-Type'}, where it declares ${declared}`;
}

/** A payload as text: bytes decompressed as their Content-Encoding says (the kitchen's list is sent compressed). */
function decoded(payload: unknown, contentEncoding: unknown): string {
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return '';
  if (contentEncoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (contentEncoding === 'gzip') return gunzipSync(payload).toString('utf8');
  return payload.toString('utf8');
}

/**
 * What is wrong with a refusal against the statuses its route's API document lists, or null. Every 4xx is held to
 * it but 405, which the document says once for every path (a method a path does not list answers 405 with
 * `Allow`); a server failure (5xx) is no answer a route chooses. `documented` is null for a route the document does
 * not describe.
 */
export function refusalProblem(documented: ReadonlySet<string> | null, status: number): string | null {
  if (!documented || status < 400 || status >= 500 || status === 405) return null;
  if (documented.has(String(status))) return null;
  return `refused with ${status}, which its API document does not list (${[...documented].join(', ')}): add it to the route's config.openapi.responses`;
}

/** The statuses the API document lists for the route a request reached (core/http/openapi.ts documentedStatuses). */
export type DocumentedStatuses = (method: string, url: string) => ReadonlySet<string> | null;

/**
 * An onSend hook for tests (buildServer's `onResponseProblem`): every answer is checked against its route's declared
 * responses, and every refusal against the statuses its API document lists; each problem is reported, naming the
 * request.
 */
export function checkResponses(report: (problem: string) => void, documented: DocumentedStatuses) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) => {
    const declared = request.routeOptions.schema?.response as DeclaredResponses;
    const problem = responseProblem(declared, reply.statusCode, payload, {
      contentEncoding: reply.getHeader('content-encoding'),
      contentType: reply.getHeader('content-type'),
    });
    const refusal = refusalProblem(
      documented(request.method, request.routeOptions.url ?? request.url),
      reply.statusCode,
    );
    for (const found of [problem, refusal])
      if (found) report(`${request.method} ${request.url} (${request.routeOptions.url}) ${found}`);
    done(null, payload);
  };
}
