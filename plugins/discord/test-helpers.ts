import type { TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { OrderMessages } from './notifier.ts';

/** The order notifier of another process on the same database (a web replica, a bot shard), with the test's clock. */
export function otherProcessMessages(app: TestApp, now: () => number): OrderMessages {
  const { orders } = appServices(app.server.ctx).orders;
  const { rest } = appServices(app.server.ctx).discord;
  return new OrderMessages({
    orm: app.db.orm,
    rest,
    orders: () => orders,
    config: app.config,
    now,
    log: app.server.app.log,
  });
}
