import { atom } from 'nanostores';
import type { UserBannedData } from '../../core/gateway/protocol.ts';
import { GatewayClient, type GatewayClientOptions, type GatewayStatus } from '../lib/gateway-client.ts';

/** The live gateway's state, for islands that show it (e.g. a "live" badge on the order manager). */
export const $gatewayStatus = atom<GatewayStatus>('idle');

let client: GatewayClient | null = null;

/**
 * The page's one gateway connection, opened on first use: islands that need live events (the order manager, online
 * users) call this and subscribe with `.on(t, handler)`. A userBanned event about the signed-in user ends the
 * visit: the connection closes and the browser goes to /?error=account_banned, whose page is rendered anew for
 * the banned user (so no user state survives).
 */
export function startGateway(options: GatewayClientOptions = {}): GatewayClient {
  if (client) return client;
  const gateway = new GatewayClient({ ...options, onStatus: (status) => $gatewayStatus.set(status) });
  gateway.on('userBanned', (data) => {
    if ((data as UserBannedData).userID !== gateway.userId) return;
    gateway.close();
    location.assign('/?error=account_banned');
  });
  gateway.connect();
  client = gateway;
  return gateway;
}

/** Sign-out and tests: closes the connection (1005, never retried) and forgets it. */
export function stopGateway(): void {
  client?.close();
  client = null;
  $gatewayStatus.set('idle');
}
