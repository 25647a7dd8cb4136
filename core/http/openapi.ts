import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { type GuardInfo, guardInfo } from '../auth/guards.ts';
import type { Requirement } from '../shared/permissions.ts';
import type { JsonSchema, RouteEntry } from './routes.ts';
import { nonJsonMediaType } from './zod.ts';

/** The routes the API document describes: every route but the site's pages and files and the `/api/*` fallback. */
export function documentedRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((route) => route.plugin !== 'site' && !route.url.includes('*'));
}

/** The methods of a route the document lists (HEAD is GET's twin, added by Fastify). */
export function documentedMethods(route: RouteEntry): string[] {
  return route.methods.filter((method) => method !== 'HEAD');
}

/** `/api/client/users/:id/ban` → `/api/client/users/{id}/ban`. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

/**
 * zod 4's own JSON Schema output: as a request sees the schema (`input`: before transforms and defaults), or as an
 * answer carries it (`output`).
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function describeGuard(info: GuardInfo): string {
  if (info.secret) return `Not for users: \`Authorization: Bearer\` with ${info.secret.description}.`;
  if (!info.signedIn) return 'Anyone, signed in or not.';
  const parts: string[] = [];
  const requirement = info.requirement;
  if (requirement?.all?.length) parts.push(`all of ${requirement.all.join(', ')}`);
  if (requirement?.any?.length) parts.push(`one of ${requirement.any.join(', ')}`);
  const permissions = parts.join(' and ');
  const perks = requirement?.perks?.length ? `all of the perks ${requirement.perks.join(', ')}` : '';
  let who =
    permissions && perks ? `${permissions}, ${requirement?.both ? 'and' : 'or'} ${perks}` : permissions || perks;
  if (info.self) who = who ? `the \`{id}\` user themself, or ${who}` : 'the `{id}` user themself';
  const base =
    info.kind === 'auth' || info.kind === 'permissions' || info.kind === 'self or permissions'
      ? 'Signed in'
      : `Guard: ${info.kind}`;
  const banned = info.allowBanned ? ' Open to banned users.' : ' A banned user gets 403 with the ban text.';
  return `${base}${who ? `; ${who} (SUPER_ADMIN passes every check)` : ''}.${banned}`;
}

/**
 * The role lists a caller may hold to pass a requirement, one list per alternative: every `all` permission with one
 * of the `any` ones; the perks instead, or on top where the requirement says `both`.
 */
function roleAlternatives(requirement: Requirement | undefined): string[][] {
  const all = [...(requirement?.all ?? [])];
  const perks = [...(requirement?.perks ?? [])];
  const withAny = requirement?.any?.length ? requirement.any.map((one) => [...all, one]) : [all];
  const permissions = all.length || requirement?.any?.length ? withAny : [];
  if (!perks.length) return permissions.length ? permissions : [[]];
  if (!permissions.length) return [perks];
  return requirement?.both ? permissions.map((roles) => [...roles, ...perks]) : [...permissions, perks];
}

/**
 * A route's guard as security requirements: a session (cookie or Bearer) with the permissions it needs as roles. The
 * document's requirements are alternatives (any one passes), so an any-of guard is one requirement per permission.
 */
function security(info: GuardInfo): Record<string, string[]>[] {
  if (info.secret) return [{ [info.secret.scheme]: [] }];
  if (!info.signedIn) return [];
  return roleAlternatives(info.requirement).flatMap((roles): Record<string, string[]>[] => [
    { bearer: roles },
    { session: roles },
  ]);
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

/** The success answers a route declares (`schema.response`), each with its body's schema; null when it declares none. */
function declaredResponses(route: RouteEntry): Record<string, unknown> | null {
  const declared = route.schema.response;
  if (!declared) return null;
  return Object.fromEntries(
    Object.entries(declared).map(([status, schema]) => {
      const description = schema.description ?? STATUS_CODES[Number(status)] ?? 'Success';
      if (status === '204') return [status, { description }];
      const mediaType = nonJsonMediaType(schema);
      if (mediaType) return [status, { description, content: { [mediaType]: {} } }];
      return [status, { description, content: { 'application/json': { schema: jsonSchema(schema, 'output') } } }];
    }),
  );
}

/**
 * The refusals every route of a kind answers, whatever it does: a body too large or encoded, too many requests, and
 * on a route open to anyone that reads the session, a dead Bearer token and a cross-origin request with the session
 * cookie (core/auth/request-session.ts; a signed-in route's guard lists 401 and 403 itself).
 */
function genericRefusals(route: RouteEntry, guard: GuardInfo): Record<string, string> {
  const openSession = route.readsSession && !guard.signedIn && !guard.secret;
  return {
    ...(openSession ? { '401': 'A Bearer token that names no live session (leave it out to call as a visitor).' } : {}),
    ...(openSession && route.readsBody
      ? { '403': 'A request from another site that carries the session cookie.' }
      : {}),
    ...(route.readsBody
      ? {
          '413': 'The body is larger than the server takes.',
          '415': 'The body is not JSON, or is sent compressed (the server decodes no Content-Encoding).',
        }
      : {}),
    ...(route.rateLimited
      ? { '429': 'Too many requests from this address: try again after the time the message says.' }
      : {}),
  };
}

/**
 * The statuses an operation answers: success, the guard's refusals, 400, the refusals of its kind (genericRefusals)
 * and what the route documents itself.
 */
function responsesOf(route: RouteEntry, guard: GuardInfo): Record<string, unknown> {
  const own = Object.entries({ ...genericRefusals(route, guard), ...route.doc.responses });
  return {
    ...declaredResponses(route),
    ...(guard.signedIn
      ? { '401': ERROR_RESPONSE, '403': ERROR_RESPONSE }
      : guard.secret
        ? { '401': ERROR_RESPONSE }
        : {}),
    '400': ERROR_RESPONSE,
    ...Object.fromEntries(
      own.map(([status, description]) => [
        status,
        Number(status) >= 400
          ? { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
          : { description },
      ]),
    ),
    default: ERROR_RESPONSE,
  };
}

/** Each route's documented statuses, worked out once: responsesOf writes every answer's JSON Schema on the way. */
const statusesOf = new WeakMap<RouteEntry, ReadonlySet<string>>();

/**
 * The statuses a route's API document lists (every one it may answer; `default` aside), or null for a route the
 * document does not describe (the site's pages, the `/api/*` fallback): what tests hold its answers to.
 */
export function documentedStatuses(route: RouteEntry): ReadonlySet<string> | null {
  if (documentedRoutes([route]).length === 0) return null;
  let statuses = statusesOf.get(route);
  if (!statuses) {
    statuses = new Set(
      Object.keys(responsesOf(route, guardInfo(route.guard))).filter((status) => status !== 'default'),
    );
    statusesOf.set(route, statuses);
  }
  return statuses;
}

/** One method of one route as an OpenAPI operation: its id, tag, guard (in words and as security), parameters, body. */
function operationOf(route: RouteEntry, method: string, path: string, tag: string): Record<string, unknown> {
  const lower = method.toLowerCase();
  const guard = guardInfo(route.guard);
  const headers = (route.doc.headers ?? []).map((header) => ({ ...header, in: 'header' }));
  const operation: Record<string, unknown> = {
    operationId: `${lower}${path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [tag],
    description: [describeGuard(guard), route.doc.description].filter(Boolean).join(' '),
    security: security(guard),
    'x-guard': {
      kind: guard.kind,
      ...(guard.requirement ? { requirement: guard.requirement } : {}),
      ...(guard.self ? { self: true } : {}),
    },
    parameters: [
      ...parameters(route.schema.params, 'path'),
      ...parameters(route.schema.querystring, 'query'),
      ...headers,
    ],
    responses: responsesOf(route, guard),
  };
  if (route.schema.body) {
    operation.requestBody = {
      required: !route.schema.body.safeParse(undefined).success,
      content: { 'application/json': { schema: jsonSchema(route.schema.body) } },
    };
  } else if (route.doc.requestBody) {
    operation.requestBody = route.doc.requestBody;
  }
  return operation;
}

/** The security schemes, the one error response and its schema; `secrets` are the schemes of routes' own secrets. */
function componentsOf(secrets: Record<string, object>): Record<string, unknown> {
  return {
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description: 'The session token from POST /api/client/authenticate.',
      },
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: 'VD_SESSION',
        description: 'The session cookie; unsafe methods must come from the site itself.',
      },
      ...secrets,
    },
    responses: {
      Error: {
        description: 'The one error shape: `{ statusCode, error, message }`, with `issues` (at most 20) on a 400.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['statusCode', 'error', 'message'],
        properties: {
          statusCode: { type: 'integer' },
          error: { type: 'string' },
          message: { type: 'string' },
          issues: { type: 'array', maxItems: 20, items: { type: 'object' } },
        },
      },
    },
  };
}

/**
 * The document's outline as GET /api/openapi.json declares its answer: the rest is OpenAPI 3.1's own format, which
 * core/http/openapi.int.test.ts validates with a maintained parser.
 */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.output<typeof OpenApiDocumentSchema>;

/**
 * The OpenAPI 3.1 document of every registered route (GET /api/openapi.json), built from the route table: each
 * route's own zod schemas through zod's JSON Schema output, its guard as its security requirement and in words.
 */
export function buildOpenApiDocument(
  routes: readonly RouteEntry[],
  info: { title: string; version: string; serverUrl: string },
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  /** Secrets that guard a route of their own (the metrics token), as security schemes. */
  const secrets: Record<string, object> = {};
  for (const route of documentedRoutes(routes)) {
    const path = openApiPath(route.url);
    const guard = guardInfo(route.guard);
    if (guard.secret)
      secrets[guard.secret.scheme] = {
        type: 'http',
        scheme: 'bearer',
        description: `The bearer must be ${guard.secret.description}.`,
      };
    const tag = route.plugin ?? 'core';
    tags.add(tag);
    for (const method of documentedMethods(route)) {
      paths[path] ??= {};
      paths[path][method.toLowerCase()] = operationOf(route, method, path, tag);
    }
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: info.title,
      version: info.version,
      description:
        'Every route of the Virtual Diner API, with its guard and its schemas. A method a path does not list answers 405 with `Allow` (OPTIONS: 204 with `Allow`).',
    },
    servers: [{ url: info.serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: componentsOf(secrets),
  };
}
