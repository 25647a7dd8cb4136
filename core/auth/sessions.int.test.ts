import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { SessionSchema, UserSchema } from './entities.ts';
import { hashToken, SESSION_CACHE_TTL_MS, SESSION_TTL_MS, SessionService } from './sessions.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('sessions', () => {
  let app: TestApp;
  let clock = Date.UTC(2026, 10, 21);

  beforeAll(async () => {
    app = await createTestApp({ now: () => clock });
  });
  afterAll(() => app.close());

  const sessions = () => app.server.ctx.sessions;

  it('stores only the SHA-256 of a random token and expires it after 31 days', async () => {
    const user = await app.createUser();
    const row = await app.db.orm.em.fork().findOneOrFail(SessionSchema, { id: hashToken(user.token) });
    expect(row.id).not.toContain(user.token);
    expect(Buffer.from(user.token, 'base64url').length).toBeGreaterThanOrEqual(20);
    expect(row.expiresAt.getTime()).toBe(clock + SESSION_TTL_MS);
    expect((await sessions().validate(user.token))?.user.id).toBe(user.id);
  });

  it('refuses tampered, unknown and malformed tokens', async () => {
    const user = await app.createUser();
    const tampered = `${user.token.slice(0, -1)}${user.token.endsWith('A') ? 'B' : 'A'}`;
    expect(await sessions().validate(tampered)).toBeNull();
    expect(await sessions().validate('')).toBeNull();
    expect(await sessions().validate('not a token at all!')).toBeNull();
  });

  it('renews when less than half the lifetime remains, not before', async () => {
    const user = await app.createUser();
    clock += 15 * DAY;
    const early = await sessions().validate(user.token);
    expect(early?.renewed).toBe(false);
    clock += 1 * DAY; // 16 days in: 15 left, under half of 31
    const renewed = await sessions().validate(user.token);
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.expiresAt.getTime()).toBe(clock + SESSION_TTL_MS);
    const row = await app.db.orm.em.fork().findOneOrFail(SessionSchema, { id: hashToken(user.token) });
    expect(row.expiresAt.getTime()).toBe(clock + SESSION_TTL_MS);
  });

  it('expires after 31 days without use and deletes the row', async () => {
    const user = await app.createUser();
    clock += SESSION_TTL_MS;
    expect(await sessions().validate(user.token)).toBeNull();
    expect(await app.db.orm.em.fork().count(SessionSchema, { id: hashToken(user.token) })).toBe(0);
  });

  it('invalidates one session, or all of a user, and says so on the event bus', async () => {
    const user = await app.createUser();
    const second = await sessions().create(user.id);
    const revoked: string[] = [];
    const off = app.server.ctx.events.on('sessionRevoked', (e) => void revoked.push(e.sessionId));
    await sessions().invalidate(user.token);
    expect(await sessions().validate(user.token)).toBeNull();
    expect(await sessions().validate(second.token)).not.toBeNull();
    await sessions().invalidateAllForUser(user.id);
    expect(await sessions().validate(second.token)).toBeNull();
    expect(revoked).toEqual([hashToken(user.token), hashToken(second.token)]);
    off();
  });

  it('merges rank permissions and perks into the current user', async () => {
    const user = await app.createUser({
      permissions: ['VIEW_FOOD_LOOKUP'],
      rankPermissions: ['MANAGE_ORDERS'],
      perks: ['FEEDBACK_BETA'],
    });
    const session = await sessions().validate(user.token);
    expect(session?.user.permissions).toBe((1 << 1) | (1 << 2));
    expect(session?.user.perks).toEqual(['FEEDBACK_BETA']);
    expect(session?.user.ranks).toHaveLength(1);
  });

  it('serves a session from memory, drops it on identityChanged, and rereads it after the cache TTL', async () => {
    const user = await app.createUser({ username: 'before' });
    expect((await sessions().validate(user.token))?.user.username).toBe('before');
    // A write behind the services' back (another process, say): not seen until the TTL runs out…
    await app.db.orm.em.fork().nativeUpdate(UserSchema, { id: user.id }, { username: 'after' });
    expect((await sessions().validate(user.token))?.user.username).toBe('before');
    clock += SESSION_CACHE_TTL_MS;
    expect((await sessions().validate(user.token))?.user.username).toBe('after');
    // …while an announced change is seen at once.
    await app.db.orm.em.fork().nativeUpdate(UserSchema, { id: user.id }, { username: 'announced' });
    app.server.ctx.events.publish('identityChanged', { userId: user.id });
    expect((await sessions().validate(user.token))?.user.username).toBe('announced');
  });

  it('answers a session in memory at once (validateCached), and leaves a read, a renewal or an expiry to validate', async () => {
    const user = await app.createUser();
    expect(sessions().validateCached('not a token')).toBeNull();
    // Not read yet: validate must read it.
    expect(sessions().validateCached(user.token)).toBeUndefined();
    const read = await sessions().validate(user.token);
    const known = sessions().validateCached(user.token);
    expect(known).toMatchObject({ id: hashToken(user.token), renewed: false, user: { id: user.id } });
    expect(known?.expiresAt).toEqual(read?.expiresAt);
    // Renewal due (16 days in): validate writes it, and the cache then holds the renewed session.
    clock += 16 * DAY;
    expect(sessions().validateCached(user.token)).toBeUndefined();
    const renewed = await sessions().validate(user.token);
    expect(renewed?.renewed).toBe(true);
    expect(sessions().validateCached(user.token)?.expiresAt).toEqual(renewed?.expiresAt);
    // Revoked: gone from memory at once.
    app.server.ctx.events.publish('sessionRevoked', { userId: user.id, sessionId: hashToken(user.token) });
    expect(sessions().validateCached(user.token)).toBeUndefined();
  });

  it('forgets a revoked session at once', async () => {
    const user = await app.createUser();
    expect(await sessions().validate(user.token)).not.toBeNull();
    await sessions().invalidate(user.token);
    expect(await sessions().validate(user.token)).toBeNull();
  });

  // How many statements these reads take (one for a storm of identifies) is a performance property: `npm run bench`,
  // case identify (bench/cases/identify.ts). Here: every answer is the right one, and what memory keeps.

  it('answers the sessions asked for in the same turn, each its own (a reconnect storm), and keeps them in memory', async () => {
    const users = await Promise.all([app.createUser(), app.createUser(), app.createUser()]);
    const unknown = 'A'.repeat(43);
    const result = await Promise.all([
      ...users.map((u) => sessions().validate(u.token)),
      sessions().validate(users[0]!.token),
      sessions().validate(unknown),
    ]);
    expect(result.map((s) => s?.user.id ?? null)).toEqual([
      users[0]!.id,
      users[1]!.id,
      users[2]!.id,
      users[0]!.id,
      null,
    ]);
    // Now served from memory.
    expect(sessions().validateCached(users[1]!.token)).toMatchObject({ user: { id: users[1]!.id } });
  });

  it('answers sessions asked for in turns of their own while reads run, each its own (identifies trickling in)', async () => {
    const users = await Promise.all([app.createUser(), app.createUser(), app.createUser(), app.createUser()]);
    const first = sessions().validate(users[0]!.token);
    const rest: Promise<unknown>[] = [];
    for (const user of users.slice(1)) {
      await new Promise((resolve) => setImmediate(resolve)); // each in a turn of its own
      rest.push(sessions().validate(user.token));
    }
    const answers = await Promise.all([first, ...rest]);
    expect(answers.map((s) => (s as { user: { id: string } } | null)?.user.id)).toEqual(users.map((u) => u.id));
  });

  it('answers sessions asked for soon after a read ended, within the window, each its own (the embedded database blocks while it reads)', async () => {
    const users = await Promise.all([app.createUser(), app.createUser(), app.createUser(), app.createUser()]);
    // A window of a second, so that this test's asks fall in it however busy the machine is.
    const service = new SessionService(app.db.orm, app.server.ctx.events, { now: () => clock, batchWindowMs: 1_000 });
    const first = await service.validate(users[0]!.token); // read at once: nothing was read before
    const rest: Promise<unknown>[] = [];
    for (const user of users.slice(1)) {
      await new Promise((resolve) => setImmediate(resolve)); // each in a turn of its own, as identifies arrive
      rest.push(service.validate(user.token));
    }
    const result = [first, ...(await Promise.all(rest))];
    expect(result.map((s) => (s as { user: { id: string } } | null)?.user.id)).toEqual(users.map((u) => u.id));
  });

  it('does not keep a session read while an event said it changed', async () => {
    const user = await app.createUser({ username: 'racing' });
    const reading = sessions().validate(user.token);
    // The change lands while the read is in flight: what it reads may predate it.
    app.server.ctx.events.publish('identityChanged', { userId: user.id });
    expect((await reading)?.user.id).toBe(user.id);
    expect(sessions().validateCached(user.token), 'not kept: the next validate reads again').toBeUndefined();
    expect((await sessions().validate(user.token))?.user.id).toBe(user.id);
    expect(sessions().validateCached(user.token)).toMatchObject({ user: { id: user.id } });
  });
});
