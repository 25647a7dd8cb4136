import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaOf } from '../../core/boot.ts';
import { loadConfig } from '../../core/config.ts';
import { openDatabase } from '../../core/db/orm.ts';
import { buildServer } from '../../core/http/server.ts';
import { type MetricsServer, serveMetrics } from '../../core/metrics/http.ts';
import { appServices, plugins } from '../../plugins/index.ts';
import { GatewayTestClient } from '../support/gateway-client.ts';
import { sampleValue } from '../support/metrics-text.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('metrics not configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('has no /metrics at all: answered as any unknown path, token or not', async () => {
    expect(app.server.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    // With the token too: a path no route serves is a 404 whatever the request carries (no route, no session read).
    const withToken = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const unknown = await app.inject({
      method: 'GET',
      url: '/metrics-or-not',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect([withToken.statusCode, withToken.json().message]).toEqual([404, 'Route GET /metrics not found']);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Route GET /metrics-or-not not found']);
    expect(withToken.body).not.toContain('vd_');
  });
});

describe('metrics behind METRICS_TOKEN', () => {
  let app: TestApp;
  let url: string;
  let chef: TestUser;
  let otherChef: TestUser;
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN, ORDER_SWEEP_INTERVAL_MS: '20' } });
    url = await app.server.app.listen({ host: '127.0.0.1', port: 0 });
    chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    otherChef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
  });
  afterAll(() => app?.close());

  it("answers 401 without the token, with a wrong one and with a user's session token; 200 with it", async () => {
    const get = (authorization?: string) =>
      app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(none.body).not.toContain('vd_');
    expect((await get(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await get(`Bearer ${TOKEN.slice(0, -1)}`)).statusCode).toBe(401);
    expect((await get(TOKEN)).statusCode).toBe(401);
    expect((await get(chef.auth.authorization)).statusCode).toBe(401);
    const ok = await get(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('is in the API document, its security the metrics token', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/metrics'].get.security).toEqual([{ metricsToken: [] }]);
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('shows real values after real requests, claims and sockets', async () => {
    const orders = appServices(app.server.ctx).orders.orders;
    const customers = [await app.createUser(), await app.createUser(), await app.createUser()];
    const placed = [];
    for (const customer of customers) placed.push(await orders.createOrder({ customerId: customer.id, item: 'Fries' }));
    const claim = (order: { id: string }, user: TestUser) =>
      app.inject({ method: 'POST', url: `/api/client/orders/${order.id}/claim`, headers: user.auth });
    expect((await claim(placed[0]!, chef)).statusCode).toBe(200);
    expect((await claim(placed[0]!, otherChef)).statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: `/api/client/orders/nothing-here/at-all` })).statusCode).toBe(404);

    const identified = await GatewayTestClient.identified(url, chef.token);
    const waiting = await GatewayTestClient.open(url);
    try {
      // The sweeper runs every 20 ms here: wait until this process has swept at least once.
      let text = await scrape();
      for (let i = 0; i < 200 && !(sampleValue(text, 'vd_order_sweep_duration_seconds_count')! >= 1); i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        text = await scrape();
      }
      const claimRoute = { method: 'POST', route: '/api/client/orders/:id/claim' };
      expect(sampleValue(text, 'vd_http_request_duration_seconds_count', { ...claimRoute, status_code: '200' })).toBe(
        1,
      );
      expect(sampleValue(text, 'vd_http_request_duration_seconds_count', { ...claimRoute, status_code: '409' })).toBe(
        1,
      );
      expect(
        sampleValue(text, 'vd_http_request_duration_seconds_sum', { ...claimRoute, status_code: '200' }),
      ).toBeGreaterThan(0);
      expect(
        sampleValue(text, 'vd_http_request_duration_seconds_bucket', { ...claimRoute, status_code: '200', le: '+Inf' }),
      ).toBe(1);
      // Route patterns, never raw URLs.
      expect(
        sampleValue(text, 'vd_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/*',
          status_code: '404',
        }),
      ).toBe(1);
      expect(text).not.toContain(placed[0]!.id);

      expect(sampleValue(text, 'vd_orders', { state: 'CLAIMED' })).toBe(1);
      expect(sampleValue(text, 'vd_orders', { state: 'ORDERED' })).toBe(2);
      expect(sampleValue(text, 'vd_orders', { state: 'READY' })).toBe(0);

      expect(sampleValue(text, 'vd_gateway_sockets')).toBe(2);
      expect(sampleValue(text, 'vd_gateway_identified_sockets')).toBe(1);
      expect(sampleValue(text, 'vd_gateway_users')).toBe(1);

      expect(sampleValue(text, 'vd_order_sweep_duration_seconds_count')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, 'vd_order_sweep_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, 'vd_order_sweep_failures_total')).toBe(0);

      expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sampleValue(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');

      // The database pool's gauges: core/db/pool-metrics.int.test.ts.
    } finally {
      identified.close();
      waiting.close();
    }
  });
});

describe('metrics on METRICS_PORT', () => {
  let app: TestApp;
  let open: MetricsServer;
  let guarded: MetricsServer;

  beforeAll(async () => {
    app = await createTestApp({ env: { METRICS_PORT: '0' } });
    const options = { host: '127.0.0.1', port: 0, log: app.server.app.log };
    open = await serveMetrics(app.server.metrics, { ...options, token: null });
    guarded = await serveMetrics(app.server.metrics, { ...options, token: TOKEN });
  });
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
    await app?.close();
  });

  it('serves GET /metrics on its own port, and nothing else there; the main port has no /metrics', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/client/settings' })).statusCode).toBe(200);
    const res = await fetch(open.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(
      sampleValue(text, 'vd_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/client/settings',
        status_code: '200',
      }),
    ).toBe(1);
    expect(sampleValue(text, 'vd_gateway_sockets')).toBe(0);

    const elsewhere = await fetch(open.url.replace(/\/metrics$/, '/api/health'));
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await fetch(open.url, { method: 'POST' })).status).toBe(404);
    expect(app.server.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('asks for METRICS_TOKEN on the port too when both are set', async () => {
    expect((await fetch(guarded.url)).status).toBe(401);
    expect((await fetch(guarded.url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(guarded.url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});

/**
 * Both set (docs/operations.md "Metrics"): METRICS_PORT says where the metrics are, METRICS_TOKEN guards them there.
 * The site's port, which the proxy publishes, never serves them: an operator who gave metrics a port of their own
 * expects them off the public one, token or not.
 */
describe('metrics with METRICS_PORT and METRICS_TOKEN both set', () => {
  let app: TestApp;
  let port: MetricsServer;

  beforeAll(async () => {
    app = await createTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    // What startApp does with this configuration (core/boot.ts).
    const { metrics } = app.config;
    port = await serveMetrics(app.server.metrics, {
      host: '127.0.0.1',
      port: metrics.port!,
      token: metrics.token,
      log: app.server.app.log,
    });
  });
  afterAll(async () => {
    await port?.close();
    await app?.close();
  });

  it("serves them on the metrics port only, for the token; the site's port answers 404 even with the token", async () => {
    expect((await fetch(port.url)).status).toBe(401);
    const scraped = await fetch(port.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('vd_http_request_duration_seconds');

    const onSite = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect([onSite.statusCode, onSite.json().message]).toEqual([404, 'Route GET /metrics not found']);
    expect(onSite.body).not.toContain('vd_');
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/metrics']).toBeUndefined();
  });
});

describe('metrics while the database is unreachable', () => {
  it('still answers the scrape, with everything but what the database would tell', async () => {
    // Nothing listens on port 1: a real connection failure.
    const orm = await openDatabase({
      url: 'postgres://diner@127.0.0.1:1/diner',
      embeddedPath: 'memory://',
      ...schemaOf(plugins),
    });
    const server = await buildServer({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', METRICS_TOKEN: TOKEN }, plugins),
      orm,
      plugins,
    });
    try {
      expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      const res = await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(
        sampleValue(res.body, 'vd_http_request_duration_seconds_count', { route: '/api/health', status_code: '503' }),
      ).toBe(1);
      expect(sampleValue(res.body, 'vd_orders', { state: 'ORDERED' })).toBeUndefined();
      expect(sampleValue(res.body, 'vd_gateway_sockets')).toBe(0);
    } finally {
      await server.close();
      await orm.close(true);
    }
  });
});
