import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { guildCreateData, guildObject, type StandInGuild, shardOf } from './guilds.ts';

/**
 * The minimal gateway protocol a gateway client (the bot's, on @discordjs/ws) needs
 * (https://discord.com/developers/docs/events/gateway):
 * HELLO on connect, IDENTIFY checked against the bot token, READY listing the shard's servers as unavailable, then
 * one GUILD_CREATE for each (as Discord sends them at connect), heartbeats acknowledged, and dispatches the test sends
 * (INTERACTION_CREATE, GUILD_DELETE…) with increasing sequence numbers. JSON encoding, no compression, no resume (a
 * resume is answered with INVALID_SESSION, so the client identifies again).
 */
export const OP = {
  DISPATCH: 0,
  HEARTBEAT: 1,
  IDENTIFY: 2,
  RESUME: 6,
  INVALID_SESSION: 9,
  HELLO: 10,
  HEARTBEAT_ACK: 11,
} as const;

export interface GatewaySession {
  socket: WebSocket;
  shard: [number, number];
  sessionId: string;
  sequence: number;
  intents: number;
}

export interface StandInGateway {
  /** Identified sessions (one per shard connection). */
  sessions: Set<GatewaySession>;
  /** Every op the clients sent, oldest first (IDENTIFY's token included). */
  received: { op: number; d: unknown }[];
  /** Resolves once `count` sessions are identified (READY sent). */
  waitForSessions(count?: number, timeoutMs?: number): Promise<void>;
  /** Sends a dispatch to every identified session (or those of one shard). */
  dispatch(t: string, d: unknown, shardId?: number): void;
  /** The servers the bot is in: each session's READY lists its shard's, and a GUILD_CREATE follows for each. */
  guilds: Map<string, StandInGuild>;
  /** The bot joins a server: GUILD_CREATE on its shard. */
  join(guild: StandInGuild): void;
  /** A server changes (its language, its name): GUILD_UPDATE on its shard. */
  updateGuild(guild: StandInGuild): void;
  close(): void;
}

export function attachGateway(
  server: Server,
  options: {
    botToken: string;
    applicationId: string;
    botUser: { id: string; username: string };
    heartbeatIntervalMs?: number;
    /** The servers the bot is in when it connects. */
    guilds?: readonly StandInGuild[];
  },
): StandInGateway {
  const wss = new WebSocketServer({ noServer: true });
  const sessions = new Set<GatewaySession>();
  const received: StandInGateway['received'] = [];
  const waiters: (() => void)[] = [];
  const heartbeatInterval = options.heartbeatIntervalMs ?? 41_250;
  const guilds = new Map((options.guilds ?? []).map((guild) => [guild.id, guild]));
  const sendDispatch = (session: GatewaySession, t: string, d: unknown) => {
    session.sequence += 1;
    session.socket.send(JSON.stringify({ op: OP.DISPATCH, t, s: session.sequence, d }));
  };
  const dispatch: StandInGateway['dispatch'] = (t, d, shardId) => {
    for (const session of sessions)
      if (shardId === undefined || session.shard[0] === shardId) sendDispatch(session, t, d);
  };
  /** The sessions of the shard a server's events go to. */
  const toShardOf = (guildId: string, t: string, d: unknown) => {
    for (const session of sessions)
      if (shardOf(guildId, session.shard[1]) === session.shard[0]) sendDispatch(session, t, d);
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!(req.url ?? '').startsWith('/gateway')) return socket.destroy();
    // Resumes come back here, as Discord's resume_gateway_url points at its own gateway.
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, `ws://${req.headers.host}/gateway`));
  });

  function accept(socket: WebSocket, resumeUrl: string): void {
    let session: GatewaySession | null = null;
    const send = (payload: unknown) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(payload));
    send({ op: OP.HELLO, d: { heartbeat_interval: heartbeatInterval }, s: null, t: null });
    socket.on('message', (raw) => {
      let message: { op: number; d: { token?: string; shard?: [number, number]; intents?: number } | null };
      try {
        message = JSON.parse(String(raw));
      } catch {
        return socket.close(4002, 'Decode error');
      }
      received.push({ op: message.op, d: message.d });
      if (message.op === OP.HEARTBEAT) return send({ op: OP.HEARTBEAT_ACK, d: null, s: null, t: null });
      if (message.op === OP.RESUME) return send({ op: OP.INVALID_SESSION, d: false, s: null, t: null });
      if (message.op !== OP.IDENTIFY) return;
      if (session) return socket.close(4005, 'Already authenticated');
      if (message.d?.token !== options.botToken) return socket.close(4004, 'Authentication failed');
      const shard = message.d.shard ?? [0, 1];
      session = {
        socket,
        shard,
        sessionId: randomBytes(16).toString('hex'),
        sequence: 0,
        intents: Number(message.d.intents ?? 0),
      };
      sessions.add(session);
      const shardGuilds = [...guilds.values()].filter((guild) => shardOf(guild.id, shard[1]) === shard[0]);
      sendDispatch(session, 'READY', {
        v: 10,
        user: {
          id: options.botUser.id,
          username: options.botUser.username,
          discriminator: '0',
          global_name: null,
          avatar: null,
          bot: true,
          flags: 0,
        },
        guilds: shardGuilds.map((guild) => ({ id: guild.id, unavailable: true })),
        session_id: session.sessionId,
        resume_gateway_url: resumeUrl,
        shard,
        application: { id: options.applicationId, flags: 0 },
        private_channels: [],
        relationships: [],
        user_settings: {},
        presences: [],
        guild_join_requests: [],
        geo_ordered_rtc_regions: [],
      });
      for (const guild of shardGuilds) sendDispatch(session, 'GUILD_CREATE', guildCreateData(guild));
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on('close', () => {
      if (session) sessions.delete(session);
    });
  }

  return {
    sessions,
    received,
    async waitForSessions(count = 1, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (sessions.size < count) {
        if (Date.now() > deadline)
          throw new Error(`Discord stand-in: ${sessions.size} of ${count} gateway sessions after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    dispatch,
    guilds,
    join(guild) {
      guilds.set(guild.id, guild);
      toShardOf(guild.id, 'GUILD_CREATE', guildCreateData(guild));
    },
    updateGuild(guild) {
      guilds.set(guild.id, guild);
      toShardOf(guild.id, 'GUILD_UPDATE', guildObject(guild));
    },
    close() {
      for (const session of sessions) session.socket.terminate();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
