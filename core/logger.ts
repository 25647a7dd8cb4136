import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

/**
 * How the processes log (the web server, a bot shard). Production: pino's JSON, one line per entry and one `request` line (info) per request, for
 * log shippers. Development: the same entries as readable lines (a small formatter of our own: pino-pretty is not
 * a dependency), and request lines at debug, so a page view does not print three or four lines unless
 * LOG_LEVEL=debug asks for them. Tests: JSON (they parse it), requests at debug.
 */
export type LogFormat = 'json' | 'pretty';

export function logFormatFor(env: Config['env']): LogFormat {
  return env === 'development' ? 'pretty' : 'json';
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
/** pino's own fields, and the ones the line shows in its fixed places. */
const SHOWN = new Set([
  'level',
  'time',
  'msg',
  'pid',
  'hostname',
  'reqId',
  'method',
  'url',
  'statusCode',
  'ms',
  'err',
  'v',
]);

function clock(time: unknown): string {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}:${String(date.getSeconds()).padStart(2, '0')}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/**
 * One pino entry as one readable line: time, level, message, request id, method, URL, status and duration, then
 * any other field as `key=value`. An entry with an error adds its stack on the lines below, indented.
 */
export function formatEntry(entry: Record<string, unknown>, colour = false): string {
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const label = (LEVELS[level] ?? String(level)).padEnd(5);
  const paint = (code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[39m` : text);
  const parts = [paint('90', clock(entry.time)), paint(COLOURS[level] ?? '39', label), String(entry.msg ?? '')];
  if (entry.reqId !== undefined) parts.push(paint('90', String(entry.reqId)));
  if (entry.method !== undefined) parts.push(`${String(entry.method)} ${String(entry.url ?? '')}`);
  if (entry.statusCode !== undefined) parts.push(String(entry.statusCode));
  if (entry.ms !== undefined) parts.push(`${String(entry.ms)} ms`);
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  if (err && typeof err === 'object') {
    parts.push(paint('31', `${err.type ?? 'Error'}: ${err.message ?? ''}`));
    const stack = err.stack
      ?.split('\n')
      .slice(1)
      .map((line) => `    ${line.trim()}`);
    if (stack?.length) return `${parts.join(' ')}\n${stack.join('\n')}`;
  }
  return parts.join(' ');
}

/** A pino destination that writes each entry as formatEntry's line to `out` (standard output by default). */
export function prettyStream(
  out: { write(text: string): unknown; isTTY?: boolean } = process.stdout,
  colour = Boolean(out.isTTY) && !process.env.NO_COLOR,
): DestinationStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(`${formatEntry(entry, colour)}\n`);
    },
  };
}

/** The destination buildServer gives pino when no test hands it one: readable lines in development, else standard output as JSON. */
export function logDestination(env: Config['env']): DestinationStream | undefined {
  return logFormatFor(env) === 'pretty' ? prettyStream() : undefined;
}

/**
 * Standard output for the log, written in batches: lines gather until 4 KiB are waiting or 100 ms have passed, so a
 * busy process makes one write for many lines rather than one each. On exit (process.exit, a crash) what is waiting
 * is written synchronously; only a SIGKILL loses it, at most 100 ms of lines.
 */
function standardOutput(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 });
}

/**
 * The process's logger (the web server's and a bot shard's): readable lines in development, JSON in batches
 * otherwise; tests may hand in their own stream. Secrets in request headers are redacted.
 */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>, stream?: DestinationStream): Logger {
  return pino(
    { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    stream ?? logDestination(config.env) ?? standardOutput(),
  );
}
