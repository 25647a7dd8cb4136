import type { CoreContext, ServicesOf } from '../core/plugin.ts';
import appeals from './appeals/index.ts';
import billing from './billing/index.ts';
import deliveryMessages from './delivery-messages/index.ts';
import discord from './discord/index.ts';
import notifications from './notifications/index.ts';
import objectives from './objectives/index.ts';
import onleave from './onleave/index.ts';
import orders from './orders/index.ts';
import ranks from './ranks/index.ts';
import recruitment from './recruitment/index.ts';
import reports from './reports/index.ts';
import settings from './settings/index.ts';
import statistics from './statistics/index.ts';
import store from './store/index.ts';
import teams from './teams/index.ts';
import users from './users/index.ts';

/** The one list of plugins, handed to core by server.ts and bot/. Order matters: a plugin may use those before it. */
export const plugins = [
  settings,
  ranks,
  users,
  notifications,
  store,
  billing,
  onleave,
  orders,
  objectives,
  appeals,
  recruitment,
  teams,
  reports,
  deliveryMessages,
  statistics,
  discord,
] as const;

export type Services = ServicesOf<typeof plugins>;

/**
 * The services of an app built from this list (`startApp`, `createTestApp`), typed: for the bot, the bench and the
 * tests, which hold the whole app. A plugin never uses it: it declares `requires` and reads its typed `ctx.services`.
 */
export function appServices(ctx: Pick<CoreContext, 'services'>): Services {
  return ctx.services as Services;
}
