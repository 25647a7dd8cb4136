import { afterEach, describe, expect, it } from 'vitest';
import { requirePermissions } from '../../core/auth/guards.ts';
import { heldRanksOf } from '../../core/auth/held-ranks.ts';
import { newId } from '../../core/ids.ts';
import { type AnyPlugin, definePlugin } from '../../core/plugin.ts';
import { toBits } from '../../core/shared/permissions.ts';
import ranks from '../../plugins/ranks/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A route only MANAGE_ORDERS may call: what a rank's permission is for. */
const kitchen = definePlugin({
  name: 'kitchen',
  routes(server) {
    server.get('/api/test/kitchen', { onRequest: requirePermissions({ all: ['MANAGE_ORDERS'] }) }, async () => ({
      open: true,
    }));
  },
});

/**
 * The permission port (core/auth/held-ranks.ts): core merges a user's ranks into their permissions only through what
 * the ranks plugin contributes. The same rows in the same tables give a rank holder MANAGE_ORDERS in an app with the
 * ranks plugin, and nothing in an app without it, where everyone's permissions are their own.
 */
describe('the permission port', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A user holding a rank that gives MANAGE_ORDERS, written straight to the tables (they exist in either app). */
  async function rankHolder(test: TestApp): Promise<{ id: string; auth: Record<string, string> }> {
    const user = await test.createUser({ permissions: ['VIEW_FOOD_LOOKUP'] });
    const rank = newId();
    const em = test.db.orm.em.fork();
    await em.execute(
      `insert into ranks (id, name, position, permissions, created_at) values (?, 'Cook', 10, ?, now())`,
      [rank, toBits(['MANAGE_ORDERS'])],
    );
    await em.execute('insert into user_ranks (user_id, rank_id) values (?, ?)', [user.id, rank]);
    return user;
  }

  async function kitchenAnswers(plugins: readonly AnyPlugin[]) {
    app = await createTestApp({ plugins });
    const holder = await rankHolder(app);
    const direct = await app.createUser({ permissions: ['MANAGE_ORDERS'] });
    const session = await app.server.ctx.sessions.validate(holder.auth.authorization!.slice('Bearer '.length));
    const call = (auth: Record<string, string>) =>
      app!.inject({ method: 'GET', url: '/api/test/kitchen', headers: auth }).then((res) => res.statusCode);
    return { user: session!.user, holder: await call(holder.auth), direct: await call(direct.auth) };
  }

  it('gives a rank holder the rank’s permissions when the ranks plugin fills it', async () => {
    const { user, holder, direct } = await kitchenAnswers([ranks, kitchen]);
    expect(user.permissions).toBe(toBits(['VIEW_FOOD_LOOKUP', 'MANAGE_ORDERS']));
    expect(user.ranks.map((rank) => rank.name)).toEqual(['Cook']);
    expect([holder, direct]).toEqual([200, 200]);
  });

  it('leaves everyone their own permissions, and no ranks, without it', async () => {
    const { user, holder, direct } = await kitchenAnswers([kitchen]);
    expect(user.permissions).toBe(toBits(['VIEW_FOOD_LOOKUP']));
    expect(user.ranks).toEqual([]);
    expect([holder, direct]).toEqual([403, 200]);
  });

  it('is filled by one plugin at most', () => {
    expect(heldRanksOf([ranks, kitchen]).json).toBe(ranks.heldRanks!.json);
    expect(() => heldRanksOf([ranks, { ...ranks, name: 'ladder' }])).toThrow(
      'Only one plugin may give users their ranks (heldRanks), not ranks, ladder',
    );
  });
});
