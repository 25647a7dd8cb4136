import type { EntitySchema } from '@mikro-orm/core';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { AuditContribution } from './audit/schemas.ts';
import type { AuditLog } from './audit/service.ts';
import type { HeldRanksSource } from './auth/held-ranks.ts';
import type { SessionService } from './auth/sessions.ts';
import type { AnyCommand } from './commands.ts';
import type { Config, PluginConfigDefinition } from './config.ts';
import type { MigrationClass } from './db/migrations.ts';
import type { Orm } from './db/orm.ts';
import type { DomainEvents, EventBus, EventName } from './events.ts';
import type { GatewayDispatch } from './gateway/protocol.ts';
import type { ZodTypeProvider } from './http/zod.ts';
import type { AnyCatalogue } from './i18n/catalogue.ts';
import type { JobSpec } from './jobs.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { PluginPages } from './pages.ts';
import type { PersonalData, PersonalDataContribution } from './personal-data.ts';

/** The Fastify instance plugins register routes on: zod schemas typed end to end. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What core hands every plugin. `services` holds every plugin's service by plugin name, filled in list order; a
 * plugin sees it typed as `PluginContext`, with the services of the plugins it `requires`.
 */
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
  /**
   * Users own their data (core/personal-data.ts): every plugin's `personalData` contribution, registered once every
   * service is built. The plugin that owns the export and deletion routes calls it.
   */
  personalData: PersonalData;
}

/**
 * What a service may take from the kernel: config, the ORM, the event bus, the audit log, the logger, the clock and
 * the metrics. A service declares `XDeps extends Pick<ServiceKernel, …>` plus the other plugins' services it uses,
 * and its constructor takes that one object, so a plugin builds it with `new X({ ...ctx, settings })` or `new X(ctx)`.
 * Sessions, commands and `services` stay out: a service is handed the services it needs by name.
 */
export type ServiceKernel = Pick<
  CoreContext,
  'config' | 'orm' | 'events' | 'audit' | 'log' | 'now' | 'metrics' | 'personalData'
>;

/** What a plugin's commands may use: its own service, and the services of the plugins it requires. */
export type CommandServicesOf<Name extends string, Service, Requires extends readonly AnyPlugin[]> = {
  [K in Name]: Service;
} & ServicesOf<Requires>;

/** A plugin's view of the context: the services of the plugins it requires, typed, by their names. */
export type PluginContext<Requires extends readonly AnyPlugin[] = readonly []> = Omit<CoreContext, 'services'> & {
  services: ServicesOf<Requires>;
};

export interface PluginDefinition<
  Name extends string = string,
  Service = unknown,
  Requires extends readonly AnyPlugin[] = readonly [],
> {
  name: Name;
  /**
   * The plugins whose services this one uses (their definitions, from their `index.ts`). They must come before it
   * in `plugins/index.ts`: start-up refuses a list where one is missing or after it (`checkPluginOrder`).
   */
  requires?: Requires;
  /** The plugin's tables (defineEntity schemas). */
  entities?: EntitySchema[];
  /** The migrations that build those tables (`plugins/<name>/migrations/index.ts`); core runs every plugin's in timestamp order. */
  migrations?: readonly MigrationClass[];
  /** Builds the plugin's service: its business rules, testable without HTTP or Discord. */
  service?: (ctx: PluginContext<Requires>) => Service;
  /** Registers the plugin's HTTP routes, each with its zod schemas and its guard. */
  routes?: (app: App, service: Service, ctx: PluginContext<Requires>) => void | Promise<void>;
  /**
   * Gateway event filters: for a domain event of this plugin, what the live gateway sends and to whom
   * (core/gateway). Return null to send nothing. The gateway applies the audience; the plugin never sees sockets.
   */
  gateway?: GatewayFilters;
  /**
   * Slash commands (core/commands.ts), one per file under `commands/`; served by HTTP interactions and the gateway
   * client. A command's handler sees this plugin's service and those of the plugins it requires, typed through
   * `commandsFor<CommandServicesOf<…>>()` (plugins/<name>/commands/define.ts).
   */
  commands?: readonly AnyCommand[];
  /**
   * Work the web process does once at start, after every plugin's routes and before it listens (catching up on what
   * happened while no process ran). A failure is logged; the server starts anyway.
   */
  start?: (service: Service, ctx: PluginContext<Requires>) => Promise<unknown>;
  /** The plugin's periodic tasks (core/jobs.ts): the web process runs them while it serves, one runner across replicas. */
  jobs?: (service: Service, ctx: PluginContext<Requires>) => readonly JobSpec[];
  /**
   * Its environment variables and the config it makes of them (`definePluginConfig`, core/config.ts), validated at
   * start with core's in one report; it reads the result as `ctx.config.plugins.<name>`, typed by declaring it into
   * `PluginConfigs` (declaration merging). A process passes its plugin list to `loadConfig`.
   */
  // biome-ignore lint/suspicious/noExplicitAny: any plugin's variables
  config?: PluginConfigDefinition<any, unknown>;
  /**
   * Origins of pictures any page may show beside core's (the Content-Security-Policy's img-src), from the config:
   * an image host, say. Null or undefined entries are left out.
   */
  imageOrigins?: (config: Config) => readonly (string | null | undefined)[];
  /**
   * The audit actions its writes record and their labels, and its target types (core/audit/schemas.ts). Declare the
   * same object's keys into `AuditActions` (and `AuditTargetTypes`) by declaration merging, so that `audit.record`
   * type-checks them: the example plugin (tests/fixtures/example-plugin/index.ts) shows both.
   */
  audit?: AuditContribution;
  /**
   * The permission port (core/auth/held-ranks.ts): the plugin that owns ranks says, as one SQL expression, which ranks
   * a user holds; sessions select it with the user. At most one plugin fills it; without one, nobody holds a rank.
   */
  heldRanks?: HeldRanksSource;
  /**
   * Its pages' guards and its staff sidebar entries (core/pages.ts), which the site applies beside its own pages'
   * (site/lib/route-guards.ts, site/lib/staff-sidebar.ts); a guard or entry that asks something asks this plugin's
   * service.
   */
  pages?: PluginPages<Service>;
  /**
   * Its texts in every locale (`plugins/<name>/i18n/`, core/i18n): the catalogue its commands and replies read, checked
   * for missing keys and texts left untranslated with every other plugin's (tests/app/i18n.test.ts).
   */
  i18n?: AnyCatalogue;
  /**
   * What it holds about a user (core/personal-data.ts): its section of the user's export, and how it erases or
   * pseudonymises its rows when the user deletes their account. Every plugin with a table naming a user has one.
   */
  personalData?: (service: Service, ctx: PluginContext<Requires>) => PersonalDataContribution;
  /** Demo data for a new database, so each of the plugin's screens has something to show. */
  seed?: (service: Service, ctx: PluginContext<Requires>) => Promise<void>;
}

export type GatewayFilters = {
  [E in EventName]?: (payload: DomainEvents[E]) => GatewayDispatch | readonly GatewayDispatch[] | null;
};

/** A plugin's one entry point (`plugins/<name>/index.ts`). Identity function: it exists for the types. */
export function definePlugin<
  const Name extends string,
  Service = undefined,
  const Requires extends readonly AnyPlugin[] = readonly [],
>(definition: PluginDefinition<Name, Service, Requires>): PluginDefinition<Name, Service, Requires> {
  return definition;
}

// biome-ignore lint/suspicious/noExplicitAny: any plugin, whatever its service and requirements: its hooks' parameters reject `unknown`
export type AnyPlugin = PluginDefinition<string, any, any>;

/** `{ settings: SettingsService, ... }` for a list of plugins. */
export type ServicesOf<Plugins extends readonly AnyPlugin[]> = {
  [P in Plugins[number] as P['name']]: P extends PluginDefinition<string, infer S, infer _R> ? S : never;
};

/** Every origin of pictures the plugins let any page show (their `imageOrigins`), for the Content-Security-Policy. */
export function imageOriginsOf(plugins: readonly AnyPlugin[], config: Config): string[] {
  return plugins.flatMap((plugin) =>
    (plugin.imageOrigins?.(config) ?? []).filter((origin): origin is string => Boolean(origin)),
  );
}

/** Every plugin's slash commands, in plugin order. */
export function commandsOf(plugins: readonly AnyPlugin[]): AnyCommand[] {
  return plugins.flatMap((plugin): readonly AnyCommand[] => plugin.commands ?? []);
}

/**
 * Refuses a plugin list in which a plugin requires one that is missing or comes after it: services are built in
 * list order, so each must find those it requires already built. The message names both plugins.
 */
export function checkPluginOrder(plugins: readonly AnyPlugin[]): void {
  const seen = new Set<string>();
  const names = new Set(plugins.map((plugin) => plugin.name));
  for (const plugin of plugins) {
    for (const required of plugin.requires ?? []) {
      if (!names.has(required.name)) {
        throw new Error(`Plugin "${plugin.name}" requires "${required.name}", which is not in the plugin list`);
      }
      if (!seen.has(required.name)) {
        throw new Error(
          `Plugin "${plugin.name}" requires "${required.name}", which comes after it: list "${required.name}" first`,
        );
      }
    }
    seen.add(plugin.name);
  }
}

/**
 * Refuses to build plugins whose configuration was not loaded (`loadConfig(env, plugins)` with the same list): their
 * `ctx.config.plugins.<name>` would be missing.
 */
export function checkPluginConfigs(plugins: readonly AnyPlugin[], config: Config): void {
  const loaded = config.plugins as unknown as Record<string, unknown>;
  const missing = plugins.filter((plugin) => plugin.config && !(plugin.name in loaded)).map((plugin) => plugin.name);
  if (missing.length > 0)
    throw new Error(`The configuration was loaded without the plugins ${missing.join(', ')}: loadConfig(env, plugins)`);
}

/** Builds every plugin's service in list order into `ctx.services` (after `checkPluginOrder`). */
export function createServices(plugins: readonly AnyPlugin[], ctx: CoreContext): void {
  checkPluginOrder(plugins);
  checkPluginConfigs(plugins, ctx.config);
  const services = ctx.services as Record<string, unknown>;
  for (const plugin of plugins) {
    if (plugin.service) services[plugin.name] = plugin.service(ctx);
  }
  ctx.personalData.register(
    plugins.flatMap((plugin) =>
      plugin.personalData ? [{ name: plugin.name, ...plugin.personalData(services[plugin.name], ctx) }] : [],
    ),
  );
}
