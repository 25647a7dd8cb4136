import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { COMPILE_CACHE_FOLDER } from '../../web/compile-cache.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('Could not find a free port');
  return address.port;
}

/** The status of one GET, or 0 when nothing answers yet. No keep-alive: each poll is a fresh connection. */
export function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(0));
  });
}

/**
 * The environment for `server.ts` on the embedded database in `dataDir`, with demo data, whatever the calling
 * shell has set (a DATABASE_URL or NODE_ENV=production there would change what runs).
 */
export function appEnv(dataDir: string): Record<string, string> {
  return { NODE_ENV: 'development', DATABASE_URL: '', DEMO_DATA: 'true', LOG_LEVEL: 'info', DATA_DIR: dataDir };
}

/**
 * The environment a launcher gives a process on top of its own: Node's compile cache turned on before the entry is
 * read, in the project's folder, as `npm start` and the image do (web/compile-cache.ts), unless the
 * caller's environment names another folder or turns the cache off.
 */
export function launchEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { NODE_COMPILE_CACHE: path.join(ROOT, COMPILE_CACHE_FOLDER), ...env };
}

/** The seeded demo users (plugins/users/seed.ts) that process tests sign in as. */
export const DEMO_USERS = {
  customer: '1100000000000000001',
  chef: '1100000000000000002',
  driver: '1100000000000000003',
  manager: '1100000000000000004',
  owner: '1100000000000000005',
} as const;

/** A real session for a demo user, through the dev sign-in of the server at `baseUrl` (outside production, without Discord OAuth). */
export async function devSignIn(baseUrl: string, userId: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/client/dev/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ userId }),
  });
  if (res.status !== 200) throw new Error(`dev sign-in as ${userId} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { sessionToken: string }).sessionToken;
}

export interface StartOptions {
  /** Relative to the project root. */
  script?: string;
  /** The process's working folder (the project root by default): where it finds `dist/`. */
  cwd?: string;
  /** Polled until it answers 200: the moment the server counts as started. */
  readyPath?: string;
  timeoutMs?: number;
  /**
   * Keep only the last this many characters of what the process prints (a benchmark's server logs every request:
   * kept whole, its output would grow by tens of megabytes). Everything by default.
   */
  outputLimit?: number;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from readyPath. */
  readyMs: number;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGINT (Ctrl-C), then waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Sends a signal (SIGTERM: what `docker stop` sends); resolves with the exit code once the process has exited. */
  signal(name: NodeJS.Signals): Promise<number | null>;
}

/** What a server script prints once it listens (`Virtual Diner is ready at http://localhost:4321`): its port. */
const ANNOUNCED = /ready at http:\/\/\S+:(\d+)/;

/**
 * Starts `script` in a child process with the same Node binary, so that the server does not share an event loop
 * (or a CPU) with whoever drives it. The child listens on a port the system picks (PORT=0) and announces it
 * (server.ts and the bench's servers print `ready at <url>`): a port chosen here and bound there could be taken by
 * another test's server in between, and the polls would then reach that server instead of a child that had exited.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const {
    script = 'server.ts',
    cwd = ROOT,
    readyPath = '/api/health',
    timeoutMs = 30_000,
    outputLimit = Infinity,
  } = options;
  const started = performance.now();
  const childEnv = { ...launchEnv(process.env), HOST: '127.0.0.1', ...env, PORT: '0' };
  const child = spawn(process.execPath, [path.join(ROOT, script)], {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let port: string | undefined;
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    port ??= ANNOUNCED.exec(output)?.[1];
    if (output.length > outputLimit * 2) output = output.slice(-outputLimit);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const url = () => `http://${childEnv.HOST}:${port}`;
  while (port === undefined || (await statusOf(url() + readyPath)) !== 200) {
    if (exitCode !== undefined) throw new Error(`${script} exited (code ${exitCode}) before it was ready:\n${output}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${script} was not ready after ${timeoutMs} ms:\n${output}`);
    }
    await sleep(20);
  }
  const readyMs = performance.now() - started;

  return {
    url: url(),
    pid: child.pid!,
    readyMs,
    output: () => output,
    signal(name) {
      if (exitCode === undefined) child.kill(name);
      return exited;
    },
    async stop() {
      if (exitCode !== undefined) return exitCode;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs `script` to its end (for start-up failures); resolves with its exit code and output. */
export function runToExit(
  env: Record<string, string>,
  script = 'server.ts',
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const childEnv = { ...launchEnv(process.env), ...env };
    const child = spawn(process.execPath, [script], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not exit within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Runs `node scripts/<script> <args>` (npm run backup, restore, …) to its end: its exit code and what it printed. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', script), ...args], {
      cwd: ROOT,
      env: { ...launchEnv(process.env), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
