import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { BlacklistSchema } from './entities.ts';

/** UserAdminService.orderingStanding: a customer's standing, read as their `/order` arrives, with their profile written. */
describe("a customer's standing for ordering", () => {
  let app: TestApp;
  let identityChanged: (string | undefined)[];

  beforeAll(async () => {
    app = await createTestApp();
    app.server.ctx.events.on('identityChanged', ({ userId }) => void identityChanged.push(userId));
  });
  beforeEach(() => {
    identityChanged = [];
  });
  afterAll(() => app.close());

  const standing = (profile: { id: string; username: string; global_name?: string | null; avatar?: string | null }) =>
    appServices(app.server.ctx).users.admin.orderingStanding(profile);
  const row = (id: string) => app.db.orm.em.fork().findOne(UserSchema, { id });

  it('creates a new customer from their Discord profile: no ban, no blacklist entry, identityChanged', async () => {
    const id = newId();
    expect(await standing({ id, username: 'first_timer', global_name: 'First Timer', avatar: 'abc123' })).toEqual({
      ban: null,
      blacklist: null,
    });
    expect(await row(id)).toMatchObject({ username: 'first_timer', displayName: 'First Timer', avatar: 'abc123' });
    expect(identityChanged).toEqual([id]);
  });

  it('writes nothing and tells no one when Discord says nothing new', async () => {
    const id = newId();
    await standing({ id, username: 'regular', global_name: 'Regular' });
    const before = await row(id);
    identityChanged = [];
    await standing({ id, username: 'regular', global_name: 'Regular' });
    expect((await row(id))?.updatedAt).toEqual(before?.updatedAt);
    expect(identityChanged).toEqual([]);
  });

  it("refreshes a returning customer's name and avatar when they changed, and says so", async () => {
    const id = newId();
    await standing({ id, username: 'renamed', global_name: 'Old Name' });
    identityChanged = [];
    await standing({ id, username: 'renamed', global_name: 'New Name', avatar: 'a_feed' });
    expect(await row(id)).toMatchObject({ displayName: 'New Name', avatar: 'a_feed' });
    expect(identityChanged).toEqual([id]);
  });

  it('answers a ban and a blacklist entry, and still refreshes the profile', async () => {
    const banned = await app.createUser({ username: 'blake_banned', ban: { reason: 'Abuse', expires: null } });
    const answer = await standing({ id: banned.id, username: 'blake_renamed' });
    expect(answer).toEqual({ ban: { active: true, reason: 'Abuse', expires: null }, blacklist: null });
    expect((await row(banned.id))?.username).toBe('blake_renamed');

    const listed = await app.createUser({ username: 'lee_listed' });
    const em = app.db.orm.em.fork();
    em.create(BlacklistSchema, { user: listed.id, active: true, reason: 'Spam orders', by: 'a manager' });
    await em.flush();
    expect(await standing({ id: listed.id, username: 'lee_listed' })).toEqual({
      ban: null,
      blacklist: { active: true, reason: 'Spam orders' },
    });
  });
});
