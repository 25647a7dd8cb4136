import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { RECORD_KEY, type StringField, stringFields, valueAt } from '../../tests/support/zod-walk.ts';
import type { RouteEntry } from './routes.ts';

/**
 * Tests generated from the route table (issue 10): every registered route, whoever registered it, is covered the
 * moment it exists. Text PostgreSQL cannot store (NUL, an unpaired surrogate) in any string field of any route is a
 * 400 naming the field, and nothing is written.
 */
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const ANY_ID = '123456789012345678';
/** Three zero-width spaces (show as nothing) and a right-to-left override (reverses what follows on the page). */
const INVISIBLE_NAME = '\u200b\u200b\u200b';
const REVERSING_NAME = 'Ab\u202ecd';
/** Body fields that are a name someone sets for others to read: each must use core's displayName rule. */
const NAME_FIELDS = new Set(['name', 'title', 'displayName', 'label', 'icon']);
/** A field named like an ID: `id`, `userID`, `rankId`… Each must use core's snowflake schema (core/shared/ids.ts). */
const ID_FIELD = /^(?:id|[a-z][A-Za-z]*(?:Id|ID))$/;
/** ID fields that hold something else than a snowflake, each with its reason. */
const NOT_SNOWFLAKES: Record<string, string> = {
  'params.id of /api/client/orders/:id*': 'an order is named by its snowflake or its orderID (OrderRefSchema)',
  'body.id of /api/client/recruitment/forms*': 'a question’s id, which keys its answer (QUESTION_ID_RE)',
  'params.id of /api/client/statistics/management/:id': 'a statistics record: <user ID>-<period>-<first day>',
  'body.orderID of /api/client/report/*': 'the orderID a customer reads, or the order’s snowflake',
  'body.subscriptionID of /api/client/stripe/*': 'a plan’s key in the configuration',
  'body.paymentId of /api/npay/callback': 'the ad network’s payment reference',
  'query.session_id of /api/client/stripe/*': 'a Stripe Checkout session',
  'body.* of /api/interactions': 'Discord’s own payload, taken as Discord sends it',
};
const notSnowflake = (route: RouteEntry, part: string, path: (string | number)[]) =>
  Object.keys(NOT_SNOWFLAKES).some((key) => {
    const [where, url] = key.split(' of ') as [string, string];
    const [wantedPart, field] = where.split('.') as [string, string];
    const urlMatches = url.endsWith('*') ? route.url.startsWith(url.slice(0, -1)) : route.url === url;
    return urlMatches && wantedPart === part && (field === '*' || field === String(path.at(-1)));
  });
/** Names another service sets, which we take as given: Discord's command and user names in an interaction. */
const FOREIGN_NAMES = new Set(['POST /api/interactions']);

/** Every table's rows, hashed: equal before and after means nothing was written. */
async function fingerprint(app: TestApp): Promise<string> {
  const em = app.db.orm.em.fork();
  const tables = await em.execute<{ name: string }[]>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = await em.execute<{ hash: string | null }[]>(
      `select md5(string_agg(t::text, '|' order by t::text)) as hash from "${name}" t`,
    );
    parts.push(`${name}:${row?.hash ?? ''}`);
  }
  return parts.join(',');
}

function pathFor(route: RouteEntry, params: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ANY_ID));
}

const methodsOf = (route: RouteEntry) => route.methods.filter((m) => m !== 'HEAD');

describe('the route table', () => {
  let app: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    // The interactions endpoint exists only with a public key; its body is checked by its own schema (plugins/discord).
    // No sweeps and so no background jobs: their passes write (the kitchen's days, the closed weeks, expired perks),
    // and the tests below check that a refused request writes nothing.
    app = await createTestApp({
      env: { DISCORD_PUBLIC_KEY: 'a'.repeat(64), ORDER_SWEEP_INTERVAL_MS: '0', STORE_SWEEP_INTERVAL_MS: '0' },
    });
    admin = await app.createUser({ permissions: ['SUPER_ADMIN'] });
  });
  afterAll(() => app?.close());

  it('has routes with every kind of schema to check', () => {
    const withBody = app.server.routes.filter((r) => r.schema.body);
    const withQuery = app.server.routes.filter((r) => r.schema.querystring);
    expect(withBody.length).toBeGreaterThan(20);
    expect(withQuery.length).toBeGreaterThan(0);
  });

  it('uses core’s text schema for every string field of every route (params, query, body)', () => {
    const plain = app.server.routes.flatMap((route) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) =>
        stringFields(route.schema[part])
          .filter((field) => !field.usesText && field.format === null)
          .map((field) => `${route.methods.join(',')} ${route.url} ${part}.${field.path.join('.')}`),
      ),
    );
    expect(plain).toEqual([]);
  });

  /** Sends `bad` alone at the field's place in the body: null when the answer is a 400 naming that field, else what came back. */
  async function sendInBody(
    route: RouteEntry,
    method: string,
    field: StringField,
    bad: string,
  ): Promise<string | null> {
    const res = await app.inject({
      method: method as 'POST',
      url: pathFor(route),
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(valueAt(field.path, bad)),
    });
    const issues =
      (res.statusCode === 400 ? (res.json().issues as { path: (string | number)[] }[] | undefined) : undefined) ?? [];
    if (issues.some((issue) => JSON.stringify(issue.path) === JSON.stringify(field.path))) return null;
    return `${method} ${route.url} body.${field.path.join('.')} ${JSON.stringify(bad)}: ${res.statusCode} ${res.body.slice(0, 200)}`;
  }

  /** Every body field named like a display name, on a route whose names are ours to refuse. */
  const nameFields = () =>
    app.server.routes
      .filter((route) => route.schema.body && !FOREIGN_NAMES.has(`${methodsOf(route).join(',')} ${route.url}`))
      .flatMap((route) =>
        stringFields(route.schema.body)
          .filter((field) => NAME_FIELDS.has(String(field.path.at(-1))))
          .map((field) => ({ route, field })),
      );

  it('uses core’s displayName rule for every name a manager or user sets', () => {
    const found = nameFields();
    const plain = found
      .filter(({ field }) => !field.usesDisplayName)
      .map(({ route, field }) => `${route.methods.join(',')} ${route.url} body.${field.path.join('.')}`);
    expect(plain).toEqual([]);
    expect(found.length).toBeGreaterThan(10);
  });

  it('answers an invisible or reversing name with a 400 naming the field, and writes nothing', async () => {
    const before = await fingerprint(app);
    const misses: string[] = [];
    for (const { route, field } of nameFields()) {
      for (const bad of [INVISIBLE_NAME, REVERSING_NAME]) {
        for (const method of methodsOf(route)) {
          const miss = await sendInBody(route, method, field, bad);
          if (miss) misses.push(miss);
        }
      }
    }
    expect(misses).toEqual([]);
    expect(await fingerprint(app)).toBe(before);
  });

  const PARTS = { params: 'params', querystring: 'query', body: 'body' } as const;

  it('uses core’s snowflake schema for every ID field (params, query, body)', () => {
    const plain = app.server.routes.flatMap((route) =>
      (Object.keys(PARTS) as (keyof typeof PARTS)[]).flatMap((part) =>
        stringFields(route.schema[part])
          .filter(
            (field) =>
              ID_FIELD.test(String(field.path.at(-1))) &&
              !field.usesSnowflake &&
              !notSnowflake(route, PARTS[part], field.path),
          )
          .map((field) => `${route.methods.join(',')} ${route.url} ${PARTS[part]}.${field.path.join('.')}`),
      ),
    );
    expect(plain).toEqual([]);
  });

  it('answers NUL in any ID with that ID’s own message (`User ID is not a snowflake`), never the general text one', async () => {
    const misses: string[] = [];
    let sent = 0;
    for (const route of app.server.routes) {
      for (const part of ['params', 'querystring'] as const) {
        for (const field of stringFields(route.schema[part]).filter((f) => f.usesSnowflake && f.path.length === 1)) {
          const name = String(field.path[0]);
          for (const method of methodsOf(route)) {
            sent += 1;
            const url =
              part === 'params'
                ? pathFor(route, { [name]: NUL })
                : `${pathFor(route)}?${name}=${encodeURIComponent(NUL)}`;
            const res = await app.inject({ method: method as 'GET', url, headers: admin.auth });
            const issues =
              (res.statusCode === 400
                ? (res.json().issues as { path: (string | number)[]; message: string }[] | undefined)
                : undefined) ?? [];
            const issue = issues.find((i) => i.path[0] === name);
            if (!issue || !/^[A-Z][a-z ]* ID is not a snowflake$/.test(issue.message))
              misses.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(misses).toEqual([]);
    expect(sent).toBeGreaterThan(20);
  });

  it('answers NUL or an unpaired surrogate in any body string with a 400 naming the field, and writes nothing', async () => {
    const before = await fingerprint(app);
    const misses: string[] = [];
    let sent = 0;
    for (const route of app.server.routes.filter((r) => r.schema.body)) {
      for (const field of stringFields(route.schema.body).filter((f) => !f.path.includes(RECORD_KEY))) {
        for (const bad of [NUL, LONE_SURROGATE]) {
          for (const method of methodsOf(route)) {
            sent += 1;
            const miss = await sendInBody(route, method, field, bad);
            if (miss) misses.push(miss);
          }
        }
      }
    }
    expect(misses).toEqual([]);
    expect(sent).toBeGreaterThan(40);
    expect(await fingerprint(app)).toBe(before);
  });

  it('answers NUL in any query or path parameter with a 400 naming it, and writes nothing', async () => {
    const before = await fingerprint(app);
    const misses: string[] = [];
    for (const route of app.server.routes) {
      for (const part of ['querystring', 'params'] as const) {
        for (const field of stringFields(route.schema[part]).filter((f) => f.path.length === 1)) {
          const name = String(field.path[0]);
          for (const method of methodsOf(route)) {
            const url =
              part === 'params'
                ? pathFor(route, { [name]: NUL })
                : `${pathFor(route)}?${name}=${encodeURIComponent(NUL)}`;
            const res = await app.inject({ method: method as 'GET', url, headers: admin.auth });
            const issues =
              (res.statusCode === 400
                ? (res.json().issues as { path: (string | number)[] }[] | undefined)
                : undefined) ?? [];
            if (!issues.some((issue) => issue.path[0] === name))
              misses.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(misses).toEqual([]);
    expect(await fingerprint(app)).toBe(before);
  });
});
