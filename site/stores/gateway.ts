import { atom } from 'nanostores';
import type { OnlineUser, UserBannedData } from '../../core/gateway/protocol.ts';
import { GatewayClient, type GatewayClientOptions, type GatewayStatus } from '../lib/gateway-client.ts';
import { $deliveryQueue, $orders } from './orders.ts';

/** The live gateway's state, for islands that show it (e.g. a "live" badge on the order manager). */
export const $gatewayStatus = atom<GatewayStatus>('idle');

/**
 * Who is online (super admins only: the gateway sends onlineUsers to them on identify and on every change); null
 * until the first list. Kept here, as the connection opens, so a view that starts later still has the last list.
 */
export const $onlineUsers = atom<OnlineUser[] | null>(null);

let client: GatewayClient | null = null;

/**
 * The page's one gateway connection, opened on first use: islands that need live events (the order manager, online
 * users) call this and subscribe with `.on(t, handler)`. A userBanned event about the signed-in user ends the
 * visit (specification §4): the user state is reset (the connection closed, the kitchen's lists emptied) and the
 * tab goes to /?error=account_banned, which for a banned user is the ban page: it shows 'An error occurred: Your
 * account has been banned.' and, the user state being reset, no user menu (site/pages/banned.astro).
 */
export function startGateway(options: GatewayClientOptions = {}): GatewayClient {
  if (client) return client;
  const gateway = new GatewayClient({ ...options, onStatus: (status) => $gatewayStatus.set(status) });
  gateway.on('userBanned', (data) => {
    if ((data as UserBannedData).userID !== gateway.userId) return;
    resetUserState();
    // replace: Back would only lead to a staff page the ban now refuses.
    location.replace('/?error=account_banned');
  });
  gateway.on('onlineUsers', (data) => $onlineUsers.set((data as { users: OnlineUser[] }).users));
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

/** What the browser holds about the signed-in user's visit: the live connection and the kitchen's lists. */
function resetUserState(): void {
  stopGateway();
  $orders.set({});
  $deliveryQueue.set([]);
  $onlineUsers.set(null);
}
