import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyRequest,
  type onRequestHookHandler,
  type preParsingHookHandler,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { createAppContext } from '../app-context.ts';
import { auditRoutes } from '../audit/api.ts';
import type { AuditLog } from '../audit/service.ts';
import { publicAccess } from '../auth/guards.ts';
import { registerRequestSession } from '../auth/request-session.ts';
import { backupStatus } from '../backup/runner.ts';
import { type BackupRunner, scheduleBackups } from '../backup/schedule.ts';
import { type Config, publicConfigOf } from '../config.ts';
import { logDatabaseTo, type Orm, ping } from '../db/orm.ts';
import { wireGatewayFilters } from '../gateway/filters.ts';
import { GatewayHub, type GatewayOptions } from '../gateway/hub.ts';
import { registerGateway } from '../gateway/route.ts';
import { localizedError } from '../i18n/catalogue.ts';
import { type Jobs, jobsOf, runStartWork } from '../jobs.ts';
import { createLogger } from '../logger.ts';
import { registerHttpMetrics } from '../metrics/http.ts';
import { registerBackupMetrics, registerKernelMetrics } from '../metrics/kernel.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { type AnyPlugin, type App, type CoreContext, imageOriginsOf } from '../plugin.ts';
import { registerApiDocs } from './api-docs.ts';
import { refuseUnrouted, registerErrorHandling } from './errors.ts';
import { httpCatalogue, httpText } from './i18n/index.ts';
import { RequestLines } from './logging.ts';
import { methodNotAllowed } from './methods.ts';
import { documentedStatuses } from './openapi.ts';
import { requestLocale } from './request-locale.ts';
import { checkResponses, type DocumentedStatuses } from './response-check.ts';
import { declaredGuard, type RouteEntry, RouteTable } from './routes.ts';
import { type BuiltSite, registerSite } from './site.ts';
import { type ZodTypeProvider, zodSchemaController } from './zod.ts';

export interface BuildServerOptions {
  config: Config;
  orm: Orm;
  plugins: readonly AnyPlugin[];
  /** The Astro build to mount; null serves the API alone (API tests). */
  site?: BuiltSite | null;
  /** Test clocks. */
  now?: () => number;
  /** Live gateway timings (tests shorten them). */
  gateway?: GatewayOptions;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: DestinationStream;
  /** Tests: told of every answer that does not match its route's declared responses (core/http/response-check.ts). */
  onResponseProblem?: (problem: string) => void;
}

export interface Server {
  app: App;
  ctx: CoreContext;
  /** The live gateway's sockets on this process (tests and benchmarks look at its stats). */
  gateway: GatewayHub;
  /** Every registered route with its guard and schemas: the API document and the route-table tests read it. */
  routes: readonly RouteEntry[];
  /** This process's Prometheus metrics (also `ctx.metrics`); startApp serves them on METRICS_PORT. */
  metrics: Metrics;
  /** The plugins' periodic tasks, running while the server serves. */
  jobs: Jobs;
  /** The web process's backups of its embedded database on disk (core/backup/runner.ts); null on PostgreSQL or in memory. */
  backups: BackupRunner | null;
  close(): Promise<void>;
}

/**
 * The server decodes no Content-Encoding: a compressed body would otherwise be parsed as if it were plain (415).
 * A route's preParsing hook: after the guards (onRequest), before the body is read.
 */
const refuseEncodedBody: preParsingHookHandler = (request, _reply, payload, done) => {
  const encoding = request.headers['content-encoding'];
  const hasBody =
    request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  if (hasBody && encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    return done(
      localizedError(httpText, 'unsupported_media_type', 'error.encodedBody', { encoding: encoding.slice(0, 40) }),
    );
  }
  done(null, payload);
};

/**
 * The Fastify instance, logging through `logger` as Fastify's own logger: `app.log` is it (a child, with Fastify's
 * serializers for `req`, `res` and `err`), `request.log` its child for the request with the request's `reqId`, at the
 * route's own `logLevel` and with its `logSerializers` when it sets them. Request lines: core/http/logging.ts.
 */
function createFastify(config: Config, logger: FastifyBaseLogger): App {
  return Fastify({
    loggerInstance: logger,
    logController: new RequestLines(config.env),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Our compilers from the start (core/http/zod.ts): Fastify would otherwise load Ajv and fast-json-stringify for
    // schemas it never sees.
    schemaController: zodSchemaController,
  }).withTypeProvider<ZodTypeProvider>() as App;
}

/**
 * The first onRequest hook of a parametric route: a path that fits it only with a value its schema refuses, and that
 * names a more specific resource (`/objectives/audience` under `/objectives/:id`), is answered by that path's own
 * methods: 405 with `Allow` for one it lacks, before any guard (core/http/methods.ts).
 */
function refuseShadowedMethod(
  routes: RouteTable,
  url: string,
  params: RouteEntry['schema']['params'],
): onRequestHookHandler {
  return (request, reply, done) => {
    const allowed = routes.methods.refusedMethods(request.method, url, request, params);
    if (!allowed) return done();
    reply.header('allow', allowed.join(', '));
    done(methodNotAllowed(request.method, request.url, allowed));
  };
}

/**
 * Every route declares its guard (DESIGN.md) as its onRequest hook, so it runs before the body is parsed or
 * validated: a route without one is a programming error caught at start-up. Answers the table the routes go into.
 */
function enforceRouteRules(app: App): RouteTable {
  const routes = new RouteTable();
  app.addHook('onRoute', (route) => {
    const guard = declaredGuard(route);
    if (!guard) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no guard in onRequest (publicAccess, requireAuth or requirePermissions)`,
      );
    }
    routes.add(route, guard);
    // publicAccess checks nothing: once declared, it need not run on every request.
    const rest = [route.onRequest]
      .flat()
      .filter((hook) => hook !== undefined && hook !== publicAccess)
      .map((hook) => hook!);
    // A parametric route may cover a more specific resource's path: that resource's methods decide (405).
    if (route.url.includes(':') && !route.url.includes('*'))
      rest.unshift(refuseShadowedMethod(routes, route.url, (route.schema as RouteEntry['schema'] | undefined)?.params));
    route.onRequest = rest.length > 0 ? rest : undefined;
    // Fastify reads no body for GET and HEAD: only routes that take another method check the body's encoding.
    if ([route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD')) {
      route.preParsing = [...[route.preParsing ?? []].flat(), refuseEncodedBody];
    }
  });
  return routes;
}

/** The statuses the API document lists for a route of the table, found by method and URL pattern (HEAD as GET). */
function documentedStatusesIn(routes: RouteTable): DocumentedStatuses {
  return (method, url) => {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const route = routes.entries.find((entry) => entry.url === url && entry.methods.includes(wanted));
    return route ? documentedStatuses(route) : null;
  };
}

/**
 * The headers every response carries; pages get the document headers on top (core/http/site.ts), which also hands
 * these to what Astro writes itself.
 */
function addResponseHeaders(app: App, config: Config): void {
  // Set as the reply's headers, not the raw response's: Node writes a response whose headers all come in writeHead's
  // argument in one pass, and checks each header again when some were set before it (about 0.4 µs a request,
  // measured on GET /api/client/settings).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (config.isProduction) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}

/** GET /api/health when the database answers (503 in the error shape, with `database: 'down'`, when it does not). */
const HealthSchema = z.strictObject({ status: z.literal('ok'), database: z.literal('up') });
/** GET /api/health when the database does not answer: the error shape with `database: 'down'`. */
const HealthDownSchema = z.strictObject({
  statusCode: z.literal(503),
  error: z.literal('Service Unavailable'),
  message: z.string(),
  database: z.literal('down'),
});

/** Core's own routes after the plugins': the audit log, health, the API document, and 404 for any other /api path. */
async function registerCoreRoutes(
  app: App,
  routes: RouteTable,
  orm: Orm,
  audit: AuditLog,
  config: Config,
): Promise<void> {
  await routes.registering('audit', async () => {
    auditRoutes(app, audit);
  });
  app.get(
    '/api/health',
    { onRequest: publicAccess, schema: { response: { 200: HealthSchema, 503: HealthDownSchema } } },
    async (_request, reply) => {
      const database = await ping(orm);
      reply.header('cache-control', 'no-store');
      if (!database)
        return reply.code(503).send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The database is unreachable',
          database: 'down',
        });
      return { status: 'ok' as const, database: 'up' as const };
    },
  );
  registerApiDocs(app, routes.entries, config.publicUrl);
  app.all('/api/*', { onRequest: publicAccess }, async (request, reply) => {
    const refusal = refuseUnrouted(routes.methods, request, reply);
    if (refusal) throw refusal;
    return reply.code(204).send();
  });
}

export async function buildServer(options: BuildServerOptions): Promise<Server> {
  const { config, orm, plugins } = options;
  // Readable lines in development, JSON in batches otherwise (core/logger.ts); tests may hand in their own stream.
  const logger = await createLogger(config, options.logStream);
  const app = createFastify(config, logger);
  // What the database stops at its limit, or finds slow, goes to the same log.
  logDatabaseTo(orm, (message) => logger.warn(message));

  // Limits are declared per route (`config: { rateLimit }`): sign-in now, ordering and purchases later. In memory,
  // per process.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      localizedError(httpText, 'rate_limited', 'error.rateLimited', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  const routes = enforceRouteRules(app);
  // A refused schema's own messages are keys in their owners' catalogues (core/shared/schema-words.ts).
  const catalogues = [httpCatalogue, ...plugins.flatMap((plugin) => (plugin.i18n ? [plugin.i18n] : []))];
  registerErrorHandling(app, routes.methods, catalogues);
  addResponseHeaders(app, config);
  if (options.onResponseProblem)
    app.addHook('onSend', checkResponses(options.onResponseProblem, documentedStatusesIn(routes)));

  const ctx = await createAppContext({ config, orm, plugins, log: app.log, now: options.now });
  const { events, sessions, audit, metrics } = ctx;
  const services = ctx.services as Record<string, unknown>;
  registerRequestSession(app, config, sessions);
  registerHttpMetrics(app, metrics, config);
  // Before any other route: @fastify/websocket refuses upgrades on routes registered after it.
  const gateway = new GatewayHub({ orm, events, sessions, log: app.log }, { now: options.now, ...options.gateway });
  await registerGateway(app, gateway, config);
  registerKernelMetrics(metrics, { orm, gateway });

  wireGatewayFilters(plugins, events, gateway);
  for (const plugin of plugins) {
    const register = plugin.routes;
    if (register) {
      await routes.registering(plugin.name, async () => {
        await app.register(async (scope) => register(scope as App, services[plugin.name], ctx));
      });
    }
  }

  await registerCoreRoutes(app, routes, orm, audit, config);
  await runStartWork(plugins, services, ctx);
  const jobs = jobsOf(plugins, services, ctx);
  const backups = scheduleBackups(config, orm, jobs, app.log);
  registerBackupMetrics(metrics, config);
  app.addHook('onClose', () => jobs.stop());

  if (options.site) {
    const publicConfig = publicConfigOf(config);
    const site = options.site;
    await routes.registering('site', () =>
      registerSite(
        app,
        site,
        { ...config, imageOrigins: imageOriginsOf(plugins, config) },
        (request: FastifyRequest) => ({
          user: request.user,
          locale: requestLocale(request),
          plugins,
          services,
          audit,
          config: publicConfig,
          backups: () => backupStatus(config.backups.dir, backups ? config.backups : null),
        }),
      ),
    );
  }

  await app.ready();
  jobs.start();
  return {
    app,
    ctx,
    gateway,
    jobs,
    backups,
    routes: routes.entries,
    metrics,
    async close() {
      await app.close();
    },
  };
}
