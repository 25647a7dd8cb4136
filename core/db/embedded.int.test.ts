import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/database.ts';
import { EMBEDDED_SHARED_BUFFERS } from './embedded.ts';

/** The embedded database's own settings (PGlite only: PostgreSQL is configured by its operator). */
describe.skipIf(process.env.VD_TEST_DATABASE === 'postgresql')('the embedded database', () => {
  it(`runs with ${EMBEDDED_SHARED_BUFFERS} of shared buffers, not PostgreSQL's default 128MB (the idle process stays small)`, async () => {
    const db = await createTestDatabase([], { migrate: false });
    try {
      const [row] = await db.orm.em.fork().execute<{ shared_buffers: string }[]>('show shared_buffers');
      expect(row?.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    } finally {
      await db.drop();
    }
  });
});
