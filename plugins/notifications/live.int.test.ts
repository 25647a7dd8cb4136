import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP } from '../../core/gateway/protocol.ts';
import { GatewayTestClient } from '../../tests/support/gateway-client.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import './events.ts';

describe('notices on the live gateway', () => {
  let app: TestApp;
  let url: string;
  const clients: GatewayTestClient[] = [];
  beforeAll(async () => {
    app = await createTestApp();
    url = await app.server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await app?.close();
  });

  it('a stored notice goes to every socket of its user and to nobody else, once however often it is heard', async () => {
    const told = await app.createUser({ username: 'told' });
    const bystander = await app.createUser({ username: 'bystander' });
    const admin = await app.createUser({ username: 'admin', permissions: ['SUPER_ADMIN'] });
    const [one, two, other, owner] = await Promise.all(
      [told, told, bystander, admin].map((u) => GatewayTestClient.identified(url, u.token)),
    );
    clients.push(one!, two!, other!, owner!);

    const notice = {
      userId: told.id,
      ref: 'leave:7:approved',
      kind: 'leave.approved',
      text: 'Your leave was approved.',
      link: '/staff/take-a-break',
    };
    app.server.ctx.events.publish('notice', notice);
    app.server.ctx.events.deliver('notice', notice);
    for (const client of [one!, two!]) {
      const message = await client.event('notice');
      expect(message).toEqual({
        op: OP.EVENT,
        t: 'notice',
        data: {
          id: expect.stringMatching(/^\d{17,20}$/),
          kind: 'leave.approved',
          text: 'Your leave was approved.',
          link: '/staff/take-a-break',
          createdAt: expect.any(String),
        },
      });
    }
    // A second notice to the same user, heard after the duplicate: once it arrives, a second copy of the first would have.
    app.server.ctx.events.publish('notice', {
      ...notice,
      ref: 'leave:8:approved',
      text: 'Your second leave was approved.',
    });
    for (const client of [one!, two!])
      await client.next(
        (m) => m.t === 'notice' && (m.data as { text: string }).text === 'Your second leave was approved.',
      );
    expect(one!.events('notice').map((m) => (m.data as { text: string }).text)).toEqual([
      'Your leave was approved.',
      'Your second leave was approved.',
    ]);
    expect(other!.events('notice')).toEqual([]);
    expect(owner!.events('notice'), "not even a super admin hears someone else's notice").toEqual([]);
  });
});
