import { SessionSchema, UserSchema } from '../core/auth/entities.ts';
import { publicAccess } from '../core/auth/guards.ts';
import { hashToken, SESSION_TTL_MS, SessionService } from '../core/auth/sessions.ts';
import { openAndMigrate } from '../core/boot.ts';
import { loadConfig } from '../core/config.ts';
import type { GatewayEvents } from '../core/gateway/protocol.ts';
import { buildServer } from '../core/http/server.ts';
import { newId } from '../core/ids.ts';
import { definePlugin } from '../core/plugin.ts';
import { PERMISSIONS } from '../core/shared/permissions.ts';
import { plugins } from '../plugins/index.ts';

declare module '../core/events.ts' {
  interface DomainEvents {
    /** Only in the fan-out benchmark: one event every bench socket may receive. */
    benchFanout: { seq: number };
  }
}

/**
 * The web server as server.ts builds it (every plugin, the embedded database, no site) plus a benchmark plugin: a
 * gateway filter sending `benchFanout` as an order event to MANAGE_ORDERS sockets, and routes (this script only,
 * never the app) to make users with sessions, publish the event, and read the process's memory.
 */
const bench = definePlugin({
  name: 'bench',
  gateway: {
    benchFanout: ({ seq }) => ({
      t: 'orderSent',
      // Not a whole order: the bench measures fan-out, and its clients read only the ID and the sequence.
      data: { order: { orderID: `BENCH${seq}` }, seq } as unknown as GatewayEvents['orderSent'],
      to: { permissions: PERMISSIONS.MANAGE_ORDERS },
    }),
  },
  routes(app, _service, ctx) {
    app.post('/bench/users', { onRequest: publicAccess }, async (request) => {
      const { count } = request.body as { count: number };
      const em = ctx.orm.em.fork();
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) {
        const id = newId();
        const user = em.create(UserSchema, {
          id,
          username: `bench${i}`,
          permissions: PERMISSIONS.MANAGE_ORDERS,
          ban: { active: false },
        });
        const token = SessionService.generateToken();
        em.create(SessionSchema, { id: hashToken(token), user, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
        tokens.push(token);
      }
      await em.flush();
      return { tokens };
    });
    app.post('/bench/publish', { onRequest: publicAccess }, async (request) => {
      // publish chooses the audience and queues the frame; the hub writes the sockets after this reply, a chunk
      // at a time: the fan-out's whole time is from here to the last write (read later from /bench/fanouts).
      const started = performance.now();
      ctx.events.publish('benchFanout', { seq: (request.body as { seq: number }).seq });
      const publishMs = performance.now() - started;
      void server.gateway.drained().then(() => fanouts.push(performance.now() - started));
      return { publishMs };
    });
    app.get('/bench/fanouts', { onRequest: publicAccess }, async () => ({ fanoutMs: fanouts.splice(0) }));
    app.get('/bench/stats', { onRequest: publicAccess }, async () => {
      (globalThis as { gc?: () => void }).gc?.();
      const memory = process.memoryUsage();
      return {
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        external: memory.external,
        arrayBuffers: memory.arrayBuffers,
        gc: typeof (globalThis as { gc?: unknown }).gc === 'function',
      };
    });
  },
});

/** Each publish's fan-out time (ms, publish to the last socket written), until /bench/fanouts reads them. */
const fanouts: number[] = [];

const config = loadConfig(process.env, plugins);
const all = [...plugins, bench];
const { orm } = await openAndMigrate(config, all);
const server = await buildServer({ config, orm, plugins: all, site: null });
console.log(`ready at ${await server.app.listen({ host: config.host, port: config.port })}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void server
        .close()
        .then(() => orm.close())
        .then(() => process.exit(0)),
  );
}
