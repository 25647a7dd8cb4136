import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE, OP } from '../../core/gateway/protocol.ts';
import { $gatewayStatus, startGateway, stopGateway } from '../stores/gateway.ts';
import { GatewayClient, gatewayUrl, type SocketLike, ZOMBIE_CONNECTION } from './gateway-client.ts';

/** A WebSocket stand-in the test drives: open, server messages, close codes. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  identified(userId = '1100000000000000001', heartbeatInterval = 45_000) {
    this.receive({ op: OP.IDENTIFIED, data: { user: { id: userId }, heartbeatInterval } });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const statuses: string[] = [];
  const client = new GatewayClient({
    url: 'ws://diner.test/gateway',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onStatus: (status) => statuses.push(status),
  });
  return { client, sockets, statuses, last: () => sockets.at(-1)! };
}

describe('gateway client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('derives ws: or wss: from the page', () => {
    expect(gatewayUrl({ protocol: 'https:', host: 'diner.example' })).toBe('wss://diner.example/gateway');
    expect(gatewayUrl({ protocol: 'http:', host: 'localhost:4321' })).toBe('ws://localhost:4321/gateway');
  });

  it('identifies with the cookie (token null), heartbeats every heartbeatInterval and hands events to their handlers', () => {
    const { client, last } = setup();
    const orders: unknown[] = [];
    client.on('orderSent', (data) => orders.push(data));
    client.connect();
    last().open();
    expect(last().sent).toEqual([{ op: OP.IDENTIFY, data: { token: null } }]);
    last().identified('1100000000000000001', 45_000);
    expect(client.status).toBe('connected');
    expect(client.userId).toBe('1100000000000000001');
    vi.advanceTimersByTime(45_000);
    last().receive({ op: OP.HEARTBEAT_ACK });
    vi.advanceTimersByTime(45_000);
    expect(last().sent.slice(1)).toEqual([{ op: OP.HEARTBEAT }, { op: OP.HEARTBEAT }]);
    last().receive({ op: OP.EVENT, t: 'orderSent', data: { order: { orderID: 'A1' } } });
    last().receive({ op: OP.EVENT, t: 'orderDeleted', data: {} });
    expect(orders).toEqual([{ order: { orderID: 'A1' } }]);
  });

  it('reconnects up to 3 times in a row with backoff, then stops', () => {
    const { client, sockets, statuses } = setup();
    client.connect();
    sockets[0]!.serverClose(1006);
    for (const [attempt, wait] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ] as const) {
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
      sockets[attempt]!.serverClose(CLOSE.HEARTBEAT_TIMEOUT);
    }
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(4);
    expect(client.status).toBe('closed');
    expect(statuses).toEqual(['connecting', 'reconnecting', 'closed']);
  });

  it('counts again from zero after a successful identify', () => {
    const { client, sockets, last } = setup();
    client.connect();
    for (let round = 0; round < 3; round++) {
      last().open();
      last().identified();
      last().serverClose(CLOSE.GOING_AWAY);
      vi.advanceTimersByTime(1000);
    }
    expect(sockets).toHaveLength(4);
    expect(client.status).toBe('reconnecting');
  });

  it.each([
    ['1005: the session ended (logout, ban) or the close was our own', CLOSE.SESSION_ENDED],
    ['4001: the token was refused', CLOSE.INVALID_TOKEN],
  ])('never reconnects after %s', (_label, code) => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.identified();
    sockets[0]!.serverClose(code);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.status).toBe('closed');
  });

  it('replaces a connection whose heartbeat went unacknowledged until the next was due', () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.identified('1', 1000);
    vi.advanceTimersByTime(1000);
    sockets[0]!.receive({ op: OP.HEARTBEAT_ACK });
    vi.advanceTimersByTime(1000);
    expect(sockets[0]!.closedWith).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(sockets[0]!.closedWith).toBe(ZOMBIE_CONNECTION);
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('a deliberate close() stops heartbeats and never reconnects', () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.identified('1', 1000);
    client.close();
    expect(sockets[0]!.closedWith).toBeUndefined();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.sent).toEqual([{ op: OP.IDENTIFY, data: { token: null } }]);
  });
});

describe('gateway store', () => {
  const replace = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { protocol: 'http:', host: 'diner.test', replace });
  });
  afterEach(() => {
    stopGateway();
    vi.unstubAllGlobals();
    replace.mockReset();
  });

  it('goes to /?error=account_banned on a userBanned event about the signed-in user, and not about another', () => {
    let socket: FakeSocket | undefined;
    startGateway({ createSocket: (url) => (socket = new FakeSocket(url)) });
    expect(socket!.url).toBe('ws://diner.test/gateway');
    socket!.open();
    socket!.identified('1100000000000000001');
    expect($gatewayStatus.get()).toBe('connected');
    socket!.receive({
      op: OP.EVENT,
      t: 'userBanned',
      data: { userID: '1100000000000000009', reason: null, expires: null },
    });
    expect(replace).not.toHaveBeenCalled();
    socket!.receive({
      op: OP.EVENT,
      t: 'userBanned',
      data: { userID: '1100000000000000001', reason: 'Trolling', expires: null },
    });
    expect(replace).toHaveBeenCalledWith('/?error=account_banned');
    // The user state is reset: the connection is closed and forgotten, so the status is back to idle.
    expect($gatewayStatus.get()).toBe('idle');
  });
});
