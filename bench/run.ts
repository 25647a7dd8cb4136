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
import { type BenchCase, deployDiscord, formatTable, ROOT } from './lib.ts';

/**
 * `npm run bench [-- case-name …]`: builds the site, runs the cases (all, or those named), prints a table per case
 * and writes bench/results/latest.json. Figures are printed against their targets, never asserted.
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
for (const benchCase of selected) {
  console.log(`\n== ${benchCase.name}: ${benchCase.description}`);
  const started = Date.now();
  const loadAtStart = loadAverage();
  const result = await benchCase.run();
  console.log(formatTable(result.rows));
  for (const note of result.notes ?? []) console.log(note);
  const loadAtEnd = loadAverage();
  console.log(
    `(${((Date.now() - started) / 1000).toFixed(1)} s; load average ${loadAtStart.join(', ')} at the start, ${loadAtEnd.join(', ')} at the end)`,
  );
  results[benchCase.name] = {
    ...(result.data ? { figures: result.data } : { rows: result.rows }),
    loadAtStart,
    loadAtEnd,
  };
}
await discord.close();

const file = path.join(ROOT, 'bench', 'results', 'latest.json');
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, `${JSON.stringify({ timestamp: new Date().toISOString(), machine, results }, null, 2)}\n`);
console.log(`\nResults written to ${path.relative(process.cwd(), file)}`);
