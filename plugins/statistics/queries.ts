import type { Em } from '../../core/db/orm.ts';
import type { DayFigures, StatisticsFigures, StatisticsPerson } from './schemas.ts';

/**
 * The figures, counted by PostgreSQL: one statement per question, each branch reading one table through an index on
 * the moment it filters by (orders: claimed_at, prepare_started_at, delivered_at, from this plugin's migration;
 * claim_expiries: expired_at), grouped in the database. Node receives one row per member or per day, never orders.
 *
 * This is a read model: it reads the tables of orders, recruitment and appeals (read-only, never writes them), so a
 * member's figures across the kitchen and the management queues come from one statement. docs/statistics.md.
 */

export type Figures = Omit<StatisticsFigures, 'leaveDays'>;
export interface MemberFigures extends Figures {
  userId: string;
}

const ZERO: Figures = {
  claimed: 0,
  prepared: 0,
  delivered: 0,
  reported: 0,
  claimsExpired: 0,
  avgClaimToPreparedS: null,
  avgReadyToDeliveredS: null,
  applicationsReviewed: 0,
  appealVotes: 0,
};
export const zeroFigures = (): Figures => ({ ...ZERO });

/** `[sql, params]` of one branch: a window [from, to) on `column`, and the member when one is asked for. */
function branch(sql: string, column: string, who: string | null, from: Date, to: Date, user: string | null): [string, unknown[]] {
  const params: unknown[] = [from, to];
  let where = `${column} >= ? and ${column} < ?`;
  if (user && who) {
    where += ` and ${who} = ?`;
    params.push(user);
  }
  return [sql.replace('$WHERE', where), params];
}

/** Per member (or for `user` only): every figure but leave days, for moments in [from, to). */
export async function memberFigures(em: Em, from: Date, to: Date, user: string | null = null): Promise<Map<string, Figures>> {
  // Columns of every branch: uid, claimed, prepared, delivered, reported, expired, c2p, r2d, reviewed, votes.
  const parts: [string, unknown[]][] = [
    branch(
      `select o.claimed_by as uid, 1 as claimed, 0 as prepared, 0 as delivered, 0 as reported, 0 as expired, null::float8 as c2p, null::float8 as r2d, 0 as reviewed, 0 as votes
       from orders o where $WHERE and o.claimed_by is not null`,
      'o.claimed_at',
      'o.claimed_by',
      from,
      to,
      user,
    ),
    // A claim that expired no longer shows on its order: it was claimed (in the window of its claim) and expired.
    branch(
      `select e.chef, 1, 0, 0, 0, 0, null::float8, null::float8, 0, 0 from claim_expiries e where $WHERE`,
      'e.claimed_at',
      'e.chef',
      from,
      to,
      user,
    ),
    branch(`select e.chef, 0, 0, 0, 0, 1, null::float8, null::float8, 0, 0 from claim_expiries e where $WHERE`, 'e.expired_at', 'e.chef', from, to, user),
    branch(
      `select o.prepared_by, 0, 1, 0, 0, 0, extract(epoch from (o.prepare_started_at - o.claimed_at))::float8, null::float8, 0, 0
       from orders o where $WHERE and o.prepared_by is not null`,
      'o.prepare_started_at',
      'o.prepared_by',
      from,
      to,
      user,
    ),
    branch(
      `select o.delivered_by, 0, 0, (not o.report)::int, o.report::int, 0, null::float8,
         case when not o.report then extract(epoch from (o.delivered_at - o.ready_at))::float8 end, 0, 0
       from orders o where $WHERE and o.status = 'DELIVERED' and o.delivered_by is not null`,
      'o.delivered_at',
      'o.delivered_by',
      from,
      to,
      user,
    ),
    // A review is a status change of someone else's application (not the applicant's own submission or withdrawal);
    // an application reviewed twice in the window counts once.
    branch(
      `select r.uid, 0, 0, 0, 0, 0, null::float8, null::float8, 1, 0 from (
         select distinct h.by as uid, h.application_id from recruitment_application_history h
         join recruitment_applications a on a.id = h.application_id
         where $WHERE and h."from" is not null and h.by <> a.user_id) r`,
      'h.created_at',
      'h.by',
      from,
      to,
      user,
    ),
    branch(`select v.voter, 0, 0, 0, 0, 0, null::float8, null::float8, 0, 1 from appeal_votes v where $WHERE`, 'v.created_at', 'v.voter', from, to, user),
  ];
  const rows = await em.execute<Record<string, string | number | null>[]>(
    `select f.uid, sum(f.claimed) as claimed, sum(f.prepared) as prepared, sum(f.delivered) as delivered, sum(f.reported) as reported,
       sum(f.expired) as expired, avg(f.c2p) as c2p, avg(f.r2d) as r2d, sum(f.reviewed) as reviewed, sum(f.votes) as votes
     from (${parts.map(([sql]) => sql).join('\n union all\n')}) f group by f.uid`,
    parts.flatMap(([, params]) => params),
  );
  const figures = new Map<string, Figures>();
  for (const row of rows) {
    figures.set(String(row.uid), {
      claimed: Number(row.claimed),
      prepared: Number(row.prepared),
      delivered: Number(row.delivered),
      reported: Number(row.reported),
      claimsExpired: Number(row.expired),
      avgClaimToPreparedS: seconds(row.c2p),
      avgReadyToDeliveredS: seconds(row.r2d),
      applicationsReviewed: Number(row.reviewed),
      appealVotes: Number(row.votes),
    });
  }
  return figures;
}

/** Members of staff: everyone who holds a rank (the specification's "staff"), with how they are called. */
export async function staffMembers(em: Em): Promise<string[]> {
  const rows = await em.execute<{ user_id: string }[]>('select distinct user_id from user_ranks');
  return rows.map((r) => r.user_id);
}

/** How each of `ids` is called now; a user who no longer exists shows as Unknown user. */
export async function people(em: Em, ids: readonly string[]): Promise<Map<string, StatisticsPerson>> {
  const found = new Map<string, StatisticsPerson>();
  if (ids.length === 0) return found;
  const rows = await em.execute<{ id: string; username: string; display_name: string | null; avatar: string | null }[]>(
    `select id, username, display_name, avatar from users where id in (${ids.map(() => '?').join(', ')})`,
    [...ids],
  );
  for (const row of rows) found.set(row.id, { id: row.id, username: row.username, displayName: row.display_name, avatar: row.avatar });
  for (const id of ids) if (!found.has(id)) found.set(id, { id, username: 'Unknown user', displayName: null, avatar: null });
  return found;
}

/**
 * The kitchen (or one member) per UTC day over [from, to): orders placed, prepared, delivered, reported, and the
 * average time from ready to delivered. Days without any come back as zeros, so a chart has every day.
 */
export async function dailyFigures(em: Em, fromDay: string, days: number, user: string | null = null): Promise<DayFigures[]> {
  const from = new Date(`${fromDay}T00:00:00Z`);
  const to = new Date(from.getTime() + days * 86_400_000);
  const parts: [string, unknown[]][] = [
    branch(
      `select o.prepare_started_at as at, 0 as ordered, 1 as prepared, 0 as delivered, 0 as reported, null::float8 as r2d from orders o where $WHERE and o.prepared_by is not null`,
      'o.prepare_started_at',
      'o.prepared_by',
      from,
      to,
      user,
    ),
    branch(
      `select o.delivered_at, 0, 0, (not o.report)::int, o.report::int, case when not o.report then extract(epoch from (o.delivered_at - o.ready_at))::float8 end
       from orders o where $WHERE and o.status = 'DELIVERED' and o.delivered_by is not null`,
      'o.delivered_at',
      'o.delivered_by',
      from,
      to,
      user,
    ),
  ];
  // Orders placed are the kitchen's alone: a member does not place them.
  if (!user) parts.unshift(branch(`select o.ordered_at as at, 1 as ordered, 0 as prepared, 0 as delivered, 0 as reported, null::float8 as r2d from orders o where $WHERE`, 'o.ordered_at', null, from, to, null));
  const rows = await em.execute<Record<string, string | number | null>[]>(
    `select to_char(x.at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(x.ordered) as ordered, sum(x.prepared) as prepared,
       sum(x.delivered) as delivered, sum(x.reported) as reported, avg(x.r2d) as r2d
     from (${parts.map(([sql]) => sql).join('\n union all\n')}) x group by 1`,
    parts.flatMap(([, params]) => params),
  );
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  const out: DayFigures[] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(day);
    out.push({
      day,
      ordered: Number(row?.ordered ?? 0),
      prepared: Number(row?.prepared ?? 0),
      delivered: Number(row?.delivered ?? 0),
      reported: Number(row?.reported ?? 0),
      avgReadyToDeliveredS: seconds(row?.r2d ?? null),
    });
  }
  return out;
}

function seconds(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.round(Number(value) * 10) / 10;
}
