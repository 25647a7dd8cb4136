import { setTimeout as sleep } from 'node:timers/promises';
import type { Em, Orm } from '../../core/db/orm.ts';
import { PreparedQuery } from '../../core/db/prepared.ts';
import { discordWriter } from './sql.ts';

/**
 * How long a process that took the posting on itself has before another may take it over: the Discord call's own
 * limit (10 s, rest.ts) and a margin.
 */
export const POSTING_LEASE_MS = 15_000;
/** How often a process waiting for another's post looks for its message id. */
const WAIT_STEP_MS = 100;

/** Takes the posting of the order's status message: no message yet, and no other process's lease still running. */
const TAKE_POSTING = new PreparedQuery<{ orderId: string; now: Date; until: Date }, { order_id: string }>(
  'discord.take_status_posting',
  (param) =>
    discordWriter
      .updateTable('discord_order_messages')
      .set({ status_posting_until: param('until') })
      .where('order_id', '=', param('orderId'))
      .where('message_id', 'is', null)
      .where((eb) => eb.or([eb('status_posting_until', 'is', null), eb('status_posting_until', '<', param('now'))]))
      .returning('order_id'),
);

/** The message posted: its id stored, the interaction token and the lease gone. */
const STORE_POSTED = new PreparedQuery<{ orderId: string; messageId: string }, never>(
  'discord.store_status_posted',
  (param) =>
    discordWriter
      .updateTable('discord_order_messages')
      .set({ message_id: param('messageId'), interaction_token: null, status_posting_until: null })
      .where('order_id', '=', param('orderId')),
);

/** The post failed: the lease is given back at once, so that the next update (here or elsewhere) tries again. */
const GIVE_BACK = new PreparedQuery<{ orderId: string }, never>('discord.give_back_status_posting', (param) =>
  discordWriter
    .updateTable('discord_order_messages')
    .set({ status_posting_until: null })
    .where('order_id', '=', param('orderId'))
    .where('message_id', 'is', null),
);

/** Where an order's status message is: the interaction's reply (while its token lasts), or the bot's own message. */
export interface StatusMessage {
  application_id: string | null;
  interaction_token: string | null;
  token_expires_at: Date | string | null;
  channel_id: string | null;
  message_id: string | null;
  locale: string;
}

/**
 * Where an order's status message is, read when the notifier does not know it yet and while a process waits for
 * another's post: one prepared statement by the primary key, no entity hydrated.
 */
export const STATUS_MESSAGE = new PreparedQuery<{ orderId: string }, StatusMessage>('discord.status_message', (param) =>
  discordWriter
    .selectFrom('discord_order_messages')
    .select(['application_id', 'interaction_token', 'token_expires_at', 'channel_id', 'message_id', 'locale'])
    .where('order_id', '=', param('orderId')),
);

export interface StatusPostDeps {
  orm: Orm;
  now: () => number;
  post: () => Promise<{ id: string }>;
}

/**
 * The status message the bot posts itself, once across processes, with no transaction held while Discord answers
 * (on the embedded database a held transaction would stop every other statement of the diner for that long). The
 * process whose conditional update takes the lease posts and stores the id; the others wait for the id (looking every
 * 100 ms, for as long as a lease lasts) and answer it, to be edited with their content. A lease whose holder died is
 * taken over once it ran out. Answers `{ posted: true, id }` when this call posted it (with the current content),
 * `{ posted: false, id }` when another process did (the message to edit), or null when no id came within the lease
 * (the next update tries again).
 */
export async function postStatusOnce(
  deps: StatusPostDeps,
  orderId: string,
): Promise<{ posted: boolean; id: string } | null> {
  const em = (): Em => deps.orm.em.fork();
  const waitUntil = performance.now() + POSTING_LEASE_MS;
  for (;;) {
    const now = deps.now();
    const taken = await TAKE_POSTING.run(deps.orm, em(), {
      orderId,
      now: new Date(now),
      until: new Date(now + POSTING_LEASE_MS),
    });
    if (taken.length > 0) return { posted: true, id: await postAndStore(deps, orderId) };
    const [row] = await STATUS_MESSAGE.run(deps.orm, em(), { orderId });
    if (row?.message_id) return { posted: false, id: row.message_id };
    if (!row || performance.now() >= waitUntil) return null;
    await sleep(WAIT_STEP_MS);
  }
}

async function postAndStore(deps: StatusPostDeps, orderId: string): Promise<string> {
  let message: { id: string };
  try {
    message = await deps.post();
  } catch (error) {
    await GIVE_BACK.run(deps.orm, deps.orm.em.fork(), { orderId });
    throw error;
  }
  await STORE_POSTED.run(deps.orm, deps.orm.em.fork(), { orderId, messageId: message.id });
  return message.id;
}
