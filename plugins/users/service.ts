import { toCurrentUser } from '../../core/auth/current-user.ts';
import { type User, UserSchema } from '../../core/auth/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { type JsonText, jsonText } from '../../core/http/json-text.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { isBanActive } from '../../core/shared/ban.ts';
import type { Grants } from '../../core/shared/permissions.ts';
import { type HeldRank, rankHolderIdsIn, ranksOfIn, ranksOfUsersIn } from '../ranks/index.ts';
import { usersText } from './i18n/index.ts';
import { USER_FROM_DISCORD } from './prepared.ts';
import type { MeResponse, PublicUserView, UserView, WithTeam } from './schemas.ts';

/** The fields of Discord's user object the product keeps. */
export interface DiscordProfile {
  id: string;
  username: string;
  global_name?: string | null;
  discriminator?: string;
  avatar?: string | null;
}

/** An avatar hash as Discord makes them (`a_` for animated); anything else is stored as no avatar. */
const AVATAR_HASH = /^(a_)?[0-9a-zA-Z_-]{1,64}$/;

/** Discord's text made storable (no NUL, no unpaired surrogate) and cut to the column. */
function storable(value: string, length: number): string {
  return value.replaceAll('\u0000', '').toWellFormed().slice(0, length);
}

/**
 * The user columns a Discord profile fills in (sign-in, sync-with-discord, the bot's /order). Whatever Discord
 * sends is stored safely: names cut to their columns, an avatar that is not a hash becomes no avatar.
 */
export function discordFields(profile: DiscordProfile): {
  username: string;
  displayName: string | null;
  discriminator: string;
  avatar: string | null;
} {
  return {
    username: storable(profile.username, 64),
    displayName: profile.global_name ? storable(profile.global_name, 64) : null,
    discriminator: storable(profile.discriminator ?? '0', 4),
    avatar: profile.avatar && AVATAR_HASH.test(profile.avatar) ? profile.avatar : null,
  };
}

/** What anyone may see, from the one merge of a user and their ranks (core/auth/current-user.ts). */
function publicFieldsOf(user: CurrentUser): PublicUserView {
  const ranks = user.ranks.map((r) => r.id);
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    discriminator: user.discriminator,
    avatar: user.avatar,
    ranks,
    rank: ranks[0] ?? null,
    flags: user.flags,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toPublicUserView(user: User, ranks: readonly HeldRank[]): PublicUserView {
  return publicFieldsOf(toCurrentUser(user, ranks));
}

/** Everything the user (and the user manager) may see; `ranks` the ranks they hold (the ranks plugin's ranksOfIn). */
export function toUserView(user: User, ranks: readonly HeldRank[]): UserView {
  return fromCurrentUser(toCurrentUser(user, ranks));
}

/** @me straight from the session: the session cache keeps it current (identityChanged). */
export function fromCurrentUser(user: CurrentUser): UserView {
  return {
    ...publicFieldsOf(user),
    permissions: user.permissions,
    perks: user.perks,
    ban:
      user.ban && isBanActive(user.ban)
        ? {
            active: true,
            reason: user.ban.reason,
            expires: user.ban.expires === null ? null : new Date(user.ban.expires).toISOString(),
          }
        : null,
    settings: user.settings,
  };
}

/**
 * `@me`'s user as JSON, kept per CurrentUser object: the session cache hands every request of a session the same
 * object, and never changes one (a change to the user replaces it: identityChanged), so its JSON cannot go stale; the
 * team shown is part of the key (teamsEnabled can change without the user changing). Except a ban's: whether it is
 * still active depends on the clock, so a user with a ban is serialized each time.
 */
const userJson = new WeakMap<CurrentUser, { team: string | null; json: JsonText<MeResponse['user']> }>();

export function currentUserJson(user: CurrentUser, team: string | null): JsonText<MeResponse['user']> {
  if (user.ban) return jsonText<MeResponse['user']>({ ...fromCurrentUser(user), team });
  const known = userJson.get(user);
  if (known && known.team === team) return known.json;
  const json = jsonText<MeResponse['user']>({ ...fromCurrentUser(user), team });
  userJson.set(user, { team, json });
  return json;
}

/**
 * What the teams plugin (after this one in the plugin list) tells about teams, so that user objects carry their team
 * without this plugin knowing its tables. Until it registers, nobody sees a team.
 */
export interface TeamLookup {
  /** Whether this viewer sees teams at all. */
  visibleTo(viewer: Grants | null): Promise<boolean>;
  /** The team id of each of these users who is in one. */
  teamIdsOf(userIds: readonly string[]): Promise<Map<string, string>>;
}

const NO_TEAMS: TeamLookup = { visibleTo: async () => false, teamIdsOf: async () => new Map() };

/** Issues a user's sponsor payment token (`nitroPayToken`), or null when there is none to issue. */
export type PaymentTokenIssuer = (userId: string) => string | null;

export interface UsersServiceDeps extends Pick<ServiceKernel, 'orm' | 'events'> {}

export class UsersService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  #paymentToken: PaymentTokenIssuer = () => null;
  #teams: TeamLookup = NO_TEAMS;
  /**
   * The team of the user behind a session-cache user: asked once per such object, which identityChanged replaces
   * (every membership change publishes it for the user), so `@me` does not read the team on every call.
   */
  readonly #sessionTeams = new WeakMap<CurrentUser, Promise<string | null>>();

  constructor({ orm, events }: UsersServiceDeps) {
    this.#orm = orm;
    this.#events = events;
  }

  /**
   * Who issues `nitroPayToken` in `GET /api/v3/users/@me`: the store plugin (sponsors) registers itself here, so this
   * plugin never imports it. Until then, and when sponsor payments are not set up, the token is null.
   */
  issuePaymentTokensWith(issuer: PaymentTokenIssuer): void {
    this.#paymentToken = issuer;
  }

  /** The teams plugin registers how to find users' teams (user objects carry `team`). */
  lookUpTeamsWith(lookup: TeamLookup): void {
    this.#teams = lookup;
  }

  /** These users, each with their team's id as `viewer` may see it (null: none, or teams hidden from the viewer). */
  async withTeams<T extends { id: string }>(viewer: Grants | null, users: readonly T[]): Promise<(T & WithTeam)[]> {
    const teams =
      users.length > 0 && (await this.#teams.visibleTo(viewer))
        ? await this.#teams.teamIdsOf(users.map((u) => u.id))
        : new Map<string, string>();
    return users.map((user) => ({ ...user, team: teams.get(user.id) ?? null }));
  }

  /** `@me`'s user as JSON, with their team. */
  async meJson(user: CurrentUser): Promise<JsonText<MeResponse['user']>> {
    return currentUserJson(user, (await this.#teams.visibleTo(user)) ? await this.#sessionTeam(user) : null);
  }

  #sessionTeam(user: CurrentUser): Promise<string | null> {
    let team = this.#sessionTeams.get(user);
    if (!team) {
      team = this.#teams.teamIdsOf([user.id]).then((teams) => teams.get(user.id) ?? null);
      this.#sessionTeams.set(user, team);
      // A failed read is not kept: the next call asks again.
      team.catch(() => this.#sessionTeams.delete(user));
    }
    return team;
  }

  /** The signed-in user's sponsor payment token (`nitroPayToken`), or null. */
  paymentToken(userId: string): string | null {
    return this.#paymentToken(userId);
  }

  /** The user and the ranks they hold, or null when there is no such user. */
  async #read(id: string): Promise<CurrentUser | null> {
    const em = this.#orm.em.fork();
    const user = await em.findOne(UserSchema, { id });
    return user ? toCurrentUser(user, await ranksOfIn(em, id)) : null;
  }

  async #find(id: string): Promise<CurrentUser> {
    const user = await this.#read(id);
    if (!user) throw localizedError(usersText, 'not_found', 'refusal.userNotFound');
    return user;
  }

  async getPublic(id: string): Promise<PublicUserView> {
    return publicFieldsOf(await this.#find(id));
  }

  async getPrivate(id: string): Promise<UserView> {
    return fromCurrentUser(await this.#find(id));
  }

  /** For pages: null when there is no such user (a page shows its 404 rather than catching an error). */
  async findPublic(id: string): Promise<PublicUserView | null> {
    const user = await this.#read(id);
    return user ? publicFieldsOf(user) : null;
  }

  async findPrivate(id: string): Promise<UserView | null> {
    const user = await this.#read(id);
    return user ? fromCurrentUser(user) : null;
  }

  /**
   * Sign-in: the Discord profile creates the user or refreshes their name and avatar. One statement
   * (`insert … on conflict do update`): a first sign-in that arrives twice at once (two tabs, two shards) is one user.
   */
  async upsertFromDiscord(profile: DiscordProfile): Promise<string> {
    const fields = discordFields(profile);
    await USER_FROM_DISCORD.run(this.#orm, this.#orm.em.fork(), {
      id: profile.id,
      username: fields.username,
      displayName: fields.displayName,
      discriminator: fields.discriminator,
      avatar: fields.avatar,
      now: new Date(),
    });
    this.#events.publish('identityChanged', { userId: profile.id });
    return profile.id;
  }

  /**
   * The team page: everyone holding a rank, grouped under their highest rank, ranks highest first, people by name.
   * Banned staff are left out: the page shows who serves the diner now.
   */
  async team(): Promise<{ rankId: string; members: PublicUserView[] }[]> {
    const now = new Date();
    const em = this.#orm.em.fork();
    const staff = await em.find(
      UserSchema,
      {
        id: { $in: await rankHolderIdsIn(em) },
        $or: [{ ban: { active: false } }, { ban: { expires: { $lte: now } } }],
      },
      { orderBy: { username: 'asc' } },
    );
    const ranks = await ranksOfUsersIn(
      em,
      staff.map((user) => user.id),
    );
    const groups = new Map<string, { position: number; members: PublicUserView[] }>();
    for (const user of staff) {
      const held = ranks.get(user.id)!;
      // A rank taken between the two reads: no longer staff.
      if (held.length === 0) continue;
      const view = toPublicUserView(user, held);
      const highest = held[0]!;
      const group = groups.get(highest.id) ?? { position: highest.position, members: [] };
      group.members.push(view);
      groups.set(highest.id, group);
    }
    return [...groups.entries()]
      .sort((a, b) => b[1].position - a[1].position)
      .map(([rankId, { members }]) => ({ rankId, members }));
  }
}
