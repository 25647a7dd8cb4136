import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { coldStart } from './cases/cold-start.ts';
import { fanout } from './cases/fanout.ts';
import { identifyCase } from './cases/identify.ts';
import { interactionsCase } from './cases/interactions.ts';
import { metricsCase } from './cases/metrics.ts';
import { ordersCase } from './cases/orders.ts';
import { pageWeight } from './cases/page-weight.ts';
import { purchasesCase } from './cases/purchases.ts';
import { statisticsCase } from './cases/statistics.ts';
import { throughput } from './cases/throughput.ts';
import { writesCase } from './cases/writes.ts';
import { startBenchDiscord } from './discord.ts';
import { type BenchCase, type Cell, deployDiscord, formatTable, ROOT, verdict } from './lib.ts';
import { BUSY_CORES, othersMeter, sampleOthers, waitForQuiet } from './machine.ts';

/**
 * `npm run bench [-- case-name …]`: builds the site, runs the cases (all, or those named), prints a table per case
 * and writes bench/results/latest.json. Figures are printed against issue 42's budgets, never asserted; a verdict is
 * given only when other processes left the CPU to the bench (bench/machine.ts).
 */
const CASES: BenchCase[] = [
  coldStart,
  throughput,
  writesCase,
  ordersCase,
  purchasesCase,
  fanout,
  identifyCase,
  interactionsCase,
  metricsCase,
  statisticsCase,
  pageWeight,
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !CASES.some((c) => c.name === name));
if (unknown.length > 0) {
  console.error(`Unknown case(s): ${unknown.join(', ')}. Cases: ${CASES.map((c) => c.name).join(', ')}`);
  process.exit(1);
}
const selected = wanted.length > 0 ? CASES.filter((c) => wanted.includes(c.name)) : CASES;

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  node: process.version,
};
console.log(
  `Virtual Diner benchmarks: Node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}, ${machine.platform}`,
);
if (!existsSync(path.join(ROOT, 'dist', 'server', 'entry.mjs'))) {
  console.log(
    'Note: the site is not built (dist/ is missing): the server starts without it. `npm run bench` builds first.',
  );
}

// Every app server of every case runs with Discord configured, as deployed diners do.
const discord = await startBenchDiscord();
deployDiscord(discord.env);
const loadAverage = () => os.loadavg().map((n) => n.toFixed(2));

const results: Record<string, unknown> = {};
/** Every budget of the run with its verdict, printed together at the end. */
const allBudgets: Record<string, Cell>[] = [];
for (const benchCase of selected) {
  console.log(`\n== ${benchCase.name}: ${benchCase.description}`);
  // Others' CPU, measured while the bench does nothing: before the case (waiting up to 30 s for quiet), over the
  // whole case (the machine less this process, its servers and PostgreSQL), and just after it.
  const quiet = await waitForQuiet();
  const othersBefore = quiet.others;
  const started = Date.now();
  const loadAtStart = loadAverage();
  const meter = othersMeter(true);
  const result = await benchCase.run();
  const othersDuring = meter.done();
  const loadAtEnd = loadAverage();
  const othersAfter = await sampleOthers();
  console.log(formatTable(result.rows));
  for (const note of result.notes ?? []) console.log(note);
  const others = [othersBefore, othersDuring, othersAfter];
  const worst = others.some((o) => o === null) ? null : Math.max(...(others as number[]));
  const budgets = (result.budgets ?? []).map((b) => ({ ...b, verdict: verdict(b.met, worst, b.loadBound) }));
  if (budgets.length > 0) {
    const rows = budgets.map((b) => ({ budget: b.measure, figure: b.figure, target: b.budget, verdict: b.verdict }));
    console.log(`\nBudgets (${benchCase.name}):\n${formatTable(rows)}`);
    allBudgets.push(...rows.map((row) => ({ case: benchCase.name, ...row })));
  }
  const cores = (o: number | null) => (o === null ? 'n/a' : o.toFixed(2));
  console.log(
    `(${((Date.now() - started) / 1000).toFixed(1)} s; load average ${loadAtStart.join(', ')} at the start, ${loadAtEnd.join(', ')} at the end; others' CPU ${cores(othersBefore)} cores before${quiet.waitedS > 1.5 ? ` (after ${quiet.waitedS} s waiting for quiet)` : ''}, ${cores(othersDuring)} during, ${cores(othersAfter)} after; verdicts ${worst !== null && worst <= BUSY_CORES ? 'given' : 'refused'}: others may use at most ${BUSY_CORES} cores)`,
  );
  results[benchCase.name] = {
    ...(result.data ? { figures: result.data } : { rows: result.rows }),
    budgets,
    loadAtStart,
    loadAtEnd,
    othersCores: { before: othersBefore, during: othersDuring, after: othersAfter, waitedForQuietS: quiet.waitedS },
  };
}
if (allBudgets.length > 0)
  console.log(`\n== Budgets, this run (issue 42's, and the statistics screens' target)\n${formatTable(allBudgets)}`);
await discord.close();

const file = path.join(ROOT, 'bench', 'results', 'latest.json');
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, `${JSON.stringify({ timestamp: new Date().toISOString(), machine, results }, null, 2)}\n`);
console.log(`\nResults written to ${path.relative(process.cwd(), file)}`);
