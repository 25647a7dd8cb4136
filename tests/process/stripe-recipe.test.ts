import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { plugins } from '../../plugins/index.ts';
import { appEnv, DEMO_USERS, devSignIn, freePort, launchEnv, ROOT, startServer } from '../support/spawn-server.ts';

/**
 * README "Against the Stripe stand-in", as written: start `tests/stand-ins/stripe/main.ts`, take the variables it
 * prints, start the app with them.
 */
describe("README's Stripe stand-in recipe", () => {
  const children: ChildProcess[] = [];
  let dataDir: string | undefined;
  afterAll(async () => {
    for (const child of children) child.kill('SIGINT');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Runs the stand-in's main until it has printed its last line; answers the lines printed. */
  async function startStandIn(env: Record<string, string>): Promise<string[]> {
    const child = spawn(process.execPath, [path.join(ROOT, 'tests/stand-ins/stripe/main.ts')], {
      cwd: ROOT,
      env: { ...launchEnv(process.env), PORT: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Control:')) resolve();
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`the stand-in exited (code ${code}):\n${output}`)));
    });
    return output.split('\n');
  }

  /** The printed `NAME=value` lines as a shell reads them (quotes and all): what `NAME=value … npm start` hands the app. */
  function asShellReadsThem(lines: string[]): Record<string, string> {
    const assignments = lines.filter((line) => /^[A-Z_]+=/.test(line));
    const printed = execFileSync('sh', ['-c', `${assignments.join(' ')} env -0`], { env: {}, encoding: 'utf8' });
    const names = assignments.map((line) => line.slice(0, line.indexOf('=')));
    const env = Object.fromEntries(
      printed
        .split('\0')
        .filter(Boolean)
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
    return Object.fromEntries(names.map((name) => [name, env[name]!]));
  }

  it('prints settings the configuration takes; the app started with them offers the plans, and its demo data subscribes Casey through the stand-in', {
    timeout: 90_000,
  }, async () => {
    const appPort = await freePort();
    const printed = asShellReadsThem(await startStandIn({ APP_PORT: String(appPort) }));
    expect(Object.keys(printed).sort()).toEqual([
      'STRIPE_API_URL',
      'STRIPE_PLANS',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);

    const config = loadConfig({ ...appEnv(':memory:'), ...printed }, plugins);
    expect(config.plugins.billing.configured).toBe(true);
    expect(config.plugins.billing.plans.map((plan) => plan.id)).toEqual(['supporter', 'patron']);

    dataDir = await mkdtemp(path.join(tmpdir(), 'vd-stripe-recipe-'));
    const app = await startServer({ ...appEnv(dataDir), ...printed });
    try {
      const plans = await fetch(`${app.url}/api/client/stripe/subscriptions`);
      expect(plans.status).toBe(200);
      const { subscriptions } = (await plans.json()) as { subscriptions: { id: string; perks: string[] }[] };
      expect(subscriptions.map((plan) => plan.id)).toEqual(['supporter', 'patron']);
      // "On a new database the demo data then subscribes Casey Customer to Supporter", through the stand-in.
      const casey = await devSignIn(app.url, DEMO_USERS.customer);
      const mine = await fetch(`${app.url}/api/client/stripe/subscriptions/@me`, {
        headers: { authorization: `Bearer ${casey}` },
      });
      expect(await mine.json()).toMatchObject({ subscriptions: [{ planId: 'supporter', state: 'active' }] });
    } finally {
      expect(await app.stop()).toBe(0);
    }
  });
});
