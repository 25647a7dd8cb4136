/**
 * The SQL every figure is counted with, as branches of a `union all`: one row per order (or expired claim, vote,
 * review) and figure, filtered by the moment it counts, or one row per member and closed day from the rollups.
 * Every statement starts with `window()`: which days of the period read their rollup and which are counted live.
 * The same branches count the live days (queries.ts) and write a closed day's rollup (day-closer.ts), so a figure
 * read from the rollups is the one counted live. Averages travel as a sum of microseconds and a count (integers:
 * they add up exactly, in any grouping of days); the mean is taken once, at the end, from all of them.
 */

export type Part = [sql: string, params: unknown[]];

const start = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The CTEs for the days [fromDay, toDay): `rolled`, the closed days whose rollup is current (not stale), and `live`,
 * the others (usually today alone), one row a day: `day` (`YYYY-MM-DD`) and its moments [lo, hi). Each live branch
 * joins `live` to an index on its moment: one range scan per live day. In the statement itself, so the choice and
 * the count see one snapshot, and a screen costs one round trip.
 */
export function window(fromDay: string, toDay: string, rollups: boolean): Part {
  const days = Math.round((start(toDay).getTime() - start(fromDay).getTime()) / 86_400_000);
  return [
    `with rolled as (select day from statistics_days where ?::boolean and day >= ? and day < ? and not stale),
     live as (
       select g.day, g.lo, g.lo + interval '1 day' as hi
       from (select to_char(lo at time zone 'UTC', 'YYYY-MM-DD') as day, lo from (select ?::timestamptz + i * interval '1 day' as lo from generate_series(0, ? - 1) i) s) g
       where g.day not in (select day from rolled))`,
    [rollups, fromDay, toDay, start(fromDay), days],
  ];
}

/** `sql` with `$USER` as `and <who> = ?` when one member is asked for. */
function forUser(sql: string, who: string, user: string | null): Part {
  return user ? [sql.replace('$USER', `and ${who} = ?`), [user]] : [sql.replace('$USER', ''), []];
}

/** The microseconds between two moments, exact (null when either is). */
const micros = (later: string, earlier: string) => `(extract(epoch from (${later} - ${earlier})) * 1000000)::bigint`;

/** A live branch: `table` rows whose `moment` falls in a live day (and `where`), as `select`'s columns. */
const live = (select: string, moment: string, where: string) =>
  `select ${select} from live l join orders o on ${moment} >= l.lo and ${moment} < l.hi where ${where} $USER`;

/**
 * A member's figures, one row per thing counted. Columns: uid, claimed, expired, prepared, c2p_us, c2p_n,
 * delivered, reported, r2d_us, r2d_n. The first branch reads the rollups of the `rolled` days.
 */
export function memberParts(user: string | null): Part[] {
  return [
    forUser(
      `select m.user_id as uid, m.claimed, m.claims_expired as expired, m.prepared, m.c2p_us, m.c2p_n, m.delivered, m.reported, m.r2d_us, m.r2d_n
       from statistics_member_days m where m.day in (select day from rolled) $USER`,
      'm.user_id',
      user,
    ),
    forUser(
      live('o.claimed_by, 1, 0, 0, null::bigint, 0, 0, 0, null::bigint, 0', 'o.claimed_at', 'o.claimed_by is not null'),
      'o.claimed_by',
      user,
    ),
    // A claim that expired no longer shows on its order: it was claimed (in the window of its claim) and expired.
    forUser(
      `select e.chef, 1, 0, 0, null::bigint, 0, 0, 0, null::bigint, 0 from live l join claim_expiries e on e.claimed_at >= l.lo and e.claimed_at < l.hi where true $USER`,
      'e.chef',
      user,
    ),
    forUser(
      `select e.chef, 0, 1, 0, null::bigint, 0, 0, 0, null::bigint, 0 from live l join claim_expiries e on e.expired_at >= l.lo and e.expired_at < l.hi where true $USER`,
      'e.chef',
      user,
    ),
    forUser(
      live(
        `o.prepared_by, 0, 0, 1, ${micros('o.prepare_started_at', 'o.claimed_at')}, (o.claimed_at is not null)::int, 0, 0, null::bigint, 0`,
        'o.prepare_started_at',
        'o.prepared_by is not null',
      ),
      'o.prepared_by',
      user,
    ),
    forUser(
      live(`o.delivered_by, 0, 0, 0, null::bigint, 0, ${DELIVERED}`, 'o.delivered_at', DELIVERED_WHERE),
      'o.delivered_by',
      user,
    ),
  ];
}

/** Delivered, reported, r2d_us, r2d_n of an order delivered (or closed as reported). */
const DELIVERED = `(not o.report)::int, o.report::int, case when not o.report then ${micros('o.delivered_at', 'o.ready_at')} end, (not o.report and o.ready_at is not null)::int`;
const DELIVERED_WHERE = `o.status = 'DELIVERED' and o.delivered_by is not null`;

/** Every member of staff (a rank holder), with nothing counted: so the list has them all. */
export const STAFF_PART: Part = [
  'select distinct u.user_id, 0, 0, 0, null::bigint, 0, 0, 0, null::bigint, 0 from user_ranks u',
  [],
];

/** Member rows summed: one per member, the averages' sums and counts kept (the closer stores them). */
export const MEMBER_SUMS = `f.uid, sum(f.claimed) as claimed, sum(f.expired) as expired, sum(f.prepared) as prepared, coalesce(sum(f.c2p_us), 0) as c2p_us,
  sum(f.c2p_n) as c2p_n, sum(f.delivered) as delivered, sum(f.reported) as reported, coalesce(sum(f.r2d_us), 0) as r2d_us, sum(f.r2d_n) as r2d_n`;

/**
 * The kitchen (or one member) per day, one row per thing counted. Columns: day, ordered, prepared, delivered,
 * reported, r2d_us, r2d_n. The first branch reads the rollups of the `rolled` days. Orders placed are the
 * kitchen's alone: a member does not place them.
 */
export function dayParts(user: string | null): Part[] {
  const parts: Part[] = user
    ? [
        [
          `select m.day, 0 as ordered, m.prepared, m.delivered, m.reported, m.r2d_us, m.r2d_n from statistics_member_days m
           where m.day in (select day from rolled) and m.user_id = ?`,
          [user],
        ],
      ]
    : [
        [
          'select s.day, s.ordered, s.prepared, s.delivered, s.reported, s.r2d_us, s.r2d_n from statistics_days s where s.day in (select day from rolled)',
          [],
        ],
        [live('l.day, 1, 0, 0, 0, null::bigint, 0', 'o.ordered_at', 'true'), []],
      ];
  const prepared = forUser(
    live('l.day, 0, 1, 0, 0, null::bigint, 0', 'o.prepare_started_at', 'o.prepared_by is not null'),
    'o.prepared_by',
    user,
  );
  const delivered = forUser(
    live(`l.day, 0, 0, ${DELIVERED}`, 'o.delivered_at', DELIVERED_WHERE),
    'o.delivered_by',
    user,
  );
  return [...parts.map(([sql, params]): Part => [sql.replace('$USER', ''), params]), prepared, delivered];
}

/** A mean in seconds from summed microseconds and a count, taken in SQL (numeric: the same digits whichever rows). */
export const meanSeconds = (us: string, n: string) => `${us}::numeric / nullif(${n}, 0) / 1000000`;

/** `parts` as one `union all`, and their parameters in order. */
export function unionAll(parts: readonly Part[]): Part {
  return [parts.map(([sql]) => sql).join('\n union all\n'), parts.flatMap(([, params]) => params)];
}
