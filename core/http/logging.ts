import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';
import type { Config } from '../config.ts';

/** The level of the one line per request (core/http/server.ts onResponse). */
export function requestLogLevel(env: Config['env']): 'info' | 'debug' {
  return env === 'production' ? 'info' : 'debug';
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
