import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { UserSchema } from '../../core/auth/entities.ts';
import { type Config, loadConfig } from '../../core/config.ts';
import type { GatewayOptions } from '../../core/gateway/hub.ts';
import { buildServer, type Server } from '../../core/http/server.ts';
import type { BuiltSite } from '../../core/http/site.ts';
import { forgetMintedIds, newId } from '../../core/ids.ts';
import type { AnyPlugin } from '../../core/plugin.ts';
import { type Permission, toBits } from '../../core/shared/permissions.ts';
import { plugins as allPlugins } from '../../plugins/index.ts';
import { RankSchema } from '../../plugins/ranks/entities.ts';
import { addRankIn } from '../../plugins/ranks/index.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestUserOptions {
  id?: string;
  username?: string;
  permissions?: Permission[];
  /** Perks given by hand (a user manager's). */
  perks?: string[];
  /** Permissions granted through a rank rather than directly. */
  rankPermissions?: Permission[];
  /** Where that rank sits (default: above every rank made so far). */
  rankPosition?: number;
  ban?: { reason?: string | null; expires?: Date | null };
}

export interface TestUser {
  id: string;
  token: string;
  /** `Authorization: Bearer` for inject. */
  auth: Record<string, string>;
}

export interface TestApp {
  server: Server;
  config: Config;
  db: TestDatabase;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  createUser(options?: TestUserOptions): Promise<TestUser>;
  close(): Promise<void>;
}

let rankPosition = 1000;

/** The real server (every plugin, real database) without the site (or with a test's stand-in), driven by inject. */
export async function createTestApp(
  options: {
    plugins?: readonly AnyPlugin[];
    env?: Record<string, string>;
    now?: () => number;
    gateway?: GatewayOptions;
    logStream?: DestinationStream;
    /** A stand-in for the Astro build: its handler gets each page request with the `locals` pages would get. */
    site?: BuiltSite;
  } = {},
): Promise<TestApp> {
  const plugins = options.plugins ?? allPlugins;
  // A worker runs many files' apps (vitest.config.ts, isolate: false): this app's IDs follow its own clock, not the
  // clock of an app before it.
  forgetMintedIds();
  // A short database limit: a statement stuck on a connection fails the test within seconds, naming the statement,
  // instead of hanging until the test's own timeout (a test of the limit itself sets its own).
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: ':memory:',
      DATABASE_TIMEOUT_MS: '5000',
      ...options.env,
    },
    plugins,
  );
  const db = await createTestDatabase(plugins, { timeoutMs: config.databaseTimeoutMs });
  // Every answer is checked against its route's declared responses; an inject that got a wrong one fails (below).
  const problems: string[] = [];
  const server = await buildServer({
    config,
    orm: db.orm,
    plugins,
    site: options.site ?? null,
    now: options.now,
    gateway: options.gateway,
    logStream: options.logStream,
    onResponseProblem: (problem) => problems.push(problem),
  });
  return {
    server,
    config,
    db,
    async inject(injectOptions) {
      const response = await server.app.inject(injectOptions);
      if (problems.length > 0)
        throw new Error(`An answer does not match its route's declared responses:\n${problems.splice(0).join('\n')}`);
      return response;
    },
    async createUser(user = {}) {
      const em = db.orm.em.fork();
      const id = user.id ?? newId();
      em.create(UserSchema, {
        id,
        username: user.username ?? `user${id.slice(-6)}`,
        permissions: toBits(user.permissions ?? []),
        manualPerks: user.perks ?? [],
        ban: user.ban
          ? {
              active: true,
              reason: user.ban.reason ?? null,
              expires: user.ban.expires ?? null,
              createdAt: new Date(),
              createdBy: null,
            }
          : { active: false },
      });
      const position = user.rankPermissions ? (user.rankPosition ?? rankPosition++) : null;
      const rank =
        user.rankPermissions && position !== null
          ? em.create(RankSchema, { name: `Rank ${position}`, position, permissions: toBits(user.rankPermissions) })
          : null;
      await em.flush();
      // The ranks plugin's tables: an app built without it has no rank to give.
      if (rank) await addRankIn(em, id, rank.id);
      const { token } = await server.ctx.sessions.create(id);
      return { id, token, auth: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await server.close();
      await db.drop();
      if (problems.length > 0)
        throw new Error(`Answers that do not match their route's declared responses:\n${problems.join('\n')}`);
    },
  };
}
