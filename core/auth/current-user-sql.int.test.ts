import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { toBits } from '../shared/permissions.ts';
import { selectCurrentUsers, selectSessions } from './current-user-sql.ts';
import { RankSchema, UserSchema } from './entities.ts';
import { hashToken, toCurrentUser } from './sessions.ts';

/** The plain-SQL reader (identify storms, the gateway's refresh) builds the very CurrentUser the entity path builds. */
describe('CurrentUser in plain SQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const fromEntity = async (id: string) =>
    toCurrentUser(await app.db.orm.em.fork().findOneOrFail(UserSchema, { id }, { populate: ['ranks'] }));

  it("agrees with toCurrentUser: ranks highest first, permissions and perks (hand-given, granted, ranks') merged, ban, settings, dates", async () => {
    const em = app.db.orm.em.fork();
    const low = em.create(RankSchema, {
      name: 'Low',
      position: 7101,
      permissions: toBits(['MANAGE_ORDERS']),
      perks: ['FEEDBACK_BETA'],
      colour: '#112233',
    });
    const high = em.create(RankSchema, {
      name: 'High',
      position: 7102,
      permissions: toBits(['MANAGE_USERS']),
      perks: ['DELIVERY_MESSAGE_BETA'],
      canResign: true,
    });
    await em.flush();
    const ranked = await app.createUser({ permissions: ['VIEW_FOOD_LOOKUP'], perks: ['OWN_PERK', 'FEEDBACK_BETA'] });
    const banned = await app.createUser({ ban: { reason: 'Spam', expires: new Date(Date.UTC(2030, 0, 2)) } });
    const plain = await app.createUser();
    const edit = app.db.orm.em.fork();
    const user = await edit.findOneOrFail(UserSchema, { id: ranked.id }, { populate: ['ranks'] });
    user.ranks.add(edit.getReference(RankSchema, low.id), edit.getReference(RankSchema, high.id));
    user.displayName = 'Ranked';
    user.avatar = 'a_0123456789abcdef';
    user.settings = { deliveryMessage: { message: 'Enjoy!' } };
    // A perk held by a grant (a plan's) counts as the hand-given ones do.
    user.grantedPerks = ['SUPPORTER', 'FEEDBACK_BETA'];
    await edit.flush();

    const found = await selectCurrentUsers(app.db.orm, app.db.orm.em.fork(), [
      ranked.id,
      banned.id,
      plain.id,
      '1999999999999999999',
    ]);
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

  it('reads sessions with their users in one statement; unknown ids are absent', async () => {
    const a = await app.createUser();
    const b = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    const found = await selectSessions(app.db.orm, app.db.orm.em.fork(), [
      hashToken(a.token),
      hashToken(b.token),
      hashToken('nobody-has-this-token'),
    ]);
    expect([...found.keys()].sort()).toEqual([hashToken(a.token), hashToken(b.token)].sort());
    expect(found.get(hashToken(b.token))!.user).toEqual(await fromEntity(b.id));
    expect(found.get(hashToken(a.token))!.expiresAt).toBeInstanceOf(Date);
  });
});
