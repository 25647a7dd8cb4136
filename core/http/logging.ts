import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, DestinationStream, Level, Logger } from 'pino';
import type { Config } from '../config.ts';

/**
 * How the server logs. Production: pino's JSON, one line per entry and one `request` line (info) per request, for
 * log shippers. Development: the same entries as readable lines (a small formatter of our own: pino-pretty is not
 * a dependency), and request lines at debug, so a page view does not print three or four lines unless
 * LOG_LEVEL=debug asks for them. Tests: JSON (they parse it), requests at debug.
 */
export type LogFormat = 'json' | 'pretty';

export function logFormatFor(env: Config['env']): LogFormat {
  return env === 'development' ? 'pretty' : 'json';
}

/** The level of the one line per request (core/http/server.ts onResponse). */
export function requestLogLevel(env: Config['env']): 'info' | 'debug' {
  return env === 'production' ? 'info' : 'debug';
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
 * A request's logger (`request.log`), set by the server's first onRequest hook (core/http/server.ts), whose pino child
 * is made only when the request writes a line. pino's child costs an object, its bindings as JSON and its formatters
 * rebuilt, and most requests write nothing (development and tests log requests at debug). A call at a level the
 * server does not write returns at once; the first that is written makes pino's child, which then takes every call,
 * so the line carries the request id.
 */
export class RequestLogger implements FastifyBaseLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: Logger | null = null;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  #logger(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    if (!(this.#child ?? this.#parent).isLevelEnabled(level)) return;
    const logger = this.#logger();
    (logger[level] as (...line: unknown[]) => void).apply(logger, args);
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}
