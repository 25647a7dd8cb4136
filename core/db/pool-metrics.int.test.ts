import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleValue } from '../../tests/support/metrics-text.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The kernel's gauges of the PostgreSQL pool in a scrape; the embedded database has no pool to show. */
describe('the database pool in the metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => app?.close());

  it('shows the pool on PostgreSQL, and nothing of a pool on the embedded database', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    if (app.db.driver === 'postgresql') {
      expect(sampleValue(text, 'vd_db_pool_max')).toBe(10);
      expect(sampleValue(text, 'vd_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, 'vd_db_pool_connections', { state: 'used' })).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, 'vd_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('vd_db_pool');
    }
  });
});
