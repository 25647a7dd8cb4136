import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/support/database.ts';
import { until } from '../tests/support/until.ts';
import { Job, type JobSpec } from './jobs.ts';
import { Metrics } from './metrics/metrics.ts';

const log = pino({ level: 'silent' });

/** A pass that waits until the test lets it end, counting how many run at once. */
function gatedPasses() {
  let release: () => void = () => {};
  const state = { started: 0, running: 0, most: 0 };
  return {
    state,
    release: () => release(),
    run: async () => {
      state.started++;
      state.running++;
      state.most = Math.max(state.most, state.running);
      await new Promise<void>((resolve) => (release = resolve));
      state.running--;
    },
  };
}

describe('jobs', () => {
  let db: TestDatabase;
  const jobs: Job[] = [];
  const job = (spec: JobSpec, metrics?: Metrics) => {
    const made = new Job(spec, db.orm, log, metrics);
    jobs.push(made);
    return made;
  };

  beforeAll(async () => {
    db = await createTestDatabase([]);
    await db.orm.em.fork().execute('select 1');
  });
  afterAll(async () => {
    await Promise.all(jobs.map((j) => j.stop()));
    await db?.drop();
  });

  it('runs a pass every interval, never two at once; stop waits for the pass in progress', async () => {
    const passes = gatedPasses();
    const sweep = job({ name: 'test.gated', intervalMs: 5, firstDelayMs: 0, run: passes.run });
    sweep.start();
    await until(() => passes.state.started === 1);
    // Overdue while the pass runs: the next one waits for it, and shows as lag.
    await until(() => sweep.lagMs >= 20);
    expect(passes.state.started).toBe(1);
    passes.release();
    await until(() => passes.state.started === 2);
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    passes.release();
    await stopping;
    expect(passes.state.most).toBe(1);
    expect(passes.state.started).toBe(2);
  });

  it('a failing pass is counted and logged, and the next one runs', async () => {
    const metrics = await Metrics.create(true);
    let calls = 0;
    const failing = job(
      {
        name: 'test.failing',
        intervalMs: 5,
        firstDelayMs: 0,
        metrics: { duration: 'vd_t_duration_seconds', failures: 'vd_t_failures_total', lag: 'vd_t_lag_seconds' },
        run: async () => {
          calls++;
          if (calls === 1) throw new Error('boom');
        },
      },
      metrics,
    );
    failing.start();
    await until(() => calls >= 3);
    await failing.stop();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^vd_t_failures_total 1$/m);
    expect(text).toMatch(/^vd_t_duration_seconds_count [2-9]\d*$/m);
  });

  it('never runs without an interval', async () => {
    let calls = 0;
    const off = job({ name: 'test.off', intervalMs: 0, firstDelayMs: 0, run: async () => void calls++ });
    off.start();
    await off.stop();
    expect(calls).toBe(0);
  });

  it.runIf(process.env.VD_TEST_DATABASE === 'postgresql')(
    'one runner across replicas: a pass skips while another process holds the job, then takes over',
    async () => {
      const first = gatedPasses();
      let second = 0;
      const a = job({ name: 'test.replicas', intervalMs: 5, firstDelayMs: 0, run: first.run });
      a.start();
      await until(() => first.state.started === 1);
      const b = job({ name: 'test.replicas', intervalMs: 5, firstDelayMs: 0, run: async () => void second++ });
      b.start();
      await until(() => b.skipped >= 3);
      expect(second).toBe(0);
      const stopping = a.stop();
      first.release();
      await stopping;
      await until(() => second >= 1);
      await b.stop();
    },
  );
});
