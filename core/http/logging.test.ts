import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { formatEntry, logFormatFor, prettyStream, requestLogLevel } from './logging.ts';

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
    const line = formatEntry({ level: 20, time, pid: 1, hostname: 'h', reqId: 'req-7', method: 'GET', url: '/leaderboard', statusCode: 200, ms: 12.3, msg: 'request' });
    expect(line).toBe('09:05:07.042 DEBUG request req-7 GET /leaderboard 200 12.3 ms');
  });

  it('adds other fields as key=value, and an error with its stack on indented lines below', () => {
    const line = formatEntry({ level: 50, time: 0, msg: 'event listener failed', event: 'orderSent', err: { type: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at listener (a.ts:1:1)' } });
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
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  request req-1 POST \/api\/client\/orders 201 4 ms\n$/);
    expect(written[1]).toMatch(/ WARN  service unavailable\n$/);
    const tty: string[] = [];
    pino({}, prettyStream({ write: (text) => tty.push(text), isTTY: true }, true)).info('coloured');
    expect(tty[0]).toContain('\u001b[32mINFO ');
    expect(written[0]).not.toContain('\u001b[');
  });
});
