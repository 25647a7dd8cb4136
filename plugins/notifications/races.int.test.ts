import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../core/events.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { NotificationSchema } from './entities.ts';
import './events.ts';
import { appServices } from '../index.ts';
import { noticeMaker } from './test-helpers.ts';

/**
 * A notice heard by several processes at once. PGlite runs one statement at a time; on PostgreSQL
 * (TEST_DATABASE_URL) these race for real: only the unique (user, ref) and the conditional DM claim decide.
 */
describe('notifications under concurrency', () => {
  let app: TestApp;
  const clock = Date.parse('2026-11-25T03:00:00Z');
  let customer: TestUser;
  const created: DomainEvents['noticeCreated'][] = [];
  const service = () => appServices(app.server.ctx).notifications.notifications;
  const notice = noticeMaker();

  beforeAll(async () => {
    app = await createTestApp({ now: () => clock });
    customer = await app.createUser({ username: 'customer' });
    app.server.ctx.events.on('noticeCreated', (payload) => void created.push(payload));
  });
  afterAll(() => app?.close());

  it('the same notice heard many times at once (as by several processes) is stored once, and noticeCreated published once', async () => {
    const n = notice(customer.id, { ref: 'appeal:1:decided' });
    const before = created.length;
    const results = await Promise.all(Array.from({ length: 10 }, () => service().store(n)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    // And again later, as the event bridge delivers it to another process's listener: still one.
    expect(await service().store(n)).toBeNull();
    expect(await service().store({ ...n, text: 'A different text, same ref' })).toBeNull();
    const rows = await app.db.orm.em.fork().find(NotificationSchema, { user: customer.id, ref: 'appeal:1:decided' });
    expect(rows.map((r) => r.text)).toEqual([n.text]);
    expect(created.slice(before)).toEqual([
      {
        userId: customer.id,
        id: rows[0]!.id,
        kind: 'appeal.accepted',
        text: n.text,
        link: n.link,
        createdAt: new Date(clock).toISOString(),
      },
    ]);
  });

  it('a read while notices are being stored answers one moment: every unread notice it counts is in its list', async () => {
    // The bell adds to the count what it heard live and the list lacks: a count from a later moment than the list
    // would count a notice twice (docs/notifications.md).
    const user = await app.createUser();
    const storing = (async () => {
      for (let i = 0; i < 60; i += 1) await service().store(notice(user.id));
    })();
    const reads = [];
    for (let i = 0; i < 60; i += 1) reads.push(await service().list(user.id, { page: 1, pageSize: 100 }));
    await storing;
    for (const read of reads) {
      expect(read.total).toBe(read.notifications.length);
      expect(read.unread).toBe(read.notifications.filter((n) => n.readAt === null).length);
    }
  });

  it('DM claim: of many claims at once, one wins; none when the user turned DMs off', async () => {
    const user = await app.createUser();
    const n = (await service().store(notice(user.id)))!;
    const claims = await Promise.all(Array.from({ length: 10 }, () => service().claimDm(n.id)));
    expect(claims.filter((c) => c !== null)).toEqual([{ userId: user.id, text: n.text, link: n.link }]);

    await service().setPreferences(user.id, { dms: false });
    const quiet = (await service().store(notice(user.id)))!;
    expect(await service().claimDm(quiet.id)).toBeNull();
  });
});
