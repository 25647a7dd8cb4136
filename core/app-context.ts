import type { FastifyBaseLogger } from 'fastify';
import { auditCatalogue } from './audit/catalogue.ts';
import { AuditLog } from './audit/service.ts';
import { heldRanksOf } from './auth/held-ranks.ts';
import { SessionService } from './auth/sessions.ts';
import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import { EventBus } from './events.ts';
import { metricsServed } from './metrics/http.ts';
import { Metrics } from './metrics/metrics.ts';
import { PersonalData } from './personal-data.ts';
import { type AnyPlugin, type CoreContext, commandsOf, createServices } from './plugin.ts';

export interface AppContextOptions {
  config: Config;
  orm: Orm;
  plugins: readonly AnyPlugin[];
  log: FastifyBaseLogger;
  /** The clock services read (ms since the epoch); Date.now unless a test moves its own. */
  now?: () => number;
}

/**
 * The kernel and every plugin's service, without HTTP: the events, sessions, the audit log and metrics, then the
 * services in plugin order (`createServices`). The web server builds its routes on it (core/http/server.ts); a bot
 * shard runs its commands on it alone (bot/shard.ts).
 */
export async function createAppContext(options: AppContextOptions): Promise<CoreContext> {
  const { config, orm, plugins, log } = options;
  const events = new EventBus((error, event) => log.error({ err: error, event }, 'event listener failed'));
  const ctx: CoreContext = {
    config,
    orm,
    events,
    sessions: new SessionService(orm, events, { now: options.now, heldRanks: heldRanksOf(plugins) }),
    audit: new AuditLog(
      orm,
      auditCatalogue(plugins.map((plugin) => ({ plugin: plugin.name, audit: plugin.audit }))),
      options.now,
    ),
    log,
    services: {},
    now: options.now ?? Date.now,
    commands: commandsOf(plugins),
    metrics: await Metrics.create(metricsServed(config)),
    personalData: new PersonalData(orm, events, options.now),
  };
  createServices(plugins, ctx);
  return ctx;
}
