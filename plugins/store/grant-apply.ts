import type { InferKyselyDB } from '@mikro-orm/sql';
import { sql } from 'kysely';
import type { UserSchema } from '../../core/auth/entities.ts';
import type { Em } from '../../core/db/orm.ts';
import { PreparedQuery } from '../../core/db/prepared.ts';
import { newId } from '../../core/ids.ts';
import { addRankIn, ranksByIdIn, ranksOfIn, recordRankChangeIn } from '../ranks/index.ts';
import type { GrantInput } from './grants.ts';
import { refusals } from './refusals.ts';
import type { GrantKind, GrantSource } from './schemas.ts';
import { storeWriter } from './sql.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a grant did: `changed`, it added the perk or rank (the user did not hold it); `endsAt`, the grant's end. */
export interface GrantApplied {
  changed: boolean;
  endsAt: Date | null;
}

/** Core's users table, as a grant reads and writes the perks it holds. */
type UsersDB = InferKyselyDB<typeof UserSchema>;

/** A user as a grant sees them: the perks grants hold. */
export interface GrantHolder {
  id: string;
  grantedPerks: readonly string[];
}

/**
 * The perks grants hold for `userId`, read under the row lock the caller holds, after writing what this transaction
 * changed so far through the unit of work (an ended grant's perk): one typed statement, no entity loaded.
 */
export async function grantHolderIn(em: Em, userId: string): Promise<GrantHolder> {
  await em.flush();
  const row = await em
    .getKysely<UsersDB>()
    .selectFrom('users')
    .select('perks')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw refusals.noUser();
  return { id: userId, grantedPerks: row.perks };
}

/**
 * Gives the perk or rank to `user`, whose row the caller locked and then read (grantHolderIn), so grants, their ends
 * and a manager's edits of one user run one after the other. The same grant again (user, source, reference, kind
 * and value) while it is active only moves its end. A perk goes to the user's granted perks, a rank to their ranks
 * with an entry in their rank history (the ranks plugin's addRankIn and recordRankChangeIn), each written at once.
 */
export async function applyGrantIn(em: Em, user: GrantHolder, input: GrantInput, now: Date): Promise<GrantApplied> {
  const rank = input.kind === 'rank' ? ((await ranksByIdIn(em, [input.value]))[0] ?? null) : null;
  if (input.kind === 'rank' && !rank) throw refusals.unknownRank();
  const held = rank ? await ranksOfIn(em, user.id) : [];
  const before = rankIds(held);
  const added = rank ? !before.includes(rank.id) : !user.grantedPerks.includes(input.value);
  const endsAt = await endOf(em, input, now);
  if (!(await insertOrMoveEnd(em, input, added, endsAt, now))) return { changed: false, endsAt };
  if (added && rank) {
    await addRankIn(em, user.id, rank.id);
    recordRankChangeIn(em, {
      userId: user.id,
      action: 'grant',
      ranksBefore: before,
      ranksAfter: rankIds([...held, rank]),
      reason: reasonOf(input),
      by: null,
    });
  } else if (added) {
    await em
      .getKysely<UsersDB>()
      .updateTable('users')
      .set((eb) => ({ perks: sql<string[]>`array_append(${eb.ref('perks')}, ${input.value})`, updated_at: now }))
      .where('id', '=', user.id)
      .execute();
  }
  return { changed: added, endsAt };
}

/** The end of the user's latest active grant of a kind, value and source (none: no active grant has an end). */
const LATEST_END = new PreparedQuery<
  { userId: string; kind: GrantKind; value: string; source: GrantSource },
  { ends_at: Date | string | null }
>('store.grants.latest_end', (param) =>
  storeWriter
    .selectFrom('grants')
    .select('ends_at')
    .where('user_id', '=', param('userId'))
    .where('kind', '=', param('kind'))
    .where('value', '=', param('value'))
    .where('source', '=', param('source'))
    .where('ended_at', 'is', null)
    .where('ends_at', 'is not', null)
    .orderBy('ends_at', 'desc')
    .limit(1),
);

/**
 * The grant's end: its own, or for a run-on (a timed grant bought again) the end of the user's latest active grant of
 * the same kind, value and source (or now, if none runs later), plus its days.
 */
async function endOf(em: Em, input: GrantInput, now: Date): Promise<Date | null> {
  if (input.endsAt === null || input.endsAt instanceof Date) return input.endsAt;
  const [latest] = await LATEST_END.runIn(em, {
    userId: input.userId,
    kind: input.kind,
    value: input.value,
    source: input.source,
  });
  const from = Math.max(now.getTime(), latest?.ends_at ? new Date(latest.ends_at).getTime() : 0);
  return new Date(from + input.endsAt.daysAfterLatest * DAY_MS);
}

type GrantRow = {
  id: string;
  userId: string;
  kind: GrantKind;
  value: string;
  source: GrantSource;
  sourceRef: string;
  added: boolean;
  startedAt: Date;
  endsAt: Date | null;
};

/**
 * A new grant, or, when the same grant is active, its end moved (the partial unique index `grants_active_unique`
 * finds it).
 */
const INSERT_OR_MOVE_END = new PreparedQuery<GrantRow, { id: string }>('store.grants.insert_or_move_end', (param) =>
  storeWriter
    .insertInto('grants')
    .values({
      id: param('id'),
      user_id: param('userId'),
      kind: param('kind'),
      value: param('value'),
      source: param('source'),
      source_ref: param('sourceRef'),
      added: param('added'),
      started_at: param('startedAt'),
      ends_at: param('endsAt'),
      ended_at: null,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'source', 'source_ref', 'kind', 'value'])
        .where('ended_at', 'is', null)
        .doUpdateSet((eb) => ({ ends_at: eb.ref('excluded.ends_at') })),
    )
    .returning('id'),
);

/** One statement (INSERT_OR_MOVE_END): answers whether the grant is new. */
async function insertOrMoveEnd(
  em: Em,
  input: GrantInput,
  added: boolean,
  endsAt: Date | null,
  now: Date,
): Promise<boolean> {
  const id = newId();
  const [row] = await INSERT_OR_MOVE_END.runIn(em, {
    id,
    userId: input.userId,
    kind: input.kind,
    value: input.value,
    source: input.source,
    sourceRef: input.sourceRef,
    added,
    startedAt: now,
    endsAt,
  });
  return row!.id === id;
}

/** Highest first, as the user manager writes them. */
export function rankIds(ranks: readonly { id: string; position: number }[]): string[] {
  return [...ranks].sort((a, b) => b.position - a.position).map((r) => r.id);
}

/** A granted or ended rank's reason in the rank history: the source that gave it. */
export function reasonOf(grant: Pick<GrantInput, 'source' | 'sourceRef'>): string {
  return `${grant.source} ${grant.sourceRef}`;
}
