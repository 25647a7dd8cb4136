import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltSite } from '../../core/http/site.ts';
import { plugins } from '../../plugins/index.ts';
import { checkPage, type GuardLocals, type PageUser, staffPagesWithoutGuard } from '../../site/lib/route-guards.ts';
import { sidebarFor, sidebarLabels } from '../../site/lib/staff-sidebar.ts';
import { declaredPages } from '../e2e/pages.ts';
import specials from '../fixtures/example-plugin/index.ts';
import {
  APPLICATION_ID,
  commandInteraction,
  createInteractionSigner,
  type InteractionSigner,
} from '../stand-ins/discord/interactions.ts';
import { GatewayTestClient } from '../support/gateway-client.ts';
import { pageExampleProblems, pageFiles } from '../support/page-examples.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 41's proof that core names no feature: the example plugin (tests/fixtures/example-plugin, not in plugins/)
 * joins every real plugin and gets its table, a guarded route in the API document, an audit action in the audit
 * log's filter, a configuration variable, a live gateway event, a slash command, and a staff page's guard, sidebar
 * entry and page example, with no line of core/, site/lib or the page lists (tests/e2e/pages.ts) naming it.
 */

/** What a page gets from the server (Astro.locals), as far as the guards and the sidebar read it. */
type PageLocals = GuardLocals & { user: PageUser | null };

/** A stand-in for the Astro build: its handler answers every page and keeps the `locals` it was handed. */
function siteStandIn(): BuiltSite & { lastLocals: () => PageLocals } {
  let last: PageLocals | null = null;
  return {
    clientDir: tmpdir(),
    files: [],
    pageHashes: new Map(),
    async handler(_request, response, _next, locals) {
      last = locals as PageLocals;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('a page');
    },
    lastLocals: () => last!,
  };
}
describe('the example plugin, beside every real plugin', () => {
  const all = [...plugins, specials];
  let app: TestApp;
  let url: string;
  let signer: InteractionSigner;
  let owner: TestUser;
  let manager: TestUser;
  let customer: TestUser;
  const site = siteStandIn();

  beforeAll(async () => {
    signer = createInteractionSigner();
    app = await createTestApp({
      plugins: all,
      site,
      env: {
        ORDER_SWEEP_INTERVAL_MS: '0',
        SPECIALS_PER_DAY: '2',
        DISCORD_PUBLIC_KEY: signer.publicKey,
        DISCORD_APPLICATION_ID: APPLICATION_ID,
      },
    });
    url = await app.server.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    manager = await app.createUser({ username: 'sid_settings', rankPermissions: ['MANAGE_SETTINGS'] });
    customer = await app.createUser();
  });
  afterAll(async () => {
    await app?.close();
  });

  const add = (user: TestUser | null, name: string) =>
    app.inject({
      method: 'POST',
      url: '/api/client/specials',
      headers: user?.auth ?? {},
      payload: { name },
    });

  it('has its table after the migrations', async () => {
    const rows = await app.db.orm.em
      .fork()
      .execute(`select table_name from information_schema.tables where table_name = 'example_daily_specials'`);
    expect(rows).toHaveLength(1);
  });

  it('guards its route: anonymous 401, a customer 403, MANAGE_SETTINGS adds one; the route is in the API document', async () => {
    expect((await add(null, 'Pancakes')).statusCode).toBe(401);
    expect((await add(customer, 'Pancakes')).statusCode).toBe(403);
    const added = await add(manager, 'Pancakes');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ special: { name: 'Pancakes' } });
    const listed = await app.inject({ method: 'GET', url: '/api/specials' });
    expect(listed.json()).toMatchObject({ specials: [{ name: 'Pancakes' }] });
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/api/client/specials'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/api/specials'] ?? {})).toContain('get');
  });

  it('records its audit action, which the audit log lists and filters by', async () => {
    const { kinds } = app.server.ctx.audit.catalogue;
    expect(kinds).toContain('special');
    expect(kinds).toContain('special.create');
    const res = await app.inject({
      method: 'GET',
      url: '/api/client/admin/audit-log?action=special.create',
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      entries: [{ action: 'special.create', actor: { id: manager.id }, target: { type: 'special', name: 'Pancakes' } }],
    });
  });

  it('sends its gateway event, published after the route’s commit, to the sockets of its audience', async () => {
    const client = await GatewayTestClient.identified(url, manager.token);
    const other = await GatewayTestClient.identified(url, customer.token);
    try {
      expect((await add(manager, 'Waffles')).statusCode).toBe(201);
      expect(await client.event('specialAdded')).toMatchObject({ data: { special: { name: 'Waffles' } } });
      expect(other.events('specialAdded')).toEqual([]);
    } finally {
      client.close();
      other.close();
    }
  });

  it('reads its variable from the environment (SPECIALS_PER_DAY=2), and a bad value stops the start', async () => {
    expect(app.config.plugins.specials).toEqual({ perDay: 2 });
    const third = await add(manager, 'Crêpes');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ message: 'The kitchen serves at most 2 specials a day.' });
    await expect(createTestApp({ plugins: all, env: { SPECIALS_PER_DAY: 'many', PORT: 'eighty' } })).rejects.toThrow(
      /^Invalid configuration: PORT: .+; SPECIALS_PER_DAY: .+$/,
    );
  });

  it('serves its slash command through POST /api/interactions', async () => {
    const interaction = commandInteraction('specials', { user: { id: '500000000000000201', username: 'diner' } });
    const payload = JSON.stringify(interaction);
    const res = await app.inject({
      method: 'POST',
      url: '/api/interactions',
      payload,
      headers: signer.headers(payload),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { content: "Today's specials: Pancakes, Waffles" } });
  });

  it("guards its staff page, adds its sidebar entry (site/lib's functions) and its page example (tests/e2e/pages.ts), from the plugins the server runs", async () => {
    /** The locals the site's middleware and layout get for a request to its page, as `user` (null: signed out). */
    const localsAs = async (user: TestUser | null) => {
      const res = await app.inject({ method: 'GET', url: '/staff/specials', headers: user?.auth ?? {} });
      expect(res.statusCode).toBe(200);
      return site.lastLocals();
    };
    const guard = async (user: TestUser | null) => {
      const locals = await localsAs(user);
      return checkPage('/staff/specials', '', locals.user, locals);
    };
    expect(await guard(null)).toEqual({ kind: 'login', location: '/login?redirect=%2Fstaff%2Fspecials' });
    expect(await guard(customer)).toEqual({ kind: 'forbidden', location: '/?error=insufficient_permissions' });
    expect(await guard(manager)).toEqual({ kind: 'pass' });
    // A page file of its own would be guarded by its declaration, not by the staff area's.
    expect(staffPagesWithoutGuard(['staff/specials.astro'], all)).toEqual([]);
    expect(staffPagesWithoutGuard(['staff/specials.astro'], plugins)).toEqual(['staff/specials.astro']);
    // Its page example joins the pages the route matrix and the every-page checks walk (tests/e2e/pages.ts), held to
    // the page files like every plugin's: with its file, nothing is missing; without, its example is named.
    const files = [...pageFiles(), 'staff/specials.astro'];
    expect(pageExampleProblems(files, declaredPages(all))).toEqual([]);
    expect(pageExampleProblems(pageFiles(), declaredPages(all))).toEqual([
      `/staff/specials: plugin "specials"'s example, which no page file under site/pages serves`,
    ]);

    const sidebarAs = async (user: TestUser) => {
      const locals = await localsAs(user);
      return sidebarLabels(await sidebarFor({ ...locals.user!, canResign: true }, { ...locals, locale: 'en' }));
    };
    // In Site Management, at its place: after Announce, before the Audit Log.
    expect(await sidebarAs(manager)).toEqual(['Site Settings', 'Daily Specials', 'Audit Log', 'Resign']);
    const siteManagement = ['Site Settings', 'Announce', 'Daily Specials', 'Audit Log'];
    expect((await sidebarAs(owner)).filter((label) => siteManagement.includes(label))).toEqual(siteManagement);
    expect(await sidebarAs(customer)).toEqual(['Resign']);
  });
});
