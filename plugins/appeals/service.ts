import type { FilterQuery } from '@mikro-orm/core';
import { nameOf } from '../../core/audit/service.ts';
import { type User, UserSchema } from '../../core/auth/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { containsPattern } from '../../core/db/like.ts';
import { lockName, lockRow } from '../../core/db/locks.ts';
import type { Em } from '../../core/db/orm.ts';
import type { DomainError } from '../../core/errors.ts';
import { localizedError, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import { DEFAULT_LOCALE, type Locale } from '../../core/i18n/locales.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { isBanActive } from '../../core/shared/ban.ts';
import { isId } from '../../core/shared/ids.ts';
import { intlTag } from '../../core/shared/intl-tag.ts';
import { isSuperAdmin } from '../../core/shared/permissions.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import type { SettingsService } from '../settings/index.ts';
import type { UserAdminService } from '../users/index.ts';
import { type Appeal, AppealSchema, type AppealVote, AppealVoteSchema } from './entities.ts';
import { appealsText } from './i18n/index.ts';
import type {
  AdminAppealsQuery,
  AdminAppealsResponse,
  AdminAppealView,
  AppealEligibility,
  AppealKind,
  AppealSummary,
  AppealView,
  AppealVoteBody,
  CreateAppealBody,
} from './schemas.ts';
import { isAppealManager } from './schemas.ts';

const DAY = 24 * 60 * 60 * 1000;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function toAppealView(appeal: Appeal): AppealView {
  return {
    id: appeal.id,
    userID: appeal.user.id,
    status: appeal.status,
    kind: appeal.kind,
    whyBanned: appeal.whyBanned,
    whyLift: appeal.whyLift,
    anythingElse: appeal.anythingElse,
    ban: { reason: appeal.banReason ?? null, expires: iso(appeal.banExpires), createdAt: iso(appeal.bannedAt) },
    createdAt: appeal.createdAt.toISOString(),
    decidedAt: iso(appeal.decidedAt),
    decisionReason: appeal.decisionReason ?? null,
  };
}

function toSummary(appeal: Appeal): AppealSummary {
  return {
    id: appeal.id,
    userID: appeal.user.id,
    userName: nameOf(appeal.user),
    status: appeal.status,
    kind: appeal.kind,
    banReason: appeal.banReason ?? null,
    createdAt: appeal.createdAt.toISOString(),
    decidedAt: iso(appeal.decidedAt),
  };
}

/** The ban or order blacklisting an appeal is against, as the appeal keeps it. */
interface Sanction {
  kind: AppealKind;
  reason: string | null;
  expires: Date | null;
  by: string | null;
  at: Date | null;
}

function tallyOf(votes: readonly Pick<AppealVote, 'vote'>[]): { accept: number; deny: number } {
  return {
    accept: votes.filter((v) => v.vote === 'accept').length,
    deny: votes.filter((v) => v.vote === 'deny').length,
  };
}

export interface AppealsDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit' | 'now'> {
  settings: SettingsService;
  userAdmin: UserAdminService;
}

/**
 * Appeals: a banned user files one (one open at a time, a cooldown after a denial); managers with MANAGE_APPEALS
 * vote; the vote that brings one side to `appealVotesToDecide` (or a SUPER_ADMIN's force vote) decides it, in the
 * same transaction as the tally, under the appeal's row lock. docs/appeals.md.
 */
export class AppealsService {
  readonly #deps: AppealsDeps;

  constructor(deps: AppealsDeps) {
    this.#deps = deps;
  }

  /** Whether the user may file now, and against what; the create page says why not. */
  async eligibility(userId: string): Promise<AppealEligibility> {
    const cooldownDays = await this.#deps.settings.get('appealCooldownDays');
    const em = this.#deps.orm.em.fork();
    return this.#eligibility(em, userId, await this.#sanctionOf(em, userId), cooldownDays);
  }

  async file(actor: CurrentUser, input: CreateAppealBody): Promise<AppealView> {
    const now = new Date(this.#deps.now());
    // Read before the transaction opens: on a cold cache it is a query, which must not go through another handle
    // while the transaction holds the embedded database's one connection.
    const cooldownDays = await this.#deps.settings.get('appealCooldownDays');
    const appeal = await this.#deps.orm.em.fork().transactional(async (em) => {
      // One filing per user at a time: the open-appeal and cooldown checks decide on what the last filing committed.
      await lockName(em, `appeal:user:${actor.id}`);
      const sanction = await this.#sanctionOf(em, actor.id);
      const eligibility = await this.#eligibility(em, actor.id, sanction, cooldownDays);
      if (!eligibility.allowed || !sanction)
        throw refusal(eligibility.allowed ? { allowed: false, reason: 'nothing_to_appeal' } : eligibility);
      return em.create(AppealSchema, {
        user: em.getReference(UserSchema, actor.id),
        status: 'pending',
        kind: sanction.kind,
        whyBanned: input.whyBanned,
        whyLift: input.whyLift,
        anythingElse: input.anythingElse,
        banReason: sanction.reason,
        banExpires: sanction.expires,
        bannedBy: sanction.by,
        bannedAt: sanction.at,
        createdAt: now,
        decidedAt: null,
        decisionReason: null,
      });
    });
    return toAppealView(appeal);
  }

  /**
   * One appeal for `viewer`: the appellant gets their view (no voters, no tally), an appeal manager the staff view.
   * Anyone else: 404, so appeal ids say nothing about who appealed.
   */
  async get(viewer: CurrentUser, id: string): Promise<AppealView | AdminAppealView> {
    const em = this.#deps.orm.em.fork();
    const appeal = await em.findOne(AppealSchema, { id }, { populate: ['user'] });
    if (!appeal) throw localizedError(appealsText, 'not_found', 'refusal.notFound');
    if (appeal.user.id === viewer.id) return toAppealView(appeal);
    if (!isAppealManager(viewer)) throw localizedError(appealsText, 'not_found', 'refusal.notFound');
    return this.#adminView(em, appeal);
  }

  /** The staff view of one appeal (the Appeal Manager's detail page); null when there is none. */
  async adminView(id: string): Promise<AdminAppealView | null> {
    const em = this.#deps.orm.em.fork();
    const appeal = await em.findOne(AppealSchema, { id }, { populate: ['user'] });
    return appeal ? this.#adminView(em, appeal) : null;
  }

  /** A user's appeals, newest first. */
  async listFor(userId: string): Promise<AppealSummary[]> {
    const appeals = await this.#deps.orm.em
      .fork()
      .find(
        AppealSchema,
        { user: userId },
        { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
      );
    return appeals.map(toSummary);
  }

  /** The Appeal Manager's list: pending first, then newest first; `mine` is what the caller has yet to vote on. */
  async search(viewer: CurrentUser, query: AdminAppealsQuery): Promise<AdminAppealsResponse> {
    const em = this.#deps.orm.em.fork();
    const where: FilterQuery<Appeal>[] = [];
    if (query.filter === 'mine') {
      const voted = await em.find(
        AppealVoteSchema,
        { voter: viewer.id, appeal: { status: 'pending' } },
        { fields: ['appeal'] },
      );
      where.push({ status: 'pending', user: { $ne: viewer.id } });
      if (voted.length) where.push({ id: { $nin: voted.map((v) => v.appeal.id) } });
    } else if (query.filter !== 'all') {
      where.push({ status: query.filter });
    }
    if (query.search) {
      const like = containsPattern(query.search);
      const or: FilterQuery<User>[] = [{ username: { $ilike: like } }, { displayName: { $ilike: like } }];
      if (isId(query.search)) or.push({ id: query.search });
      where.push({ user: { $or: or } });
    }
    const [appeals, totalAppeals] = await em.findAndCount(AppealSchema, where.length ? { $and: where } : {}, {
      populate: ['user'],
      // 'pending' sorts after 'denied' and 'accepted': descending puts the open ones first.
      orderBy: { status: 'desc', createdAt: 'desc', id: 'desc' },
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const votes = appeals.length ? await em.find(AppealVoteSchema, { appeal: { $in: appeals.map((a) => a.id) } }) : [];
    return {
      appeals: appeals.map((appeal) => ({
        ...toSummary(appeal),
        tally: tallyOf(votes.filter((v) => v.appeal.id === appeal.id)),
      })),
      totalAppeals,
    };
  }

  /**
   * Casts or replaces the manager's vote. Under the appeal's row lock: the tally counts every vote committed
   * before, so of several deciding votes at once exactly one decides and the others find the appeal decided (409).
   * An accepted appeal lifts the ban in the same transaction; events and the notice follow the commit.
   */
  async vote(actor: CurrentUser, id: string, input: AppealVoteBody): Promise<{ completed: boolean }> {
    if (input.force && !isSuperAdmin(actor.permissions))
      throw localizedError(appealsText, 'forbidden', 'refusal.forceSuperAdmin');
    const { audit, settings, userAdmin } = this.#deps;
    const votesToDecide = await settings.get('appealVotesToDecide');
    const now = new Date(this.#deps.now());
    const outcome = await this.#deps.orm.em.fork().transactional(async (em) => {
      if (!(await lockRow(em, AppealSchema, id))) throw localizedError(appealsText, 'not_found', 'refusal.notFound');
      const appeal = await em.findOneOrFail(AppealSchema, { id }, { populate: ['user'], refresh: true });
      if (appeal.user.id === actor.id) throw localizedError(appealsText, 'forbidden', 'refusal.ownAppeal');
      if (appeal.status !== 'pending') throw localizedError(appealsText, 'conflict', 'refusal.alreadyDecided');
      const target = { type: 'appeal' as const, id: appeal.id, name: nameOf(appeal.user) };
      const previous = await em.findOne(AppealVoteSchema, { appeal: id, voter: actor.id });
      const fields = { vote: input.vote, reason: input.reason, force: input.force, createdAt: now };
      if (previous) em.assign(previous, fields);
      else em.create(AppealVoteSchema, { appeal, voter: actor.id, ...fields });
      await audit.record(em, {
        actor,
        action: 'appeal.vote',
        target,
        before: previous && { vote: previous.vote },
        after: { vote: input.vote, force: input.force },
        reason: input.reason,
      });
      await em.flush();
      const tally = tallyOf(await em.find(AppealVoteSchema, { appeal: id }));
      const decision = input.force
        ? input.vote
        : tally.accept >= votesToDecide
          ? 'accept'
          : tally.deny >= votesToDecide
            ? 'deny'
            : null;
      if (!decision) return null;
      appeal.status = decision === 'accept' ? 'accepted' : 'denied';
      appeal.decidedAt = now;
      appeal.decisionReason = input.reason;
      await audit.record(em, {
        actor,
        action: 'appeal.decide',
        target,
        before: { status: 'pending' },
        after: { status: appeal.status, ...tally },
        reason: input.reason,
      });
      const userId = appeal.user.id;
      const lifted =
        decision === 'accept' &&
        (appeal.kind === 'ban'
          ? await userAdmin.liftBanIn(em, actor, userId, 'Appeal accepted')
          : await userAdmin.liftBlacklistIn(em, actor, userId, 'Appeal accepted'));
      return { appeal, lifted };
    });
    if (!outcome) return { completed: false };
    const { appeal, lifted } = outcome;
    // Silent: the appeal's own decision notice below tells the user their ban was lifted; a second one would repeat it.
    if (lifted && appeal.kind === 'ban') userAdmin.announceUnban(appeal.user.id, true);
    if (lifted && appeal.kind === 'blacklist') userAdmin.announceBlacklist(appeal.user.id, false);
    this.#deps.events.publish('notice', {
      userId: appeal.user.id,
      ref: `appeal:${appeal.id}:decided`,
      kind: `appeal.${appeal.status}`,
      ...textInEveryLocale(
        appealsText,
        appeal.status !== 'accepted'
          ? 'notice.denied'
          : appeal.kind === 'ban'
            ? 'notice.acceptedBan'
            : 'notice.acceptedBlacklist',
        { reason: appeal.decisionReason ?? '' },
      ),
      link: `/appeal/${appeal.id}`,
    });
    return { completed: true };
  }

  /**
   * What the user may appeal now: an active ban first (it closes the whole site, and the bot refuses a banned user's
   * orders too), else an active order blacklisting; null when neither.
   */
  async #sanctionOf(em: Em, userId: string): Promise<Sanction | null> {
    const user = await em.findOne(UserSchema, { id: userId });
    if (!user) return null;
    const { ban } = user;
    if (isBanActive({ active: ban.active, reason: null, expires: ban.expires ?? null }, new Date(this.#deps.now()))) {
      return {
        kind: 'ban',
        reason: ban.reason ?? null,
        expires: ban.expires ?? null,
        by: ban.createdBy ?? null,
        at: ban.createdAt ?? null,
      };
    }
    const blacklist = await this.#deps.userAdmin.blacklistIn(em, userId);
    // The entry's latest change is the listing while it is active.
    if (blacklist?.active)
      return {
        kind: 'blacklist',
        reason: blacklist.reason,
        expires: null,
        by: blacklist.by,
        at: new Date(blacklist.updatedAt),
      };
    return null;
  }

  /** One open appeal at a time; after a denial, a new one against the same kind of sanction only after the cooldown. */
  async #eligibility(
    em: Em,
    userId: string,
    sanction: Sanction | null,
    cooldownDays: number,
  ): Promise<AppealEligibility> {
    if (!sanction) return { allowed: false, reason: 'nothing_to_appeal' };
    const open = await em.findOne(AppealSchema, { user: userId, status: 'pending' });
    if (open) return { allowed: false, reason: 'open_appeal', appealId: open.id };
    const denied = await em.findOne(
      AppealSchema,
      { user: userId, status: 'denied', kind: sanction.kind },
      { orderBy: { decidedAt: 'desc' } },
    );
    if (denied?.decidedAt) {
      const until = denied.decidedAt.getTime() + cooldownDays * DAY;
      if (until > this.#deps.now()) return { allowed: false, reason: 'cooldown', until: new Date(until).toISOString() };
    }
    return { allowed: true, kind: sanction.kind, reason: sanction.reason, expires: iso(sanction.expires) };
  }

  async #adminView(em: Em, appeal: Appeal): Promise<AdminAppealView> {
    const votes = await em.find(AppealVoteSchema, { appeal: appeal.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const ids = [...new Set([...votes.map((v) => v.voter), ...(appeal.bannedBy ? [appeal.bannedBy] : [])])];
    const people = ids.length ? await em.find(UserSchema, { id: { $in: ids } }) : [];
    const person = (id: string) => {
      const found = people.find((p) => p.id === id);
      return { id, name: found ? nameOf(found) : 'Unknown user' };
    };
    return {
      ...toAppealView(appeal),
      user: {
        id: appeal.user.id,
        name: nameOf(appeal.user),
        username: appeal.user.username,
        avatar: appeal.user.avatar ?? null,
      },
      bannedBy: appeal.bannedBy ? person(appeal.bannedBy) : null,
      votes: votes.map((v) => ({
        voter: person(v.voter),
        vote: v.vote,
        reason: v.reason,
        force: v.force,
        createdAt: v.createdAt.toISOString(),
      })),
      tally: tallyOf(votes),
      votesToDecide: await this.#deps.settings.get('appealVotesToDecide'),
    };
  }
}

/**
 * When an appeal may be filed again: in English as `Date.toUTCString()` writes it, in the others as the language writes
 * a date and time, in UTC (as the ban text writes its end).
 */
function againIn(until: string, locale: Locale): string {
  const end = new Date(until);
  if (locale === DEFAULT_LOCALE) return end.toUTCString();
  return new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' }).format(
    end,
  );
}

/** Why filing is refused, as the API says it: 403 when not banned, 409 for an open appeal or the cooldown. */
function refusal(eligibility: Exclude<AppealEligibility, { allowed: true }>): DomainError {
  switch (eligibility.reason) {
    case 'nothing_to_appeal':
      return localizedError(appealsText, 'forbidden', 'refusal.nothingToAppeal');
    case 'open_appeal':
      return localizedError(appealsText, 'conflict', 'refusal.openAppeal', undefined, {
        appealId: eligibility.appealId,
      });
    case 'cooldown': {
      const { until } = eligibility;
      return localizedError(
        appealsText,
        'conflict',
        'refusal.cooldown',
        (locale) => ({ until: againIn(until, locale) }),
        { until },
      );
    }
  }
}
