import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRank, giveRanks, ranksOf } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { toBits } from '../shared/permissions.ts';
import { toCurrentUser } from './current-user.ts';
import { UserSchema } from './entities.ts';

/**
 * The plain-SQL reader (sessions, identify storms, the gateway's refresh), its ranks from the permission port, builds
 * the very CurrentUser the entity path builds from a user and the ranks their owner reports.
 */
describe('CurrentUser in plain SQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const fromEntity = async (id: string) =>
    toCurrentUser(await app.db.orm.em.fork().findOneOrFail(UserSchema, { id }), await ranksOf(app, id));

  it("agrees with toCurrentUser: ranks highest first, permissions and perks (hand-given, granted, ranks') merged, ban, settings, dates", async () => {
    const low = await createRank(app, {
      name: 'Low',
      position: 7101,
      permissions: toBits(['MANAGE_ORDERS']),
      perks: ['FEEDBACK_BETA'],
      colour: '#112233',
    });
    const high = await createRank(app, {
      name: 'High',
      position: 7102,
      permissions: toBits(['MANAGE_USERS']),
      perks: ['DELIVERY_MESSAGE_BETA'],
      canResign: true,
    });
    const ranked = await app.createUser({ permissions: ['VIEW_FOOD_LOOKUP'], perks: ['OWN_PERK', 'FEEDBACK_BETA'] });
    const banned = await app.createUser({ ban: { reason: 'Spam', expires: new Date(Date.UTC(2030, 0, 2)) } });
    const plain = await app.createUser();
    const edit = app.db.orm.em.fork();
    const user = await edit.findOneOrFail(UserSchema, { id: ranked.id });
    user.displayName = 'Ranked';
    user.avatar = 'a_0123456789abcdef';
    user.settings = { deliveryMessage: { message: 'Enjoy!' } };
    // A perk held by a grant (a plan's) counts as the hand-given ones do.
    user.grantedPerks = ['SUPPORTER', 'FEEDBACK_BETA'];
    await edit.flush();
    await giveRanks(app, ranked.id, low, high);

    const found = await app.server.ctx.sessions.usersOf([ranked.id, banned.id, plain.id, '1999999999999999999']);
    expect(found.size).toBe(3);
    for (const id of [ranked.id, banned.id, plain.id]) expect(found.get(id)).toEqual(await fromEntity(id));
    const current = found.get(ranked.id)!;
    expect(current.ranks.map((r) => r.name)).toEqual(['High', 'Low']);
    expect(current.permissions).toBe(toBits(['VIEW_FOOD_LOOKUP', 'MANAGE_ORDERS', 'MANAGE_USERS']));
    expect(new Set(current.perks)).toEqual(
      new Set(['OWN_PERK', 'FEEDBACK_BETA', 'SUPPORTER', 'DELIVERY_MESSAGE_BETA']),
    );
    expect(found.get(banned.id)!.ban).toEqual({
      active: true,
      reason: 'Spam',
      expires: new Date(Date.UTC(2030, 0, 2)),
    });
  });

  it('reads a session with its user and their ranks; an unknown token has none', async () => {
    const a = await app.createUser();
    const b = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    const sessions = app.server.ctx.sessions;
    const [sessionA, sessionB, nobody] = await Promise.all([
      sessions.validate(a.token),
      sessions.validate(b.token),
      sessions.validate('nobody-has-this-token-at-all'),
    ]);
    expect(nobody).toBeNull();
    expect(sessionA!.user).toEqual(await fromEntity(a.id));
    expect(sessionB!.user).toEqual(await fromEntity(b.id));
    expect(sessionB!.user.ranks).toHaveLength(1);
    expect(sessionA!.expiresAt).toBeInstanceOf(Date);
  });
});
