import { type AuditLog, changedFields } from '../../core/audit/service.ts';
import { type User, UserSchema } from '../../core/auth/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Config } from '../../core/config.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import { ranksOfIn, recordRankChangeIn } from '../ranks/index.ts';
import { manageableTarget, userTarget } from './admin-service.ts';
import { ResignationSchema } from './entities.ts';
import type { GrantHolds } from './grant-holds.ts';
import { usersText } from './i18n/index.ts';
import { reapplyAtIn } from './records.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { PREMADE_MESSAGE_REF, type UserManagerUpdate, UserSelfUpdateBodySchema, type UserView } from './schemas.ts';
import { type DiscordProfile, discordFields, toUserView } from './service.ts';

/** The specification's refusal of a resignation the highest rank does not allow, in English (`refusal.resignNotAllowed`). */
export const RESIGN_NOT_ALLOWED = usersText('en')('refusal.resignNotAllowed');

/** A premade message's text by its slug or ID, its use counted in `em`'s transaction; throws a DomainError when it may not be used. */
export type PremadeMessageResolver = (em: Em, actor: CurrentUser, ref: string) => Promise<string>;

/** The profile fields an edit may change, as an audit entry compares them. */
function profileFields(user: User) {
  return {
    username: user.username,
    displayName: user.displayName ?? null,
    avatar: user.avatar ?? null,
    deliveryMessage: user.settings?.deliveryMessage?.message ?? null,
    perks: [...user.manualPerks],
    flags: user.flags,
  };
}

export interface ProfileServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'config' | 'audit' | 'now'> {
  holds: GrantHolds;
}

/**
 * What a user changes of their own profile (and a user manager of someone ranked below them): display name,
 * delivery message, perks and flags, a refresh from Discord, and resigning from staff.
 */
export class ProfileService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #config: Config;
  readonly #audit: AuditLog;
  readonly #holds: GrantHolds;
  readonly #now: () => number;
  #premade: PremadeMessageResolver | null = null;

  constructor({ orm, events, config, audit, holds, now }: ProfileServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#config = config;
    this.#audit = audit;
    this.#holds = holds;
    this.#now = now;
  }

  /**
   * The user a profile route is about, its row locked (inside the caller's transaction): the
   * actor themself, or (the route's guard having checked MANAGE_USERS) someone the actor may manage.
   */
  async #editable(em: Em, actor: CurrentUser, id: string): Promise<User> {
    if (actor.id !== id) return manageableTarget(em, actor, id);
    if (!(await lockRow(em, UserSchema, id))) throw localizedError(usersText, 'not_found', 'refusal.userNotFound');
    return em.findOneOrFail(UserSchema, { id });
  }

  /**
   * One profile write: a transaction, the user's row locked and checked, then `work`; committed before it returns.
   * A manager's write about someone else is an admin write: `action` names its audit entry, which keeps the
   * profile fields that changed.
   */
  async #edit<T>(
    actor: CurrentUser,
    id: string,
    action: 'user.update' | 'user.sync' | null,
    work: (em: Em, user: User) => T | Promise<T>,
  ): Promise<T> {
    return this.#orm.em.fork().transactional(async (em) => {
      const user = await this.#editable(em, actor, id);
      const before = profileFields(user);
      const result = await work(em, user);
      if (action && actor.id !== id) {
        await this.#audit.record(em, {
          actor,
          action,
          target: userTarget(user),
          ...changedFields(before, profileFields(user)),
        });
      }
      return result;
    });
  }

  /**
   * PATCH /api/client/users/{id}. The route validated the manager's allow-list; the user themself is held to the
   * narrower self allow-list here, so nobody raises their own perks or flags (permissions, ranks and bans are not
   * in either list).
   */
  async update(actor: CurrentUser, id: string, input: UserManagerUpdate): Promise<UserView> {
    if (actor.id === id && !UserSelfUpdateBodySchema.safeParse(input).success) {
      throw localizedError(usersText, 'forbidden', 'refusal.selfUpdate');
    }
    const view = await this.#edit(actor, id, 'user.update', async (em, user) => {
      if (input.displayName !== undefined) user.displayName = input.displayName;
      if (input.settings !== undefined) {
        const { deliveryMessage: _old, ...rest } = user.settings ?? {};
        const deliveryMessage = input.settings.deliveryMessage;
        user.settings =
          deliveryMessage === null ? rest : { ...rest, deliveryMessage: { message: deliveryMessage.message } };
      }
      // The perks given by hand: those held by grants (a plan's, a purchase's) are theirs, untouched here.
      if (input.perks !== undefined) user.manualPerks = input.perks;
      if (input.flags !== undefined) user.flags = input.flags;
      return toUserView(user, await ranksOfIn(em, id));
    });
    this.#events.publish('identityChanged', { userId: id });
    return view;
  }

  /**
   * The site's language the user chose (the pickers post to /language, site/pages/language.ts); null: their
   * browser's again. Their own setting only, not audited as a profile edit is not.
   */
  async setLanguage(actor: CurrentUser, locale: Locale | null): Promise<void> {
    await this.#edit(actor, actor.id, null, (_em, user) => {
      const { locale: _old, ...rest } = user.settings ?? {};
      user.settings = locale === null ? rest : { ...rest, locale };
    });
    // Cached sessions hold the user's settings: the next page reads the new language.
    this.#events.publish('identityChanged', { userId: actor.id });
  }

  /** Lets the delivery-messages plugin turn a slug or ID into its message (and count the use) inside the profile's transaction. */
  usePremadeMessages(resolver: PremadeMessageResolver): void {
    this.#premade = resolver;
  }

  /**
   * PATCH /api/client/users/{id}/premade-messages: the delivery message the bot sends with this driver's orders, as
   * text or as a premade message's slug or ID (resolved, and its use counted, in the same transaction).
   */
  async setDeliveryMessage(actor: CurrentUser, id: string, deliveryMessage: string): Promise<string> {
    const premade = PREMADE_MESSAGE_REF.test(deliveryMessage);
    const message = await this.#edit(actor, id, 'user.update', async (em, user) => {
      let message = deliveryMessage;
      if (premade) {
        if (!this.#premade) throw localizedError(usersText, 'not_found', 'refusal.premadeNotFound');
        message = await this.#premade(em, actor, deliveryMessage);
      }
      user.settings = { ...user.settings, deliveryMessage: { message } };
      return message;
    });
    this.#events.publish('identityChanged', { userId: id });
    return message;
  }

  /** PATCH /api/client/users/{id}/sync-with-discord: username, display name, discriminator and avatar as Discord has them now. */
  async syncWithDiscord(actor: CurrentUser, id: string): Promise<UserView> {
    // Checked before asking Discord (a refused caller learns nothing), and again under the lock as the answer is written.
    await this.#edit(actor, id, null, () => undefined);
    const token = this.#config.discord.token;
    if (!token) throw localizedError(usersText, 'unavailable', 'refusal.syncOff');
    let response: Response;
    try {
      response = await fetch(`${this.#config.discord.apiUrl}/users/${encodeURIComponent(id)}`, {
        headers: { authorization: `Bot ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw localizedError(usersText, 'unavailable', 'refusal.discordUnreachable');
    }
    if (response.status === 404) throw localizedError(usersText, 'not_found', 'refusal.discordUnknownUser');
    if (!response.ok) throw localizedError(usersText, 'unavailable', 'refusal.discordNoUser');
    const profile = (await response.json()) as DiscordProfile;
    if (profile.id !== id || typeof profile.username !== 'string')
      throw localizedError(usersText, 'unavailable', 'refusal.discordOddUser');
    const view = await this.#edit(actor, id, 'user.sync', async (em, user) =>
      toUserView(em.assign(user, discordFields(profile)), await ranksOfIn(em, id)),
    );
    this.#events.publish('identityChanged', { userId: id });
    return view;
  }

  /**
   * POST /api/client/recruitment/resign: allowed when the highest rank the user was given by hand may resign. Those
   * ranks go (a rank a plan or a grant holds stays until it ends: the user is leaving the staff, not their plan), the
   * history says 'resign' (by null: the user did it), and the time is kept so recruitment can hold a new application
   * back for a week.
   */
  async resign(actor: CurrentUser): Promise<void> {
    // The user's row lock: of two resignations at once, the second finds no rank left (409), not a second history entry.
    const after = await this.#edit(actor, actor.id, null, async (tx, user) => {
      const highest = (await this.#holds.ranksByHandIn(tx, user.id))[0];
      if (!highest && (await ranksOfIn(tx, user.id)).length === 0)
        throw localizedError(usersText, 'conflict', 'refusal.noRankToResign');
      if (!highest) throw localizedError(usersText, 'conflict', 'refusal.resignNoRankByHand');
      if (!highest.canResign) throw localizedError(usersText, 'forbidden', 'refusal.resignNotAllowed');
      const { before, after } = await this.#holds.setRanksByHandIn(tx, user.id, []);
      recordRankChangeIn(tx, {
        userId: user.id,
        action: 'resign',
        ranksBefore: before,
        ranksAfter: after,
        reason: null,
        by: null,
      });
      const resignedAt = new Date(this.#now());
      const previous = await tx.findOne(ResignationSchema, { user: actor.id });
      if (previous) previous.resignedAt = resignedAt;
      else tx.create(ResignationSchema, { user, resignedAt });
      return after;
    });
    this.#events.publish('identityChanged', { userId: actor.id });
    this.#events.publish('userRanksChanged', { userId: actor.id, ranks: after, announce: false });
  }

  /**
   * When the user may apply to join the staff again: a week after their last resignation (possibly already past),
   * or null when they never resigned. For the recruitment issue.
   */
  canReapplyAt(userId: string): Promise<Date | null> {
    return reapplyAtIn(this.#orm.em.fork(), userId);
  }
}
