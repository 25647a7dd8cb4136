import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The bot's half of the Discord stand-in: the REST calls a bot makes (https://discord.com/developers/docs/resources/message,
 * /interactions/receiving-and-responding), answered in Discord's shapes and kept in memory so tests can assert
 * what the bot sent. Bot routes need `Authorization: Bot <token>` (the stand-in's `botToken`); interaction
 * webhooks are authorised by their token in the path, as on Discord.
 */

export interface StoredMessage {
  id: string;
  channel_id: string;
  content: string;
  embeds: unknown[];
  allowed_mentions?: unknown;
  /** Every version of the message after the first post, oldest first (edits). */
  edits: { content: string; embeds: unknown[] }[];
}

export type ChannelFailure = 403 | 404;

export interface BotRestState {
  botToken: string;
  /** Channel id → messages posted there (DM channels too), oldest first. */
  channels: Map<string, StoredMessage[]>;
  /** Interaction token → the original reply as the bot last set it, with its edits. */
  originals: Map<string, StoredMessage>;
  /** Channel id → the error a post there answers (403 Missing Access, 404 Unknown Channel). */
  failingChannels: Map<string, ChannelFailure>;
  /** Channel id → what a post there waits for before it is answered (a slow Discord). */
  heldChannels: Map<string, Promise<void>>;
  /** Channel id → the server it is in, for `GET /channels/{id}` (any other channel: 404 Unknown Channel). */
  channelGuilds: Map<string, string>;
  /** Users whose DMs are closed (403 Cannot send messages to this user). */
  closedDms: Set<string>;
  /** User id → their DM channel id. */
  dmChannels: Map<string, string>;
  /** Registered commands: `global` or the guild id → the list last PUT. */
  commands: Map<string, unknown[]>;
  /** Interaction token → follow-up messages (with their flags), oldest first. */
  followUps: Map<string, (StoredMessage & { flags: number })[]>;
  /** Interaction tokens whose original reply was deleted. */
  deletedOriginals: Set<string>;
}

export function newBotRestState(botToken: string): BotRestState {
  return {
    botToken,
    channels: new Map(),
    originals: new Map(),
    failingChannels: new Map(),
    heldChannels: new Map(),
    channelGuilds: new Map(),
    closedDms: new Set(),
    dmChannels: new Map(),
    commands: new Map(),
    followUps: new Map(),
    deletedOriginals: new Set(),
  };
}

let sequence = 0;
/** A snowflake-shaped id (numeric, 19 digits). */
export function snowflake(): string {
  sequence = (sequence + 1) % 4096;
  return ((BigInt(Date.now() - 1420070400000) << 22n) | BigInt(randomInt(1024) << 12) | BigInt(sequence)).toString();
}

type Json = (res: ServerResponse, status: number, body: unknown) => void;
type Route = {
  method: string;
  pattern: RegExp;
  bot: boolean;
  handle: (match: string[], body: Record<string, unknown>, res: ServerResponse) => void;
};

/** Answers a bot REST call, or returns false when the path is none of them. */
export function botRestRoutes(state: BotRestState, json: Json) {
  const messageOf = (channelId: string, body: Record<string, unknown>): StoredMessage => ({
    id: snowflake(),
    channel_id: channelId,
    content: typeof body.content === 'string' ? body.content : '',
    embeds: Array.isArray(body.embeds) ? body.embeds : [],
    allowed_mentions: body.allowed_mentions,
    edits: [],
  });
  const wire = (m: StoredMessage) => ({
    id: m.id,
    channel_id: m.channel_id,
    content: m.content,
    embeds: m.embeds,
    type: 0,
    timestamp: new Date().toISOString(),
  });
  const edit = (m: StoredMessage, body: Record<string, unknown>) => {
    if (typeof body.content === 'string') m.content = body.content;
    if (Array.isArray(body.embeds)) m.embeds = body.embeds;
    m.edits.push({ content: m.content, embeds: m.embeds });
  };
  const post = (channelId: string, body: Record<string, unknown>, res: ServerResponse) => {
    const failure = state.failingChannels.get(channelId);
    if (failure === 403) return json(res, 403, { message: 'Missing Access', code: 50001 });
    if (failure === 404) return json(res, 404, { message: 'Unknown Channel', code: 10003 });
    const dmUser = [...state.dmChannels].find(([, id]) => id === channelId)?.[0];
    if (dmUser && state.closedDms.has(dmUser))
      return json(res, 403, { message: 'Cannot send messages to this user', code: 50007 });
    const message = messageOf(channelId, body);
    const list = state.channels.get(channelId) ?? [];
    list.push(message);
    state.channels.set(channelId, list);
    json(res, 200, wire(message));
  };

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/channels\/(\d+)$/,
      bot: true,
      handle: ([, id], _body, res) => {
        const guildId = state.channelGuilds.get(id!);
        if (state.failingChannels.get(id!) === 403) return json(res, 403, { message: 'Missing Access', code: 50001 });
        if (!guildId) return json(res, 404, { message: 'Unknown Channel', code: 10003 });
        json(res, 200, { id, type: 0, guild_id: guildId, name: 'general' });
      },
    },
    {
      method: 'POST',
      pattern: /^\/channels\/(\d+)\/messages$/,
      bot: true,
      handle: ([, id], body, res) => {
        const held = state.heldChannels.get(id!);
        if (held) void held.then(() => post(id!, body, res));
        else post(id!, body, res);
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/,
      bot: true,
      handle: ([, channelId, messageId], body, res) => {
        const message = state.channels.get(channelId!)?.find((m) => m.id === messageId);
        if (!message) return json(res, 404, { message: 'Unknown Message', code: 10008 });
        edit(message, body);
        json(res, 200, wire(message));
      },
    },
    {
      method: 'POST',
      pattern: /^\/users\/@me\/channels$/,
      bot: true,
      handle: (_match, body, res) => {
        const userId = String(body.recipient_id ?? '');
        if (!/^\d+$/.test(userId)) return json(res, 400, { message: 'Invalid Form Body', code: 50035 });
        let channelId = state.dmChannels.get(userId);
        if (!channelId) {
          channelId = snowflake();
          state.dmChannels.set(userId, channelId);
        }
        json(res, 200, { id: channelId, type: 1, recipients: [{ id: userId }] });
      },
    },
    {
      // The reply to an interaction through the gateway (HTTP interactions answer in the HTTP response instead).
      method: 'POST',
      pattern: /^\/interactions\/(\d+)\/([^/]+)\/callback$/,
      bot: false,
      handle: ([, , token], body, res) => {
        const data = (body.data ?? {}) as Record<string, unknown>;
        state.originals.set(token!, messageOf('0', data));
        res.writeHead(204).end();
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/,
      bot: false,
      handle: ([, , token], body, res) => {
        let message = state.originals.get(token!);
        // An HTTP interaction's reply never passed through here: the first edit creates what we know of it.
        if (!message) {
          message = messageOf('0', {});
          state.originals.set(token!, message);
        }
        edit(message, body);
        json(res, 200, wire(message));
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/,
      bot: false,
      handle: ([, , token], _body, res) => {
        state.originals.delete(token!);
        state.deletedOriginals.add(token!);
        res.writeHead(204).end();
      },
    },
    {
      method: 'POST',
      pattern: /^\/webhooks\/(\d+)\/([^/]+)$/,
      bot: false,
      handle: ([, , token], body, res) => {
        const message = { ...messageOf('0', body), flags: Number(body.flags ?? 0) };
        const list = state.followUps.get(token!) ?? [];
        list.push(message);
        state.followUps.set(token!, list);
        json(res, 200, wire(message));
      },
    },
    {
      method: 'PUT',
      pattern: /^\/applications\/(\d+|[\w-]+)\/(?:guilds\/(\d+)\/)?commands$/,
      bot: true,
      handle: ([, , guildId], body, res) => {
        const list = Array.isArray(body) ? body : [];
        state.commands.set(guildId ?? 'global', list);
        json(
          res,
          200,
          list.map((c: Record<string, unknown>) => ({ id: snowflake(), version: snowflake(), ...c })),
        );
      },
    },
  ];

  return function handle(req: IncomingMessage, path: string, body: unknown, res: ServerResponse): boolean {
    // discord.js escapes `@original` as `%40original`; Discord reads both.
    const local = decodeURIComponent(path).replace(/^\/api(?:\/v\d+)?/, '');
    for (const route of routes) {
      const match = route.pattern.exec(local);
      if (!match || route.method !== req.method) continue;
      if (route.bot && req.headers.authorization !== `Bot ${state.botToken}`) {
        json(res, 401, { message: '401: Unauthorized', code: 0 });
        return true;
      }
      route.handle(match, (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>, res);
      return true;
    }
    return false;
  };
}
