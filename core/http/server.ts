import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyRequest } from 'fastify';
import { auditRoutes } from '../audit/api.ts';
import { AuditLog } from '../audit/service.ts';
import { isGuard, publicAccess } from '../auth/guards.ts';
import { registerRequestSession } from '../auth/request-session.ts';
import { SessionService } from '../auth/sessions.ts';
import { publicConfigOf, type Config } from '../config.ts';
import { ping, type Orm } from '../db/orm.ts';
import { DomainError } from '../errors.ts';
import { EventBus } from '../events.ts';
import { wireGatewayFilters } from '../gateway/filters.ts';
import { GatewayHub, type GatewayOptions } from '../gateway/hub.ts';
import { registerGateway } from '../gateway/route.ts';
import type { AnyPlugin, App, CoreContext } from '../plugin.ts';
import { registerErrorHandling } from './errors.ts';
import { registerSite, type BuiltSite } from './site.ts';
import { validatorCompiler, type ZodTypeProvider } from './zod.ts';

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
}

export interface Server {
  app: App;
  ctx: CoreContext;
  /** The live gateway's sockets on this process (tests and benchmarks look at its stats). */
  gateway: GatewayHub;
  close(): Promise<void>;
}

export async function buildServer(options: BuildServerOptions): Promise<Server> {
  const { config, orm, plugins } = options;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // Fastify's two lines per request give way to our one (the onResponse hook below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>() as App;

  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);
  // Limits are declared per route (`config: { rateLimit }`): sign-in now, ordering and purchases later. In memory,
  // per process.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new DomainError('rate_limited', `Too many attempts. Please try again in ${context.after}.`),
  });

  // Every route declares its guard (DESIGN.md): a route without one is a programming error caught at start-up.
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler].flat();
    if (!handlers.some(isGuard)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no guard (publicAccess, requireAuth or requirePermissions)`);
    }
    // publicAccess checks nothing: once declared, it need not run on every request.
    const rest = handlers.filter((handler) => handler !== undefined && handler !== publicAccess).map((handler) => handler!);
    route.preHandler = rest.length > 0 ? rest : undefined;
  });

  // Every response; pages get the document headers on top (core/http/site.ts). Set on the raw response so they
  // also reach what Astro writes itself.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    if (config.isProduction) reply.raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
  // One structured line per request (skipped outright when the level hides it).
  const logRequests = ['info', 'debug', 'trace'].includes(config.logLevel);
  app.addHook('onResponse', (request, reply, done) => {
    if (logRequests) {
      request.log.info(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request',
      );
    }
    done();
  });

  const events = new EventBus((error, event) => app.log.error({ err: error, event }, 'event listener failed'));
  const sessions = new SessionService(orm, events, options.now);
  const audit = new AuditLog(orm, options.now);
  const services: Record<string, unknown> = {};
  const ctx: CoreContext = { config, orm, events, sessions, audit, log: app.log, services, now: options.now ?? Date.now, commands: plugins.flatMap((p) => p.commands ?? []) };
  registerRequestSession(app, config, sessions);
  // Before any other route: @fastify/websocket refuses upgrades on routes registered after it.
  const gateway = new GatewayHub({ orm, events, sessions, log: app.log }, { now: options.now, ...options.gateway });
  await registerGateway(app, gateway, config);

  for (const plugin of plugins) {
    if (plugin.service) services[plugin.name] = plugin.service(ctx);
  }
  wireGatewayFilters(plugins, events, gateway);
  for (const plugin of plugins) {
    const routes = plugin.routes;
    if (routes) await app.register(async (scope) => routes(scope as App, services[plugin.name], ctx));
  }

  auditRoutes(app, audit);
  app.get('/api/health', { preHandler: publicAccess }, async (request, reply) => {
    const database = await ping(orm);
    reply.header('cache-control', 'no-store');
    if (!database) return reply.code(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'The database is unreachable', database: 'down' });
    return { status: 'ok', database: 'up' };
  });
  app.all('/api/*', { preHandler: publicAccess }, async (request) => {
    throw new DomainError('not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`);
  });

  if (options.site) {
    const publicConfig = publicConfigOf(config);
    await registerSite(app, options.site, (request: FastifyRequest) => ({
      user: request.user,
      services,
      audit,
      config: publicConfig,
    }));
  }

  await app.ready();
  return {
    app,
    ctx,
    gateway,
    async close() {
      await app.close();
    },
  };
}
