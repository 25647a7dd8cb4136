import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

/**
 * How the processes log (the web server, a bot shard). Production: pino's JSON on standard output, one line per entry,
 * for log shippers. Development: the same entries as readable lines through pino-pretty. Tests: JSON (they parse it).
 * Request lines are Fastify's (core/http/server.ts).
 */

/**
 * pino-pretty in this process, writing synchronously: lines appear as they are logged, in order with anything
 * written with console.log, and the last line before process.exit is not lost. A devDependency, imported only in
 * development: production (NODE_ENV=production, as in the image) never loads it.
 */
async function prettyOutput(): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ sync: true, singleLine: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' });
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
 * The process's logger (the web server's, given to Fastify, and a bot shard's): readable lines in development, JSON
 * in batches otherwise; tests may hand in their own stream. Secrets in request headers are redacted wherever a line
 * carries them (a route's own serializers may add the headers).
 */
export async function createLogger(
  config: Pick<Config, 'env' | 'logLevel'>,
  stream?: DestinationStream,
): Promise<Logger> {
  return pino(
    { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    stream ?? (config.env === 'development' ? await prettyOutput() : standardOutput()),
  );
}
