import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import { createRank, rankIdsOf } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { GrantSchema } from './entities.ts';
import type { StorePlugin } from './index.ts';

const HOUR = 60 * 60 * 1000;

describe('grants', () => {
  let app: TestApp;
  let grants: StorePlugin['grants'];
  let clock = Date.parse('2026-11-25T12:00:00Z');
  const identityChanged: string[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
    grants = appServices(app.server.ctx).store.grants;
    app.server.ctx.events.on('identityChanged', ({ userId }) => void (userId && identityChanged.push(userId)));
  });
  afterAll(() => app?.close());

  const grantIn = (input: Parameters<typeof grants.grantIn>[1]) =>
    app.db.orm.em.fork().transactional((em) => grants.grantIn(em, input));
  const endIn = (input: Parameters<typeof grants.endIn>[1]) =>
    app.db.orm.em.fork().transactional((em) => grants.endIn(em, input));
  /** The user's own perks: given by hand, then held by grants. */
  const perksOf = async (id: string) => {
    const user = await app.db.orm.em.fork().findOneOrFail(UserSchema, { id });
    return [...new Set([...user.manualPerks, ...user.grantedPerks])];
  };
  const ranksOf = (id: string) => rankIdsOf(app, id);

  it('a perk granted and ended comes and goes; granting again moves the end only', async () => {
    const user = await app.createUser();
    const grant = {
      userId: user.id,
      kind: 'perk' as const,
      value: 'FEEDBACK_BETA',
      source: 'purchase' as const,
      sourceRef: 'p1',
      endsAt: null,
    };
    expect(await grantIn(grant)).toBe(true);
    expect(await perksOf(user.id)).toEqual(['FEEDBACK_BETA']);
    const later = new Date(clock + 24 * HOUR);
    expect(await grantIn({ ...grant, endsAt: later })).toBe(false);
    expect(await grants.activeFor(user.id)).toMatchObject([{ value: 'FEEDBACK_BETA', endsAt: later.toISOString() }]);
    expect(await endIn({ userId: user.id, source: 'purchase', sourceRef: 'p1' })).toBe(true);
    expect(await perksOf(user.id)).toEqual([]);
    expect(await grants.activeFor(user.id)).toEqual([]);
  });

  it('a timed perk bought again runs on from the latest of many ends; the same grant again moves only its end', async () => {
    const user = await app.createUser();
    // 300 purchases of a day each, run on one after the other, as the store writes them.
    await app.db.orm.em.fork().execute(
      `insert into "grants" ("id", "user_id", "kind", "value", "source", "source_ref", "added", "started_at", "ends_at", "ended_at")
       select 'held-' || n, ?, 'perk', 'FEEDBACK_BETA', 'purchase', 'bought-' || n, n = 1, ?::timestamptz, ?::timestamptz + make_interval(days => n), null
       from generate_series(1, 300) n`,
      [user.id, new Date(clock), new Date(clock)],
    );
    const latest = new Date(clock + 300 * 24 * HOUR);
    // How many rows this reads is a performance property, measured by `npm run bench` (purchases), not asserted here.
    await app.db.orm.em.fork().transactional(async (em) => {
      await grants.grantIn(em, {
        userId: user.id,
        kind: 'perk',
        value: 'FEEDBACK_BETA',
        source: 'purchase',
        sourceRef: 'bought-301',
        endsAt: { daysAfterLatest: 1 },
      });
      await grants.grantIn(em, {
        userId: user.id,
        kind: 'perk',
        value: 'FEEDBACK_BETA',
        source: 'purchase',
        sourceRef: 'bought-300',
        endsAt: latest,
      });
    });
    const active = await app.db.orm.em
      .fork()
      .find(
        GrantSchema,
        { user: user.id, sourceRef: { $in: ['bought-300', 'bought-301'] } },
        { orderBy: { sourceRef: 'asc' } },
      );
    expect(active.map((g) => [g.sourceRef, g.endsAt?.toISOString()])).toEqual([
      ['bought-300', latest.toISOString()],
      ['bought-301', new Date(clock + 301 * 24 * HOUR).toISOString()],
    ]);
  });

  it('a perk the user was given by hand stays when a grant of it ends (the grant holds its own)', async () => {
    const user = await app.createUser({ perks: ['FEEDBACK_BETA'] });
    expect(
      await grantIn({
        userId: user.id,
        kind: 'perk',
        value: 'FEEDBACK_BETA',
        source: 'subscription',
        sourceRef: 'sub_1',
        endsAt: null,
      }),
    ).toBe(true);
    expect(await endIn({ userId: user.id, source: 'subscription', sourceRef: 'sub_1' })).toBe(true);
    expect(await perksOf(user.id)).toEqual(['FEEDBACK_BETA']);
  });

  it('two grants of one perk: it stays until the last one ends', async () => {
    const user = await app.createUser();
    await grantIn({
      userId: user.id,
      kind: 'perk',
      value: 'DELIVERY_MESSAGE_BETA',
      source: 'purchase',
      sourceRef: 'a',
      endsAt: null,
    });
    await grantIn({
      userId: user.id,
      kind: 'perk',
      value: 'DELIVERY_MESSAGE_BETA',
      source: 'subscription',
      sourceRef: 'b',
      endsAt: null,
    });
    expect(await endIn({ userId: user.id, source: 'purchase', sourceRef: 'a' })).toBe(false);
    expect(await perksOf(user.id)).toEqual(['DELIVERY_MESSAGE_BETA']);
    expect(await endIn({ userId: user.id, source: 'subscription', sourceRef: 'b' })).toBe(true);
    expect(await perksOf(user.id)).toEqual([]);
  });

  it('a rank for a time: written to the rank history both ways, ended by the sweep, announced', async () => {
    const user = await app.createUser();
    const rank = { id: await createRank(app, { name: 'Supporter', position: 9001, permissions: 0 }) };
    await grantIn({
      userId: user.id,
      kind: 'rank',
      value: rank.id,
      source: 'purchase',
      sourceRef: 'p9',
      endsAt: new Date(clock + HOUR),
    });
    expect(await ranksOf(user.id)).toEqual([rank.id]);
    expect(await grants.sweep()).toBe(0);
    clock += HOUR;
    identityChanged.length = 0;
    expect(await grants.sweep()).toBe(1);
    expect(identityChanged).toEqual([user.id]);
    expect(await ranksOf(user.id)).toEqual([]);
    const history = (await appServices(app.server.ctx).users.admin.rankHistory(user.id)).reverse();
    expect(history.map((h) => [h.action, [...h.ranksBefore], [...h.ranksAfter]])).toEqual([
      ['grant', [], [rank.id]],
      ['grant_end', [rank.id], []],
    ]);
    expect(await grants.sweep()).toBe(0);
  });

  it('several grants in one transaction all stay (each reads the user again without losing the last one)', async () => {
    const user = await app.createUser();
    await app.db.orm.em.fork().transactional(async (em) => {
      await grants.grantIn(em, {
        userId: user.id,
        kind: 'perk',
        value: 'FEEDBACK_BETA',
        source: 'subscription',
        sourceRef: 's1',
        endsAt: null,
      });
      await grants.grantIn(em, {
        userId: user.id,
        kind: 'perk',
        value: 'DELIVERY_MESSAGE_BETA',
        source: 'subscription',
        sourceRef: 's1',
        endsAt: null,
      });
    });
    expect((await perksOf(user.id)).sort()).toEqual(['DELIVERY_MESSAGE_BETA', 'FEEDBACK_BETA']);
  });

  it('an unknown rank or user is refused', async () => {
    const user = await app.createUser();
    await expect(
      grantIn({ userId: user.id, kind: 'rank', value: 'nope', source: 'purchase', sourceRef: 'x', endsAt: null }),
    ).rejects.toMatchObject({ kind: 'bad_request' });
    await expect(
      grantIn({
        userId: '1234567890123456789',
        kind: 'perk',
        value: 'FEEDBACK_BETA',
        source: 'purchase',
        sourceRef: 'x',
        endsAt: null,
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });
});
