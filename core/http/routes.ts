import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { type Guard, isGuard } from '../auth/guards.ts';
import { ResourceMethods } from './methods.ts';

/** A JSON Schema as the API document writes it. */
export type JsonSchema = Record<string, unknown>;

/**
 * What the API document says of a route beyond its zod schemas and its guard (`config: { openapi }`): what a route
 * reads or answers itself, outside Fastify's validation (a signature header, a multipart body, a WebSocket upgrade).
 */
export interface OperationDoc {
  /** Words after the guard's. */
  description?: string;
  /** Request headers the route checks itself. */
  headers?: { name: string; required: boolean; description: string; schema: JsonSchema }[];
  /** A body the route reads itself, by media type (a route with a zod body schema has that instead). */
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  /** Statuses it answers beyond the guard's and 400, with what each means; a 2xx here replaces the generic 200. */
  responses?: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the API document says of the route beyond its schemas (core/http/openapi.ts). */
    openapi?: OperationDoc;
  }
}

/** One registered route as the kernel knows it: the API document and the route-table tests are built from these. */
export interface RouteEntry {
  methods: string[];
  url: string;
  /** The plugin that registered it; null for the kernel's own routes (health, gateway, the site). */
  plugin: string | null;
  guard: Guard;
  schema: {
    params?: z.ZodType;
    querystring?: z.ZodType;
    body?: z.ZodType;
    /** The answers it gives, by status: their bodies (a 204's schema is never read). */
    response?: Record<string, z.ZodType>;
  };
  doc: OperationDoc;
  /** It has a request limit (`config: { rateLimit }`): past it, 429. */
  rateLimited: boolean;
  /** It takes a method with a body (not GET or HEAD): a body too large is 413, an encoded one 415. */
  readsBody: boolean;
  /** It reads the caller's session (`config: { session: false }` opts out): a dead Bearer token is 401. */
  readsSession: boolean;
}

/** Collects every route as it is registered (Fastify's onRoute), tagged with the plugin registering it at the time. */
export class RouteTable {
  readonly #entries: RouteEntry[] = [];
  #plugin: string | null = null;
  /** Which methods each path's resource has (405 answers), read once every route is registered. */
  readonly methods = new ResourceMethods(this.#entries);

  get entries(): readonly RouteEntry[] {
    return this.#entries;
  }

  /** Routes registered while `work` runs belong to `plugin`. */
  async registering(plugin: string, work: () => Promise<void>): Promise<void> {
    this.#plugin = plugin;
    try {
      await work();
    } finally {
      this.#plugin = null;
    }
  }

  add(route: RouteOptions, guard: Guard): void {
    const schema = (route.schema ?? {}) as RouteEntry['schema'];
    this.#entries.push({
      methods: [route.method].flat().map(String),
      url: route.url,
      plugin: this.#plugin,
      guard,
      schema: { params: schema.params, querystring: schema.querystring, body: schema.body, response: schema.response },
      doc: route.config?.openapi ?? {},
      rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
      readsBody: [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD'),
      readsSession: (route.config as { session?: boolean } | undefined)?.session !== false,
    });
  }
}

/** The guard a route declares in its onRequest hooks, or null when it declares none. */
export function declaredGuard(route: RouteOptions): Guard | null {
  return [route.onRequest].flat().find(isGuard) ?? null;
}
