import { defineConfig } from 'vitest/config';

/**
 * Unit tests (`*.test.ts`) and integration tests (`*.int.test.ts`, Fastify inject against a real database) beside
 * the code. The integration suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
 */
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'pglite',
          include: ['core/**/*.test.ts', 'plugins/**/*.test.ts', 'bot/**/*.test.ts', 'tests/process/**/*.test.ts', 'tests/stand-ins/**/*.test.ts', 'site/lib/**/*.test.ts', 'site/stores/**/*.test.ts'],
          env: { VD_TEST_DATABASE: 'pglite' },
          globalSetup: ['tests/support/pglite-template.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'postgresql',
                include: ['core/**/*.int.test.ts', 'plugins/**/*.int.test.ts', 'bot/**/*.int.test.ts'],
                env: { VD_TEST_DATABASE: 'postgresql' },
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
