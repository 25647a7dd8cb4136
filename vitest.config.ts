import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests (`*.test.ts`) and integration tests (`*.int.test.ts`, Fastify inject against a real database) beside
 * the code. Every test runs once, on in-memory PGlite. When TEST_DATABASE_URL is set, the `postgresql` project runs
 * again what PGlite cannot prove (docs/architecture.md, "Tests"): PGlite runs one transaction at a time on one
 * connection, so it hides races, locks, limits and sessions of their own.
 */
const postgres = process.env.TEST_DATABASE_URL;

/**
 * Both projects' files. `isolate: false`: a worker keeps the modules it has loaded from one file to the next, rather
 * than loading the whole app again for each of 181 files (import was a fifth of the run; the run took 285 s rather
 * than 173). Nothing of a test's lives in a module: each file makes its own server and database, restores the timers
 * and globals it stubs, and relies on no module's state (an ID minted in the past, say).
 */
const EVERY_FILE = { isolate: false, testTimeout: 20_000, hookTimeout: 30_000 };

const ON_POSTGRESQL = [
  'core/jobs.int.test.ts',
  // Races: "exactly one winner" and serialisation under concurrency. Every race test lives in a races file.
  '{core,plugins,bot}/**/*races.int.test.ts',
  // The database layer: connections, limits, prepared statements, the pool's gauges, LISTEN/NOTIFY (event bridge).
  'core/db/**/*.int.test.ts',
  // Every migration, on the database production runs.
  'plugins/**/*-migration.int.test.ts',
  'tests/app/migrations.int.test.ts',
  'tests/app/upgrade.int.test.ts',
  // Entities and migrations agree, on each database's introspection.
  'tests/app/schema-drift.int.test.ts',
  // PostgreSQL's own behaviour: a statement cancelled by statement_timeout and sessions' idle limits, and the
  // kitchen's daily rollups (the database's clock, advisory locks, a second session).
  'tests/app/database-limits.int.test.ts',
  'plugins/orders/day-rollups.int.test.ts',
];

export default defineConfig({
  test: {
    // Files side by side, one per core: each has its own server and database (tests/support/database.ts). More
    // workers than cores starved the process tests' servers of CPU on a busy 2-core machine.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'pglite',
          include: [
            'core/**/*.test.ts',
            'plugins/**/*.test.ts',
            'bot/**/*.test.ts',
            'tests/process/**/*.test.ts',
            'tests/app/**/*.test.ts',
            'tests/stand-ins/**/*.test.ts',
            'site/lib/**/*.test.ts',
            'site/styles/**/*.test.ts',
            'site/stores/**/*.test.ts',
          ],
          env: { VD_TEST_DATABASE: 'pglite' },
          globalSetup: ['tests/support/pglite-template.ts'],
          ...EVERY_FILE,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'postgresql',
                include: ON_POSTGRESQL,
                env: { VD_TEST_DATABASE: 'postgresql' },
                ...EVERY_FILE,
              },
            },
          ]
        : []),
    ],
  },
});
