import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp, TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { OrderView } from './schemas.ts';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart/form-data body with one file, for inject. */
export function multipart(
  field: string,
  bytes: Buffer,
  filename = 'image.png',
  type = 'image/png',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vd${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename}"\r\ncontent-type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Orders made the way the kitchen makes them, for the test app `app()` (made in a beforeAll) whose clock `advance` moves: `newOrder` (a fresh
 * customer each, as a customer has one active order), `claimedBy` a chef, `readyOrder` (prepared by `chef`, its
 * cooking time passed and swept).
 */
export function kitchenOf(app: () => TestApp, advance: (ms: number) => void) {
  const plugin = () => appServices(app().server.ctx).orders;
  const post = (url: string, user: TestUser, payload?: unknown) =>
    app().inject({
      method: 'POST',
      url,
      headers: user.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const row = (id: string): Promise<OrderView> => plugin().orders.get(id);
  let n = 0;
  async function newOrder(customerId?: string, item = `Cheese burger ${++n}`): Promise<OrderView> {
    const id = customerId ?? (await app().createUser()).id;
    return plugin().orders.createOrder({
      customerId: id,
      guildId: '900000000000000001',
      channelId: '900000000000000002',
      item,
    });
  }
  async function claimedBy(user: TestUser): Promise<OrderView> {
    const order = await newOrder();
    expect((await post(`/api/client/orders/${order.id}/claim`, user)).statusCode).toBe(200);
    return order;
  }
  async function readyOrder(chef: TestUser): Promise<OrderView> {
    const order = await claimedBy(chef);
    expect(
      (await post(`/api/client/orders/${order.id}/prepare`, chef, { images: ['https://example.com/a.png'] }))
        .statusCode,
    ).toBe(200);
    advance(180_000);
    await plugin().sweeper.sweep();
    const ready = await row(order.id);
    expect(ready.status).toBe('READY');
    return ready;
  }
  return { post, row, newOrder, claimedBy, readyOrder };
}
