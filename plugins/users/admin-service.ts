import type { FilterQuery } from '@mikro-orm/core';
import { type AuditActor, type AuditLog, changedFields, nameOf } from '../../core/audit/service.ts';
import { toCurrentUser } from '../../core/auth/current-user.ts';
import { type User, UserSchema } from '../../core/auth/entities.ts';
import { assertCanGrantPermissions, assertCanGrantPosition } from '../../core/auth/escalation.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { containsPattern } from '../../core/db/like.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { localizedError, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import { newId } from '../../core/ids.ts';
import { isId } from '../../core/shared/ids.ts';
import { outranks } from '../../core/shared/ranking.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import {
  type HeldRank,
  rankHistoryIn,
  rankHolderIdsIn,
  ranksByIdIn,
  ranksOfIn,
  ranksOfUsersIn,
  recordRankChangeIn,
} from '../ranks/index.ts';
import { type Blacklist, BlacklistSchema, type Warning, WarningSchema } from './entities.ts';
import { usersText } from './i18n/index.ts';
import { ORDERING_STANDING } from './prepared.ts';
import type {
  AdminUsersFilter,
  AdminUsersPage,
  AdminUserView,
  BanView,
  BlacklistView,
  RankHistoryView,
  SetBlacklistInput,
  WarningView,
} from './schemas.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type { GrantHolds, HeldByGrants } from './grant-holds.ts';
import { type DiscordProfile, discordFields, fromCurrentUser } from './service.ts';

function toBanView(user: User): BanView | null {
  if (!user.ban.active) return null;
  return {
    active: true,
    reason: user.ban.reason ?? null,
    expires: user.ban.expires?.toISOString() ?? null,
    createdAt: user.ban.createdAt?.toISOString() ?? null,
    createdBy: user.ban.createdBy ?? null,
  };
}

/**
 * The target of a user manager's action, after the checks every such action shares: it exists,
 * it is not the actor, and (unless the actor is a SUPER_ADMIN) it is ranked below the actor's highest rank.
 * Its row is locked first (inside the caller's transaction), so two writes about one user run one after the other
 * and each decides on what the other committed: the checks here and the caller's own (banned? staff? which ranks?).
 */
export async function manageableTarget(em: Em, actor: CurrentUser, id: string): Promise<User> {
  if (!(await lockRow(em, UserSchema, id))) throw localizedError(usersText, 'not_found', 'refusal.userNotFound');
  const user = await em.findOneOrFail(UserSchema, { id });
  if (user.id === actor.id) throw localizedError(usersText, 'forbidden', 'refusal.notYourself');
  if (!outranks(actor, { ranks: await ranksOfIn(em, id) })) {
    throw localizedError(usersText, 'forbidden', 'refusal.outranked');
  }
  return user;
}

/** What an audit entry names a user by: the name they had when it was written. */
export function userTarget(user: User): { type: 'user'; id: string; name: string } {
  return { type: 'user', id: user.id, name: nameOf(user) };
}

/** Ranks as an audit entry keeps them: names, highest first, readable after the ranks change or go. */
const rankNames = (ranks: readonly HeldRank[]) => [...ranks].sort((a, b) => b.position - a.position).map((r) => r.name);

const NOTHING_GRANTED: HeldByGrants = { perks: [], ranks: [], ranksAlone: [] };

function toAdminUserView(
  user: User,
  ranks: readonly HeldRank[],
  granted: HeldByGrants = NOTHING_GRANTED,
): AdminUserView {
  const view = fromCurrentUser(toCurrentUser(user, ranks));
  const manualRanks = view.ranks.filter((id) => !granted.ranksAlone.includes(id));
  return {
    ...view,
    manualPerks: [...user.manualPerks],
    grantedPerks: granted.perks,
    manualRanks,
    grantedRanks: granted.ranks,
  };
}

function toWarningView(warning: Warning): WarningView {
  return {
    id: warning.id,
    userID: warning.user.id,
    reason: warning.reason,
    by: warning.by,
    createdAt: warning.createdAt.toISOString(),
  };
}

function toBlacklistView(entry: Blacklist): BlacklistView {
  return {
    active: entry.active,
    reason: entry.reason ?? null,
    by: entry.by,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  };
}

/** A customer as ordering reads them (UserAdminService.orderingStanding): a new customer has neither. */
export interface OrderingStanding {
  /** Null: never banned, or the ban was lifted. */
  ban: { active: boolean; reason: string | null; expires: Date | null } | null;
  /** Null: never listed. */
  blacklist: { active: boolean; reason: string | null } | null;
}

export interface UserAdminServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit'> {
  holds: GrantHolds;
}

/** The user manager: search, bans, staff removal, rank changes, warnings and the order blacklist, each guarded against escalation. */
export class UserAdminService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  readonly #holds: GrantHolds;

  constructor({ orm, events, audit, holds }: UserAdminServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    this.#holds = holds;
  }

  /** One user as the user manager sees them (the edit screen), or null when there is no such user. */
  async view(id: string): Promise<AdminUserView | null> {
    const em = this.#orm.em.fork();
    const user = await em.findOne(UserSchema, { id });
    if (!user) return null;
    const granted = await this.#holds.heldOf([id]);
    return toAdminUserView(user, await ranksOfIn(em, id), granted.get(id));
  }

  async search(filter: AdminUsersFilter): Promise<AdminUsersPage> {
    const em = this.#orm.em.fork();
    const where: FilterQuery<User>[] = [];
    if (filter.search) {
      const like = containsPattern(filter.search);
      const or: FilterQuery<User>[] = [{ username: { $ilike: like } }, { displayName: { $ilike: like } }];
      if (isId(filter.search)) or.push({ id: filter.search });
      where.push({ $or: or });
    }
    // Who holds ranks is the ranks plugin's to say: staff are few, so their ids are a short list.
    if (filter.rank) where.push({ id: { $in: await rankHolderIdsIn(em, { rankId: filter.rank }) } });
    if (filter.staff !== undefined) {
      const staff = await rankHolderIdsIn(em);
      where.push({ id: filter.staff ? { $in: staff } : { $nin: staff } });
    }
    if (filter.banned !== undefined) {
      const active: FilterQuery<User> = {
        ban: { active: true },
        $or: [{ ban: { expires: null } }, { ban: { expires: { $gt: new Date() } } }],
      };
      where.push(filter.banned ? active : { $not: active });
    }
    const [users, totalUsers] = await em.findAndCount(UserSchema, where.length ? { $and: where } : {}, {
      orderBy: { [filter.sort]: filter.order, id: filter.order },
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    const ids = users.map((user) => user.id);
    const ranks = await ranksOfUsersIn(em, ids);
    const granted = await this.#holds.heldOf(ids);
    return {
      users: users.map((user) => toAdminUserView(user, ranks.get(user.id)!, granted.get(user.id))),
      totalUsers,
    };
  }

  async getBan(id: string): Promise<BanView | null> {
    const user = await this.#orm.em.fork().findOne(UserSchema, { id });
    if (!user) throw localizedError(usersText, 'not_found', 'refusal.userNotFound');
    return toBanView(user);
  }

  async ban(actor: CurrentUser, id: string, input: { reason: string; expires: string | null }): Promise<BanView> {
    const expires = input.expires === null ? null : new Date(input.expires);
    if (expires && expires.getTime() <= Date.now()) throw localizedError(usersText, 'bad_request', 'refusal.banInPast');
    const view = await this.#onTarget(actor, id, async (em, user) => {
      const before = toBanView(user);
      user.ban = { active: true, reason: input.reason, expires, createdAt: new Date(), createdBy: actor.id };
      const view = toBanView(user)!;
      await this.#audit.record(em, {
        actor,
        action: 'user.ban',
        target: userTarget(user),
        before: before && { reason: before.reason, expires: before.expires },
        // The ban's reason is part of what changed: not repeated as the entry's reason.
        after: { reason: view.reason, expires: view.expires },
      });
      return view;
    });
    this.#events.publish('identityChanged', { userId: id });
    this.#events.publish('userBanned', { userId: id, reason: input.reason, expires: view.expires });
    return view;
  }

  async updateBan(
    actor: CurrentUser,
    id: string,
    input: { reason?: string; expires?: string | null },
  ): Promise<BanView> {
    const expires = input.expires === undefined || input.expires === null ? input.expires : new Date(input.expires);
    if (expires && expires.getTime() <= Date.now()) throw localizedError(usersText, 'bad_request', 'refusal.banInPast');
    const view = await this.#onTarget(actor, id, async (em, user) => {
      if (!user.ban.active) throw localizedError(usersText, 'not_found', 'refusal.notBanned');
      const before = toBanView(user)!;
      if (input.reason !== undefined) user.ban.reason = input.reason;
      if (expires !== undefined) user.ban.expires = expires;
      const after = toBanView(user)!;
      const change = changedFields(
        { reason: before.reason, expires: before.expires },
        { reason: after.reason, expires: after.expires },
      );
      await this.#audit.record(em, { actor, action: 'user.ban.update', target: userTarget(user), ...change });
      return after;
    });
    this.#events.publish('identityChanged', { userId: id });
    this.#events.publish('userBanned', { userId: id, reason: view.reason, expires: view.expires });
    return view;
  }

  async unban(actor: CurrentUser, id: string, silent: boolean): Promise<void> {
    await this.#onTarget(actor, id, async (em, user) => {
      // The entry says whether the user is told (not silent), so the audit log tells the two lifts apart.
      if (!(await this.#lift(em, actor, user, null, { userTold: !silent })))
        throw localizedError(usersText, 'not_found', 'refusal.notBanned');
    });
    this.announceUnban(id, silent);
  }

  /**
   * Lifts the user's ban inside the caller's transaction, for a decision made elsewhere (an accepted appeal): no
   * rank check, the process that decided is the authority. The user's row is locked; answers whether a ban was
   * lifted (false: none was active). The caller calls announceUnban after commit when it was.
   */
  async liftBanIn(em: Em, actor: AuditActor, id: string, reason: string): Promise<boolean> {
    if (!(await lockRow(em, UserSchema, id))) throw localizedError(usersText, 'not_found', 'refusal.userNotFound');
    return this.#lift(em, actor, await em.findOneOrFail(UserSchema, { id }), reason);
  }

  /**
   * identityChanged (their next request and live socket see it) and userUnbanned, after the lift commits. Not
   * silent: the user is told by a notice (and so a Discord DM when the bot runs); silent: nobody tells them.
   */
  announceUnban(id: string, silent: boolean): void {
    this.#events.publish('identityChanged', { userId: id });
    this.#events.publish('userUnbanned', { userId: id, silent });
    if (!silent)
      this.#events.publish('notice', {
        userId: id,
        ref: `unban:${newId()}`,
        kind: 'ban.lifted',
        ...textInEveryLocale(usersText, 'notice.banLifted'),
        link: '/',
      });
  }

  /** The ban cleared and the lift audited (what it was stays in the audit entry's before; `after` what the caller adds). */
  async #lift(
    em: Em,
    actor: AuditActor,
    user: User,
    reason: string | null,
    after: { userTold: boolean } | null = null,
  ): Promise<boolean> {
    const before = toBanView(user);
    if (!before) return false;
    user.ban = { active: false, reason: null, expires: null, createdAt: null, createdBy: null };
    await this.#audit.record(em, {
      actor,
      action: 'user.ban.remove',
      target: userTarget(user),
      before: { reason: before.reason, expires: before.expires },
      after,
      reason,
    });
    return true;
  }

  /**
   * The ranks given by hand taken, the change written to the rank history. A rank a grant holds (a plan's title, a
   * store item's trial week) stays until its grant ends: it was paid for, not given as staff standing.
   */
  async removeStaff(actor: CurrentUser, id: string, reason: string): Promise<void> {
    const after = await this.#onTarget(actor, id, async (em, user) => {
      const byHand = await this.#holds.ranksByHandIn(em, user.id);
      if (byHand.length === 0 && (await ranksOfIn(em, user.id)).length === 0)
        throw localizedError(usersText, 'conflict', 'refusal.notStaff');
      if (byHand.length === 0) throw localizedError(usersText, 'conflict', 'refusal.noRankByHand');
      await this.#audit.record(em, {
        actor,
        action: 'user.staff.remove',
        target: userTarget(user),
        before: { ranks: rankNames(byHand) },
        after: { ranks: [] },
        reason,
      });
      const { before, after } = await this.#holds.setRanksByHandIn(em, user.id, []);
      recordRankChangeIn(em, {
        userId: user.id,
        action: 'remove_staff',
        ranksBefore: before,
        ranksAfter: after,
        reason,
        by: actor.id,
      });
      return after;
    });
    this.#events.publish('identityChanged', { userId: id });
    this.#events.publish('userRanksChanged', { userId: id, ranks: after, announce: false });
  }

  /**
   * Replaces the ranks given by hand; every rank given or taken must be one the actor may grant. The ranks grants
   * hold stay (GrantHolds). Concurrent changes of one user, and the grants' starts and ends, run one after the other
   * (the user's row lock), so each history entry starts where the last one ended. Answers the ranks the user holds.
   */
  async updateRanks(
    actor: CurrentUser,
    id: string,
    input: { ranks: string[]; announce: boolean; logToRankHistory: boolean },
  ): Promise<string[]> {
    const wanted = [...new Set(input.ranks)];
    const { after, names } = await this.#onTarget(actor, id, async (em, user) => {
      const ranks = await ranksByIdIn(em, wanted);
      if (ranks.length !== wanted.length) throw localizedError(usersText, 'bad_request', 'refusal.unknownRank');
      const byHand = await this.#holds.ranksByHandIn(em, user.id);
      const byHandIds = new Set(byHand.map((r) => r.id));
      for (const rank of ranks.filter((r) => !byHandIds.has(r.id))) {
        assertCanGrantPosition(actor, rank.position);
        assertCanGrantPermissions(actor, rank.permissions);
      }
      for (const rank of byHand.filter((r) => !wanted.includes(r.id))) assertCanGrantPosition(actor, rank.position);
      const { before, after } = await this.#holds.setRanksByHandIn(em, user.id, ranks);
      if (input.logToRankHistory) {
        recordRankChangeIn(em, {
          userId: user.id,
          action: 'rank_update',
          ranksBefore: before,
          ranksAfter: after,
          reason: null,
          by: actor.id,
        });
      }
      // The audit entry keeps what the manager set: the ranks given by hand.
      await this.#audit.record(em, {
        actor,
        action: 'user.ranks.update',
        target: userTarget(user),
        before: { ranks: rankNames(byHand) },
        after: { ranks: rankNames(ranks) },
      });
      return { after, names: rankNames(await ranksOfIn(em, user.id)) };
    });
    this.#events.publish('identityChanged', { userId: id });
    if (!input.announce) {
      this.#events.publish('userRanksChanged', { userId: id, ranks: after, announce: false });
      return after;
    }
    // An announced change is told to the member (a notice, and a DM when the bot runs) and posted to the Discord
    // channel set in Site Settings (rankAnnouncementChannel), once, by the process that claims announcementId.
    const announcementId = newId();
    this.#events.publish('userRanksChanged', { userId: id, ranks: after, announce: true, announcementId });
    const text = names.length
      ? textInEveryLocale(usersText, 'notice.ranks', { ranks: names.join(', ') })
      : textInEveryLocale(usersText, 'notice.ranksRemoved');
    this.#events.publish('notice', {
      userId: id,
      ref: `ranks:${announcementId}`,
      kind: 'ranks.changed',
      ...text,
      link: '/users/@me',
    });
    return after;
  }

  async rankHistory(id: string): Promise<RankHistoryView[]> {
    const entries = await rankHistoryIn(this.#orm.em.fork(), id, 200);
    return entries.map((entry) => ({
      id: entry.id,
      userID: entry.userId,
      action: entry.action,
      ranksBefore: [...entry.ranksBefore],
      ranksAfter: [...entry.ranksAfter],
      reason: entry.reason,
      by: entry.by,
      createdAt: entry.createdAt.toISOString(),
    }));
  }

  /** Newest first. 404 for an unknown user. */
  async warnings(id: string): Promise<WarningView[]> {
    const em = this.#orm.em.fork();
    if ((await em.count(UserSchema, { id })) === 0)
      throw localizedError(usersText, 'not_found', 'refusal.userNotFound');
    const rows = await em.find(WarningSchema, { user: id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 500 });
    return rows.map(toWarningView);
  }

  async warn(actor: CurrentUser, id: string, reason: string): Promise<WarningView> {
    // Mapped after commit: createdAt is filled in as the row is written.
    const warning = await this.#onTarget(actor, id, async (em, user) => {
      await this.#audit.record(em, {
        actor,
        action: 'user.warn',
        target: userTarget(user),
        before: null,
        after: { warning: reason },
      });
      return em.create(WarningSchema, { user, reason, by: actor.id });
    });
    this.#events.publish('notice', {
      userId: id,
      ref: `warning:${warning.id}`,
      kind: 'user.warned',
      ...textInEveryLocale(usersText, 'notice.warned', { reason }),
      link: '/users/@me',
    });
    return toWarningView(warning);
  }

  /** The user's order blacklist entry; null when they were never listed. */
  async getBlacklist(id: string): Promise<BlacklistView | null> {
    const em = this.#orm.em.fork();
    if ((await em.count(UserSchema, { id })) === 0)
      throw localizedError(usersText, 'not_found', 'refusal.userNotFound');
    const entry = await em.findOne(BlacklistSchema, { user: id });
    return entry ? toBlacklistView(entry) : null;
  }

  /**
   * What ordering needs to know of a customer as their `/order` arrives (a hot path), in one prepared statement that
   * also writes the profile Discord sent with it: the user is created, or their name and avatar refreshed when they
   * changed (identityChanged then, as a sign-in publishes). Answers their ban and their order blacklist entry.
   */
  async orderingStanding(profile: DiscordProfile): Promise<OrderingStanding> {
    const [standing] = await ORDERING_STANDING.run(this.#orm, this.#orm.em.fork(), {
      id: profile.id,
      ...discordFields(profile),
      now: new Date(),
    });
    // Always one row: the count of what the write returned, the user (if any) joined to it.
    const { written, ban_active, ban_reason, ban_expires, blacklist_active, blacklist_reason } = standing!;
    if (Number(written) > 0) this.#events.publish('identityChanged', { userId: profile.id });
    return {
      ban: ban_active
        ? { active: true, reason: ban_reason ?? null, expires: ban_expires === null ? null : new Date(ban_expires) }
        : null,
      blacklist: blacklist_active === null ? null : { active: blacklist_active, reason: blacklist_reason },
    };
  }

  /** The user's order blacklist entry, read in the caller's transaction; null when they were never listed. */
  async blacklistIn(em: Em, id: string): Promise<BlacklistView | null> {
    const entry = await em.findOne(BlacklistSchema, { user: id });
    return entry ? toBlacklistView(entry) : null;
  }

  /**
   * Lifts the user's order blacklist inside the caller's transaction, for a decision made elsewhere (an accepted
   * appeal), as liftBanIn does for a ban. Answers whether it was lifted (false: not listed); the caller calls
   * announceBlacklist after commit when it was.
   */
  async liftBlacklistIn(em: Em, actor: AuditActor, id: string, reason: string): Promise<boolean> {
    if (!(await lockRow(em, UserSchema, id))) throw localizedError(usersText, 'not_found', 'refusal.userNotFound');
    const entry = await em.findOne(BlacklistSchema, { user: id });
    if (!entry?.active) return false;
    const user = await em.findOneOrFail(UserSchema, { id });
    await this.#audit.record(em, {
      actor,
      action: 'user.blacklist',
      target: userTarget(user),
      before: { active: true, reason: entry.reason ?? null },
      after: { active: false, reason },
      reason,
    });
    em.assign(entry, { active: false, reason, by: actor.id });
    return true;
  }

  /** The bot hears a listing or a lift (userBlacklisted), after it commits. */
  announceBlacklist(id: string, active: boolean): void {
    this.#events.publish('userBlacklisted', { userId: id, active });
  }

  /** Lists (active) or lifts (not active) the user's order blacklist entry; the bot hears it as userBlacklisted. */
  async setBlacklist(actor: CurrentUser, id: string, input: SetBlacklistInput): Promise<BlacklistView> {
    const reason = input.reason ?? null;
    // Under the user's row lock, a first listing sent twice at once is one insert and one update.
    const entry = await this.#onTarget(actor, id, async (em, user) => {
      const entry = await em.findOne(BlacklistSchema, { user: id });
      const before = entry && { active: entry.active, reason: entry.reason ?? null };
      await this.#audit.record(em, {
        actor,
        action: 'user.blacklist',
        target: userTarget(user),
        before,
        after: { active: input.active, reason },
      });
      if (entry) return em.assign(entry, { active: input.active, reason, by: actor.id });
      return em.create(BlacklistSchema, { user, active: input.active, reason, by: actor.id });
    });
    this.announceBlacklist(id, input.active);
    return toBlacklistView(entry);
  }

  /**
   * One write about a user: a transaction in which the user's row is locked and the manager's right to act on
   * them checked (manageableTarget) before `work` reads and decides; flushed and committed before it returns, so
   * the caller publishes its events after commit.
   */
  async #onTarget<T>(actor: CurrentUser, id: string, work: (em: Em, user: User) => T | Promise<T>): Promise<T> {
    return this.#orm.em.fork().transactional(async (em) => work(em, await manageableTarget(em, actor, id)));
  }
}
