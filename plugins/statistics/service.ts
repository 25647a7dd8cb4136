import type { AuditLog } from '../../core/audit/service.ts';
import { nameOf } from '../../core/audit/service.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { meets } from '../../core/shared/permissions.ts';
import { type ManagementStatistic, ManagementStatisticSchema } from './entities.ts';
import { statisticsText } from './i18n/index.ts';
import { dailyFigures, type Figures, memberFigures, people, zeroFigures } from './queries.ts';
import {
  addDays,
  type DayFigures,
  dayOf,
  type ManagementStatisticsQuery,
  type ManagementStatisticsRecord,
  type ManagementStatisticsResponse,
  type PeriodView,
  parseRecordId,
  periodOf,
  recordId,
  type StatisticsFigure,
  type StatisticsPeriod,
  type StatisticsPerson,
} from './schemas.ts';
import { statisticsSql } from './sql.ts';

/** Days of approved leave per member in a range of days (the onleave plugin's service; absent in a test's own plugin list). */
export type LeaveDays = (from: string, until: string, userId?: string | null) => Promise<Map<string, number>>;

export const isStatisticsManager = (user: Pick<CurrentUser, 'permissions' | 'perks'>) =>
  meets(user, { all: ['MANAGE_MANAGEMENT_STATISTICS'] });

export interface StatisticsServiceDeps extends Pick<ServiceKernel, 'orm' | 'audit' | 'now'> {
  leave: LeaveDays | null;
}

/**
 * Management statistics: every member's figures for a day, a week or a month, counted live from the orders,
 * applications, appeal votes and leave; a closed week is read from the snapshots written when it closed
 * (week-closer.ts), so its history survives what is deleted later. docs/statistics.md.
 */
export class StatisticsService {
  readonly #orm: Orm;
  readonly #audit: AuditLog;
  readonly #now: () => number;
  readonly #leave: LeaveDays | null;

  constructor({ orm, audit, now, leave }: StatisticsServiceDeps) {
    this.#orm = orm;
    this.#audit = audit;
    this.#now = now;
    this.#leave = leave;
  }

  today(): string {
    return dayOf(this.#now());
  }

  /** The period of kind `period` holding `date` (default today); 400 for one that has not started. */
  period(period: StatisticsPeriod, date?: string): PeriodView {
    const today = this.today();
    const { from, until } = periodOf(period, date ?? today);
    if (from > today) throw localizedError(statisticsText, 'bad_request', 'refusal.notStarted');
    return { period, from, until, closed: until < today };
  }

  /** GET /api/client/statistics/management: every member's record for the period, sorted. */
  async list(query: ManagementStatisticsQuery): Promise<ManagementStatisticsResponse> {
    const view = this.period(query.period, query.date);
    const em = this.#orm.em.fork();
    const stored = await this.#storedWeek(em, view);
    const statistics = stored ?? (await this.#live(em, view, null));
    return { period: view, statistics: sortRecords(statistics, query.sort, query.order) };
  }

  /** GET …/{id}: one record; a member without MANAGE_MANAGEMENT_STATISTICS reads only their own. */
  async record(actor: CurrentUser, id: string): Promise<ManagementStatisticsRecord> {
    const key = this.#key(actor, id);
    const em = this.#orm.em.fork();
    const view = this.period(key.period, key.from);
    const user = await statisticsSql(em)
      .selectFrom('users')
      .select('id')
      .where('id', '=', key.userId)
      .executeTakeFirst();
    if (view.period === 'week' && (await this.#weekClosed(em, view.from))) {
      const row = await em.findOne(ManagementStatisticSchema, { id });
      if (!row) throw localizedError(statisticsText, 'not_found', 'refusal.noWeekRecord');
      return toRecord(row, (await people(em, [row.userId])).get(row.userId)!);
    }
    if (!user) throw localizedError(statisticsText, 'not_found', 'refusal.userNotFound');
    const [record] = await this.#live(em, view, key.userId);
    return record!;
  }

  /** DELETE …/{id}: removes a stored snapshot (a closed week's record); audited. It is not written again. */
  async remove(actor: CurrentUser, id: string): Promise<ManagementStatisticsRecord> {
    this.#key(actor, id);
    const em = this.#orm.em.fork();
    const removed = await em.transactional(async (tx) => {
      const row = await statisticsSql(tx)
        .deleteFrom('management_statistics')
        .where('id', '=', id)
        .returning([
          'id',
          'user_id as userId',
          'period',
          'starts_on as from',
          'ends_on as until',
          'claimed',
          'prepared',
          'delivered',
          'reported',
          'claims_expired as claimsExpired',
          'avg_claim_to_prepared_s as avgClaimToPreparedS',
          'avg_ready_to_delivered_s as avgReadyToDeliveredS',
          'leave_days as leaveDays',
          'applications_reviewed as applicationsReviewed',
          'appeal_votes as appealVotes',
          'created_at as createdAt',
        ])
        .executeTakeFirst();
      if (!row) return null;
      const person = (await people(tx, [row.userId])).get(row.userId)!;
      // Kysely hands the timestamp over as the driver's text (MikroORM's type parsers); the entity holds a Date.
      const record = toRecord({ ...row, createdAt: new Date(row.createdAt) }, person);
      await this.#audit.record(tx, {
        actor,
        action: 'statistics.delete',
        target: { type: 'user', id: row.userId, name: nameOf(person) },
        before: { record: id, period: row.period, from: row.from, until: row.until, ...figuresOf(record) },
        after: null,
      });
      return record;
    });
    if (!removed) throw localizedError(statisticsText, 'not_found', 'refusal.noRecord');
    return removed;
  }

  /** The kitchen (or one member) per day over the last `days` days, today included: the charts. */
  async daily(days: number, userId: string | null = null): Promise<DayFigures[]> {
    return dailyFigures(this.#orm.em.fork(), addDays(this.today(), -(days - 1)), days, userId);
  }

  /** A member's stored weekly records, newest first (My Performance's history). */
  async history(userId: string, limit = 12): Promise<ManagementStatisticsRecord[]> {
    const em = this.#orm.em.fork();
    const rows = await em.find(
      ManagementStatisticSchema,
      { userId, period: 'week' },
      { orderBy: { from: 'desc' }, limit },
    );
    const person = (await people(em, [userId])).get(userId)!;
    return rows.map((row) => toRecord(row, person));
  }

  /**
   * Every member's figures for [from, until] (days, both included): staff (rank holders) and anyone else who did
   * something in the period, or only `userId`. Used live and by the week closer.
   */
  async figures(
    em: Em,
    from: string,
    until: string,
    userId: string | null,
  ): Promise<Map<string, Figures & { leaveDays: number }>> {
    const [counted, leave] = await Promise.all([
      memberFigures(em, from, addDays(until, 1), userId, { staff: true }),
      this.#leave ? this.#leave(from, until, userId) : Promise.resolve(new Map<string, number>()),
    ]);
    const ids = new Set([...(userId ? [userId] : []), ...counted.keys(), ...leave.keys()]);
    const out = new Map<string, Figures & { leaveDays: number }>();
    for (const id of ids) out.set(id, { ...(counted.get(id) ?? zeroFigures()), leaveDays: leave.get(id) ?? 0 });
    return out;
  }

  async #live(em: Em, view: PeriodView, userId: string | null): Promise<ManagementStatisticsRecord[]> {
    const figures = await this.figures(em, view.from, view.until, userId);
    const names = await people(em, [...figures.keys()]);
    return [...figures].map(([id, f]) => ({
      _id: recordId(id, view.period, view.from),
      user: names.get(id)!,
      period: view.period,
      from: view.from,
      until: view.until,
      source: 'live' as const,
      snapshotAt: null,
      ...f,
    }));
  }

  /** A closed week's snapshots, or null when the week was never closed (then it is counted live). */
  async #storedWeek(em: Em, view: PeriodView): Promise<ManagementStatisticsRecord[] | null> {
    if (view.period !== 'week' || !view.closed || !(await this.#weekClosed(em, view.from))) return null;
    const rows = await em.find(ManagementStatisticSchema, { period: 'week', from: view.from });
    const names = await people(
      em,
      rows.map((r) => r.userId),
    );
    return rows.map((row) => toRecord(row, names.get(row.userId)!));
  }

  async #weekClosed(em: Em, weekStart: string): Promise<boolean> {
    const row = await statisticsSql(em)
      .selectFrom('statistics_closed_weeks')
      .select('week_start')
      .where('week_start', '=', weekStart)
      .executeTakeFirst();
    return row !== undefined;
  }

  #key(actor: CurrentUser, id: string): NonNullable<ReturnType<typeof parseRecordId>> {
    const key = parseRecordId(id);
    if (!key) throw localizedError(statisticsText, 'bad_request', 'refusal.badId');
    if (key.userId !== actor.id && !isStatisticsManager(actor))
      throw localizedError(statisticsText, 'forbidden', 'refusal.ownOnly');
    return key;
  }
}

function figuresOf(record: ManagementStatisticsRecord): Record<StatisticsFigure, number | null> {
  const {
    claimed,
    prepared,
    delivered,
    reported,
    claimsExpired,
    avgClaimToPreparedS,
    avgReadyToDeliveredS,
    leaveDays,
    applicationsReviewed,
    appealVotes,
  } = record;
  return {
    claimed,
    prepared,
    delivered,
    reported,
    claimsExpired,
    avgClaimToPreparedS,
    avgReadyToDeliveredS,
    leaveDays,
    applicationsReviewed,
    appealVotes,
  };
}

export function toRecord(row: ManagementStatistic, user: StatisticsPerson): ManagementStatisticsRecord {
  return {
    _id: row.id,
    user,
    period: row.period,
    from: row.from,
    until: row.until,
    source: 'snapshot',
    snapshotAt: row.createdAt.toISOString(),
    claimed: row.claimed,
    prepared: row.prepared,
    delivered: row.delivered,
    reported: row.reported,
    claimsExpired: row.claimsExpired,
    avgClaimToPreparedS:
      row.avgClaimToPreparedS === null || row.avgClaimToPreparedS === undefined
        ? null
        : Number(row.avgClaimToPreparedS),
    avgReadyToDeliveredS:
      row.avgReadyToDeliveredS === null || row.avgReadyToDeliveredS === undefined
        ? null
        : Number(row.avgReadyToDeliveredS),
    leaveDays: row.leaveDays,
    applicationsReviewed: row.applicationsReviewed,
    appealVotes: row.appealVotes,
  };
}

const displayName = (p: StatisticsPerson) => (p.displayName ?? p.username).toLocaleLowerCase('en');

/** Sorted by a figure (empty averages last either way) or the name; ties by name, then ID. */
export function sortRecords(
  records: ManagementStatisticsRecord[],
  sort: StatisticsFigure | 'name',
  order: 'asc' | 'desc',
): ManagementStatisticsRecord[] {
  const sign = order === 'asc' ? 1 : -1;
  const byName = (a: ManagementStatisticsRecord, b: ManagementStatisticsRecord) =>
    displayName(a.user).localeCompare(displayName(b.user)) || a.user.id.localeCompare(b.user.id);
  return [...records].sort((a, b) => {
    if (sort === 'name') return sign * byName(a, b);
    const x = a[sort];
    const y = b[sort];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}
