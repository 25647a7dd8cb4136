import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../core/events.ts';
import { ActiveOrders, byUrgency } from './active-list.ts';
import type { OrderStatus, OrderView } from './schemas.ts';

const view = (id: string, status: OrderStatus, priority = 0, orderedAt = `2026-11-20T12:00:0${id}.000Z`) =>
  ({ id, orderID: `ORDER${id}`, status, priority, orderedAt }) as OrderView;

describe('the active list cache', () => {
  it('reads once, then follows the order events: new, changed, finished, most urgent first', async () => {
    const events = new EventBus();
    let reads = 0;
    const list = new ActiveOrders(async () => {
      reads++;
      return [view('1', 'ORDERED'), view('2', 'CLAIMED')];
    }, events);
    expect((await list.views()).map((v) => v.id)).toEqual(['1', '2']);
    events.publish('orderSent', { order: view('3', 'ORDERED', 1) });
    events.publish('orderUpdated', { order: view('1', 'CLAIMED') });
    events.publish('deliverOrder', { order: view('2', 'DELIVERED') });
    const views = await list.views();
    expect(views.map((v) => `${v.id}:${v.status}`)).toEqual(['3:ORDERED', '1:CLAIMED']);
    const body = await list.bytes('identity');
    expect(body.equals(Buffer.from(JSON.stringify({ orders: views })))).toBe(true);
    expect(gunzipSync(await list.bytes('gzip')).equals(body)).toBe(true);
    expect(reads).toBe(1);
  });

  it('applies events that arrive while the list is being read', async () => {
    const events = new EventBus();
    let release!: () => void;
    const list = new ActiveOrders(
      () =>
        new Promise<OrderView[]>((resolve) => (release = () => resolve([view('1', 'ORDERED'), view('2', 'ORDERED')]))),
      events,
    );
    const reading = list.views();
    events.publish('orderDeleted', { order: view('1', 'DELETED') });
    events.publish('orderSent', { order: view('4', 'ORDERED') });
    release();
    expect((await reading).map((v) => v.id)).toEqual(['2', '4']);
  });

  it('answers the changed list in every encoding after each change, whichever was asked for before', async () => {
    const events = new EventBus();
    const list = new ActiveOrders(async () => [view('1', 'ORDERED'), view('2', 'ORDERED')], events);
    const decoded = async () => ({
      identity: JSON.parse((await list.bytes('identity')).toString()),
      gzip: JSON.parse(gunzipSync(await list.bytes('gzip')).toString()),
    });
    expect(JSON.parse(gunzipSync(await list.bytes('gzip')).toString()).orders).toHaveLength(2);
    events.publish('orderUpdated', { order: view('2', 'CLAIMED') });
    events.publish('orderDeleted', { order: view('1', 'DELETED') });
    const expected = { orders: [view('2', 'CLAIMED')] };
    expect(await decoded()).toEqual({ identity: expected, gzip: expected });
  });

  it('keeps the same list a full sort would after any run of changes: priority raised, claimed, finished, new', async () => {
    const events = new EventBus();
    let seed = 42;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const at = (i: number) =>
      `2026-11-20T12:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`;
    const initial = Array.from({ length: 40 }, (_, i) => view(String(100 + i), 'ORDERED', next(3), at(next(30))));
    const list = new ActiveOrders(async () => [...initial], events);
    const expected = new Map(initial.map((v) => [v.id, v]));
    await list.views();
    const statuses: OrderStatus[] = ['ORDERED', 'CLAIMED', 'PREPARING', 'DELIVERED', 'CANCELLED'];
    for (let step = 0; step < 300; step++) {
      const id = String(100 + next(60));
      const order = view(id, statuses[next(statuses.length)]!, next(3), expected.get(id)?.orderedAt ?? at(next(30)));
      events.publish('orderUpdated', { order });
      if (['DELIVERED', 'CANCELLED'].includes(order.status)) expected.delete(id);
      else expected.set(id, order);
      if (step % 30 === 0) expect(await list.views()).toEqual([...expected.values()].sort(byUrgency));
    }
    expect(await list.views()).toEqual([...expected.values()].sort(byUrgency));
  });
});
