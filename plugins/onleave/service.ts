import type { FilterQuery } from '@mikro-orm/core';
import type { InferKyselyDB } from '@mikro-orm/sql';
import type { AuditLog } from '../../core/audit/service.ts';
import { type User, UserSchema } from '../../core/auth/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { DomainError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import { localizedError, type TextInEveryLocale, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { meets } from '../../core/shared/permissions.ts';
import { outranks } from '../../core/shared/ranking.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import { type HeldRank, ranksOfIn, ranksOfUsersIn } from '../ranks/index.ts';
import { userTarget } from '../users/index.ts';
import { type LeaveRequest, LeaveRequestSchema } from './entities.ts';
import { type OnleaveKey, onleaveText } from './i18n/index.ts';
import {
  addDays,
  dayOf,
  formatLeaveDay,
  type LeaveRequestInput,
  type LeaveRequestsQuery,
  type LeaveRequestsResponse,
  type LeaveRequestView,
  type LeaveStatus,
  MAX_DAYS_AHEAD,
  type UpdateLeaveStatusInput,
} from './schemas.ts';

/** Told, after commit, that a member's approved leave covers today: the orders plugin takes them out of the delivery queue. */
export type LeaveStartsListener = (userId: string, until: string) => unknown;

const MANAGE = { all: ['MANAGE_ON_LEAVE_REQUESTS'] } as const;
const LINK = '/staff/take-a-break';

export function toLeaveView(row: LeaveRequest): LeaveRequestView {
  const user = row.user;
  return {
    _id: row.id,
    status: row.status,
    user: { id: user.id, username: user.username, displayName: user.displayName ?? null, avatar: user.avatar ?? null },
    from: row.from,
    until: row.until,
    reason: row.reason,
    createdBy: row.createdBy,
    decidedBy: row.decidedBy ?? null,
    note: row.note ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** When a leave is, in words of the locale: `on 5 December 2026`, `from … until …`. */
const spanIn = (r: { from: string; until: string }, locale: Locale) =>
  r.from === r.until
    ? onleaveText(locale)('span.day', { day: formatLeaveDay(r.from, locale) })
    : onleaveText(locale)('span.range', {
        from: formatLeaveDay(r.from, locale),
        until: formatLeaveDay(r.until, locale),
      });

interface Notice extends TextInEveryLocale {
  userId: string;
  id: string;
  status: string;
}

export interface OnLeaveServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit' | 'now'> {}

/**
 * Leave requests (issue 12, "Leave"): a member asks, a manager approves or denies, either may cancel. Every decision
 * about one request runs under that request's row lock, so approving and cancelling it at once leave one state;
 * a new request runs under the member's row lock, so two at once cannot both pass the overlap check.
 */
export class OnLeaveService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  readonly #now: () => number;
  readonly #starts: LeaveStartsListener[] = [];

  constructor({ orm, events, audit, now }: OnLeaveServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    this.#now = now;
  }

  /** Today, as a UTC calendar day: the day "on leave now" is about. */
  today(): string {
    return dayOf(this.#now());
  }

  /** Registers what must happen when an approved leave covers today (called after commit; a failure is swallowed, the orders sweeper catches up). */
  whenLeaveStarts(listener: LeaveStartsListener): void {
    this.#starts.push(listener);
  }

  /** POST /api/client/onleave/requests: the member's own request, PENDING. */
  async submit(actor: CurrentUser, input: LeaveRequestInput): Promise<LeaveRequestView> {
    this.#checkDays(input);
    const row = await this.#orm.em.fork().transactional(async (em) => {
      if (!(await lockRow(em, UserSchema, actor.id)))
        throw localizedError(onleaveText, 'not_found', 'refusal.userNotFound');
      await this.#assertNoOverlap(em, actor.id, input, 'refusal.alreadyRequested');
      return this.#insert(em, actor.id, input, 'PENDING', actor.id, null);
    });
    return this.#view(row.id);
  }

  /**
   * POST /api/client/onleave/requests/{userId}: a manager enters leave for a member ranked below them. It is created
   * APPROVED (the manager who enters it has decided it), audited, and the member is told.
   */
  async createFor(
    actor: CurrentUser,
    userId: string,
    input: LeaveRequestInput,
    note: string | null = null,
  ): Promise<LeaveRequestView> {
    this.#checkDays(input);
    const row = await this.#orm.em.fork().transactional(async (em) => {
      const { user, ranks } = await this.#manageable(em, actor, userId, 'refusal.selfCreate');
      if (ranks.length === 0) throw localizedError(onleaveText, 'bad_request', 'refusal.staffOnly');
      await this.#assertNoOverlap(em, userId, input, 'refusal.memberAlreadyRequested');
      const row = this.#insert(em, user, input, 'APPROVED', actor.id, note);
      row.decidedBy = actor.id;
      row.decidedAt = new Date(this.#now());
      await this.#audit.record(em, {
        actor,
        action: 'user.leave.create',
        target: userTarget(user),
        before: null,
        after: { from: input.from, until: input.until, status: 'APPROVED' },
        reason: input.reason,
      });
      return row;
    });
    const view = await this.#view(row.id);
    await this.#after(view, {
      userId,
      id: view._id,
      status: 'approved',
      ...textInEveryLocale(onleaveText, 'notice.putOnLeave', (locale) => ({
        by: actor.displayName || actor.username,
        span: spanIn(view, locale),
      })),
    });
    return view;
  }

  /**
   * DELETE /api/client/onleave/requests/{id}. The member: a PENDING request, or an APPROVED one that has not started
   * (plans change). A manager (ranked above the member): a PENDING request or an APPROVED one that has not ended,
   * which ends a running leave today; audited, and the member is told.
   */
  async cancel(actor: CurrentUser, id: string): Promise<LeaveRequestView> {
    const today = this.today();
    const { own } = await this.#orm.em.fork().transactional(async (em) => {
      const row = await this.#locked(em, id);
      const own = row.user.id === actor.id;
      if (!own) {
        if (!meets(actor, MANAGE)) throw localizedError(onleaveText, 'not_found', 'refusal.notFound');
        await this.#manageable(em, actor, row.user.id, 'refusal.self');
      }
      const cancellable =
        row.status === 'PENDING' || (row.status === 'APPROVED' && (own ? row.from > today : row.until >= today));
      if (!cancellable)
        throw statusConflict(row, own && row.status === 'APPROVED' ? 'refusal.alreadyStarted' : undefined);
      const before = row.status;
      row.status = 'CANCELLED';
      row.decidedBy = actor.id;
      row.decidedAt = new Date(this.#now());
      row.updatedAt = row.decidedAt;
      if (!own)
        await this.#audit.record(em, {
          actor,
          action: 'user.leave.cancel',
          target: userTarget(row.user),
          before: { status: before },
          after: { status: 'CANCELLED' },
        });
      return { own };
    });
    const view = await this.#view(id);
    if (!own)
      await this.#after(view, {
        userId: view.user.id,
        id,
        status: 'cancelled',
        ...textInEveryLocale(onleaveText, 'notice.cancelled', (locale) => ({ span: spanIn(view, locale) })),
      });
    return view;
  }

  /** POST …/{id}/update-status: a manager approves or denies a PENDING request of a member ranked below them, with a note. */
  async decide(actor: CurrentUser, id: string, input: UpdateLeaveStatusInput): Promise<LeaveRequestView> {
    const today = this.today();
    await this.#orm.em.fork().transactional(async (em) => {
      const row = await this.#locked(em, id);
      if (row.user.id === actor.id) throw localizedError(onleaveText, 'forbidden', 'refusal.ownRequest');
      await this.#manageable(em, actor, row.user.id, 'refusal.ownRequest');
      if (row.status !== 'PENDING') throw statusConflict(row);
      if (input.status === 'APPROVED' && row.until < today)
        throw localizedError(onleaveText, 'conflict', 'refusal.daysPassed');
      row.status = input.status;
      row.note = input.note;
      row.decidedBy = actor.id;
      row.decidedAt = new Date(this.#now());
      row.updatedAt = row.decidedAt;
      await this.#audit.record(em, {
        actor,
        action: 'user.leave.decide',
        target: userTarget(row.user),
        before: { status: 'PENDING' },
        after: { status: input.status },
        reason: input.note,
      });
    });
    const view = await this.#view(id);
    const text = textInEveryLocale(
      onleaveText,
      input.status === 'APPROVED' ? 'notice.approved' : 'notice.denied',
      (locale) => ({ span: spanIn(view, locale), note: input.note }),
    );
    await this.#after(view, { userId: view.user.id, id, status: input.status.toLowerCase(), ...text });
    return view;
  }

  /** GET /api/client/onleave/requests: a manager sees anyone's; everyone else only their own. */
  async list(actor: CurrentUser, query: LeaveRequestsQuery): Promise<LeaveRequestsResponse> {
    const manager = meets(actor, MANAGE);
    if (!manager && query.user && query.user !== actor.id)
      throw localizedError(onleaveText, 'forbidden', 'refusal.onlyOwn');
    const where: FilterQuery<LeaveRequest> = {};
    const user = manager ? query.user : actor.id;
    if (user) where.user = user;
    if (query.status) where.status = query.status;
    const em = this.#orm.em.fork();
    const [rows, total] = await em.findAndCount(LeaveRequestSchema, where, {
      populate: ['user'],
      orderBy: { [query.sort]: query.order, id: query.order },
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    // The same rule #manageable enforces on a decision or a cancel, so the list offers only what will be allowed.
    const ranks = manager ? await ranksOfUsersIn(em, [...new Set(rows.map((row) => row.user.id))]) : new Map();
    const mayManage = (row: LeaveRequest) =>
      row.user.id !== actor.id && outranks(actor, { ranks: ranks.get(row.user.id) ?? [] });
    return {
      requests: rows.map((row) => (manager ? { ...toLeaveView(row), manageable: mayManage(row) } : toLeaveView(row))),
      total,
    };
  }

  /** Every member on leave today (an APPROVED request whose days include today), soonest back first. */
  async onLeaveNow(): Promise<LeaveRequestView[]> {
    const today = this.today();
    const rows = await this.#orm.em
      .fork()
      .find(
        LeaveRequestSchema,
        { status: 'APPROVED', from: { $lte: today }, until: { $gte: today } },
        { populate: ['user'], orderBy: { until: 'asc', id: 'asc' }, limit: 200 },
      );
    return rows.map(toLeaveView);
  }

  /** Of those on leave now, who is back within a week (their last day is within the next 7 days, today included). */
  async returningThisWeek(): Promise<LeaveRequestView[]> {
    const last = addDays(this.today(), 6);
    return (await this.onLeaveNow()).filter((r) => r.until <= last);
  }

  /** Of these users, who is on leave today, and until which day (their last day away). */
  async currentLeaves(userIds: readonly string[]): Promise<Map<string, string>> {
    const leaves = new Map<string, string>();
    if (userIds.length === 0) return leaves;
    const today = this.today();
    const rows = await this.#orm.em
      .fork()
      .find(
        LeaveRequestSchema,
        { user: { $in: [...userIds] }, status: 'APPROVED', from: { $lte: today }, until: { $gte: today } },
        { fields: ['user', 'until'] },
      );
    for (const row of rows) if ((leaves.get(row.user.id) ?? '') < row.until) leaves.set(row.user.id, row.until);
    return leaves;
  }

  /**
   * Days of approved leave per member between `from` and `until` (both included, `YYYY-MM-DD`), counted by the
   * database: only the days of each leave inside the range (the statistics plugin's "days on leave").
   */
  async leaveDaysIn(from: string, until: string, userId: string | null = null): Promise<Map<string, number>> {
    let query = this.#orm.em
      .fork()
      .getKysely<InferKyselyDB<typeof LeaveRequestSchema>>()
      .selectFrom('leave_requests')
      .where('status', '=', 'APPROVED')
      .where('from', '<=', until)
      .where('until', '>=', from)
      .groupBy('user_id')
      .select((eb) => {
        // Each leave's days inside the range, both ends included.
        const last = eb.fn('least', [eb.cast('until', 'date'), eb.cast(eb.val(until), 'date')]);
        const first = eb.fn('greatest', [eb.cast('from', 'date'), eb.cast(eb.val(from), 'date')]);
        return ['user_id', eb.fn.sum<number | string>(eb(eb(last, '-', first), '+', 1)).as('days')];
      });
    if (userId) query = query.where('user_id', '=', userId);
    const rows = await query.execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.days)]));
  }

  /** Why this member may not join the delivery queue now (409: they are on leave, until when), or null. */
  async queueRefusal(userId: string): Promise<DomainError | null> {
    const until = (await this.currentLeaves([userId])).get(userId);
    if (!until) return null;
    return localizedError(onleaveText, 'conflict', 'refusal.onLeaveUntil', (locale) => ({
      until: formatLeaveDay(until, locale),
    }));
  }

  #checkDays(input: LeaveRequestInput): void {
    const today = this.today();
    if (input.until < input.from) throw localizedError(onleaveText, 'bad_request', 'refusal.untilBeforeFrom');
    if (input.from < today) throw localizedError(onleaveText, 'bad_request', 'refusal.inThePast');
    if (input.until > addDays(today, MAX_DAYS_AHEAD))
      throw localizedError(onleaveText, 'bad_request', 'refusal.tooFarAhead', { max: MAX_DAYS_AHEAD });
  }

  async #assertNoOverlap(em: Em, userId: string, input: LeaveRequestInput, refusal: OnleaveKey): Promise<void> {
    const clash = await em.count(LeaveRequestSchema, {
      user: userId,
      status: { $in: ['PENDING', 'APPROVED'] },
      from: { $lte: input.until },
      until: { $gte: input.from },
    });
    if (clash > 0) throw localizedError(onleaveText, 'conflict', refusal);
  }

  #insert(
    em: Em,
    user: User | string,
    input: LeaveRequestInput,
    status: LeaveStatus,
    createdBy: string,
    note: string | null,
  ): LeaveRequest {
    const now = new Date(this.#now());
    return em.create(LeaveRequestSchema, {
      user: typeof user === 'string' ? em.getReference(UserSchema, user) : user,
      from: input.from,
      until: input.until,
      reason: input.reason,
      status,
      createdBy,
      note,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** The request's row, locked until the transaction ends, with its member. */
  async #locked(em: Em, id: string): Promise<LeaveRequest> {
    if (!(await lockRow(em, LeaveRequestSchema, id)))
      throw localizedError(onleaveText, 'not_found', 'refusal.notFound');
    return em.findOneOrFail(LeaveRequestSchema, { id }, { populate: ['user'] });
  }

  /** The member a manager acts on: exists, not the manager, ranked below them (unless SUPER_ADMIN). */
  async #manageable(
    em: Em,
    actor: CurrentUser,
    userId: string,
    selfRefusal: OnleaveKey,
  ): Promise<{ user: User; ranks: HeldRank[] }> {
    if (userId === actor.id) throw localizedError(onleaveText, 'forbidden', selfRefusal);
    const user = await em.findOne(UserSchema, { id: userId });
    if (!user) throw localizedError(onleaveText, 'not_found', 'refusal.userNotFound');
    const ranks = await ranksOfIn(em, userId);
    if (!outranks(actor, { ranks })) {
      throw localizedError(onleaveText, 'forbidden', 'refusal.outranked');
    }
    return { user, ranks };
  }

  async #view(id: string): Promise<LeaveRequestView> {
    return toLeaveView(await this.#orm.em.fork().findOneOrFail(LeaveRequestSchema, { id }, { populate: ['user'] }));
  }

  /** After commit: the member is told, and a leave that covers today takes effect (the delivery queue). */
  async #after(view: LeaveRequestView, notice: Notice): Promise<void> {
    this.#events.publish('notice', {
      userId: notice.userId,
      ref: `leave:${notice.id}:${notice.status}`,
      kind: `leave.${notice.status}`,
      text: notice.text,
      texts: notice.texts,
      link: LINK,
    });
    const today = this.today();
    if (view.status !== 'APPROVED' || view.from > today || view.until < today) return;
    for (const listener of this.#starts) {
      try {
        await listener(view.user.id, view.until);
      } catch {
        // The leave stands; the orders sweeper takes the member out of the queue on its next pass.
      }
    }
  }
}

/** A 409 with the request's status: "already approved", unless `refusal` says why in other words. */
function statusConflict(row: LeaveRequest, refusal: OnleaveKey = 'refusal.alreadyInStatus'): DomainError {
  return localizedError(onleaveText, 'conflict', refusal, { status: row.status.toLowerCase() }, { status: row.status });
}
