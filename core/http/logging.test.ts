import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { formatEntry, logFormatFor, prettyStream } from '../logger.ts';
import { RequestLogger, requestLogLevel } from './logging.ts';

describe('the log format', () => {
  it('is readable in development and JSON in production and tests', () => {
    expect(logFormatFor('development')).toBe('pretty');
    expect(logFormatFor('production')).toBe('json');
    expect(logFormatFor('test')).toBe('json');
  });

  it('logs requests at info in production only: development keeps them at debug', () => {
    expect(requestLogLevel('production')).toBe('info');
    expect(requestLogLevel('development')).toBe('debug');
    expect(requestLogLevel('test')).toBe('debug');
  });

  it('writes a request as one line: time, level, message, request id, method and URL, status, duration', () => {
    const time = new Date(2026, 10, 24, 9, 5, 7, 42).getTime();
    const line = formatEntry({
      level: 20,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-7',
      method: 'GET',
      url: '/leaderboard',
      statusCode: 200,
      ms: 12.3,
      msg: 'request',
    });
    expect(line).toBe('09:05:07.042 DEBUG request req-7 GET /leaderboard 200 12.3 ms');
  });

  it('adds other fields as key=value, and an error with its stack on indented lines below', () => {
    const line = formatEntry({
      level: 50,
      time: 0,
      msg: 'event listener failed',
      event: 'orderSent',
      err: { type: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at listener (a.ts:1:1)' },
    });
    const [first, ...rest] = line.split('\n');
    expect(first).toMatch(/^\d\d:\d\d:\d\d\.\d{3} ERROR event listener failed event=orderSent TypeError: boom$/);
    expect(rest).toEqual(['    at listener (a.ts:1:1)']);
  });

  it('is a pino destination: one readable line per entry, coloured when asked (on a terminal without NO_COLOR)', () => {
    const written: string[] = [];
    const log = pino({ level: 'info' }, prettyStream({ write: (text) => written.push(text) }));
    log.info({ reqId: 'req-1', method: 'POST', url: '/api/client/orders', statusCode: 201, ms: 4 }, 'request');
    log.warn('service unavailable');
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}request req-1 POST \/api\/client\/orders 201 4 ms\n$/);
    expect(written[1]).toMatch(/ WARN {2}service unavailable\n$/);
    const tty: string[] = [];
    pino({}, prettyStream({ write: (text) => tty.push(text), isTTY: true }, true)).info('coloured');
    expect(tty[0]).toContain('\u001b[32mINFO ');
    expect(written[0]).not.toContain('\u001b[');
  });
});

describe('a request logger', () => {
  function parentWriting(level: string) {
    const lines: Record<string, unknown>[] = [];
    const parent = pino(
      { level },
      { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    return { parent, lines, children: vi.spyOn(parent, 'child') };
  }

  it('makes no pino child while the request writes nothing, or only at levels the server does not write', () => {
    const { parent, lines, children } = parentWriting('info');
    const log = new RequestLogger(parent, { reqId: 'req-1' });
    log.debug({ url: '/' }, 'request');
    log.trace('hidden');
    expect(lines).toEqual([]);
    expect(children).not.toHaveBeenCalled();
    expect(log.level).toBe('info');
  });

  it('writes a line with the request id once the request writes at a level the server writes, through one child', () => {
    const { parent, lines, children } = parentWriting('debug');
    const log = new RequestLogger(parent, { reqId: 'req-2' });
    log.debug({ url: '/menu' }, 'request');
    log.warn('slow');
    log.error(new Error('boom'), 'failed');
    expect(lines.map((line) => [line.level, line.msg, line.reqId])).toEqual([
      [20, 'request', 'req-2'],
      [40, 'slow', 'req-2'],
      [50, 'failed', 'req-2'],
    ]);
    expect(lines[0]!.url).toBe('/menu');
    expect((lines[2]!.err as { message: string }).message).toBe('boom');
    expect(children).toHaveBeenCalledTimes(1);
  });

  it('keeps the request id in its own children, and takes a level of its own', () => {
    const { parent, lines } = parentWriting('info');
    const log = new RequestLogger(parent, { reqId: 'req-3' });
    log.child({ socket: 7 }).info('upgraded');
    log.level = 'debug';
    log.debug('now shown');
    expect(lines.map((line) => [line.msg, line.reqId, line.socket])).toEqual([
      ['upgraded', 'req-3', 7],
      ['now shown', 'req-3', undefined],
    ]);
    expect(parent.level).toBe('info');
  });
});
