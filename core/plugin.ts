import type { EntitySchema } from '@mikro-orm/core';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { AuditLog } from './audit/service.ts';
import type { SessionService } from './auth/sessions.ts';
import type { AnyCommand } from './commands.ts';
import type { Config } from './config.ts';
import type { MigrationClass } from './db/migrations.ts';
import type { Orm } from './db/orm.ts';
import type { DomainEvents, EventBus, EventName } from './events.ts';
import type { GatewayDispatch } from './gateway/protocol.ts';
import type { ZodTypeProvider } from './http/zod.ts';
import type { Metrics } from './metrics/metrics.ts';

/** The Fastify instance plugins register routes on: zod schemas typed end to end. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What core hands every plugin. `services` holds every plugin's service by plugin name, filled in list order. */
export interface CoreContext {
  config: Config;
  orm: Orm;
  events: EventBus;
  sessions: SessionService;
  /** The audit log: every admin write records itself here, inside its own transaction (core/audit). */
  audit: AuditLog;
  log: FastifyBaseLogger;
  services: Readonly<Record<string, unknown>>;
  /** The clock services read (ms since the epoch): Date.now, or a test's clock (createTestApp's `now`). */
  now: () => number;
  /** Every plugin's slash commands, in plugin order (core/commands.ts); the bot's dispatcher serves them. */
  commands: readonly AnyCommand[];
  /** This process's Prometheus metrics (core/metrics): a plugin adds its own gauges, counters and histograms. */
  metrics: Metrics;
}

export interface PluginDefinition<Name extends string = string, Service = unknown> {
  name: Name;
  /** The plugin's tables (defineEntity schemas). */
  entities?: EntitySchema[];
  /** The migrations that build those tables (`plugins/<name>/migrations/index.ts`); core runs every plugin's in timestamp order. */
  migrations?: readonly MigrationClass[];
  /** Builds the plugin's service: its business rules, testable without HTTP or Discord. */
  service?: (ctx: CoreContext) => Service;
  /** Registers the plugin's HTTP routes, each with its zod schemas and its guard. */
  routes?: (app: App, service: Service, ctx: CoreContext) => void | Promise<void>;
  /**
   * Gateway event filters: for a domain event of this plugin, what the live gateway sends and to whom
   * (core/gateway). Return null to send nothing. The gateway applies the audience; the plugin never sees sockets.
   */
  gateway?: GatewayFilters;
  /** Slash commands (core/commands.ts), one per file under `commands/`; served by HTTP interactions and the gateway client. */
  commands?: readonly AnyCommand[];
  /** Demo data for a new database, so each of the plugin's screens has something to show. */
  seed?: (service: Service, ctx: CoreContext) => Promise<void>;
}

export type GatewayFilters = {
  [E in EventName]?: (payload: DomainEvents[E]) => GatewayDispatch | readonly GatewayDispatch[] | null;
};

/** A plugin's one entry point (`plugins/<name>/index.ts`). Identity function: it exists for the types. */
export function definePlugin<const Name extends string, Service = undefined>(
  definition: PluginDefinition<Name, Service>,
): PluginDefinition<Name, Service> {
  return definition;
}

// biome-ignore lint/suspicious/noExplicitAny: any plugin, whatever its service: its hooks' parameters reject `unknown`
export type AnyPlugin = PluginDefinition<string, any>;

/** `{ settings: SettingsService, ... }` for a list of plugins. */
export type ServicesOf<Plugins extends readonly AnyPlugin[]> = {
  [P in Plugins[number] as P['name']]: P extends PluginDefinition<string, infer S> ? S : never;
};
