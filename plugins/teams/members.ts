import type { AuditActor, AuditLog } from '../../core/audit/service.ts';
import { nameOf } from '../../core/audit/service.ts';
import { lockName, lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { localizedError, textInEveryLocale } from '../../core/i18n/catalogue.ts';
import { newId } from '../../core/ids.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type {} from '../notifications/index.ts';
import { rankHolderIdsIn, ranksOfUsersIn } from '../ranks/index.ts';
import { TeamSchema } from './entities.ts';
import { teamsText } from './i18n/index.ts';
import type {
  BulkUpdateTeamsInput,
  BulkUpdateTeamsResponse,
  TeamView,
  UpdateUserTeamInput,
  UpdateUserTeamResponse,
} from './schemas.ts';
import { allTeamViews, notFound, type TeamsService, teamsSql } from './service.ts';

/** Every membership change takes this lock first: a balance and single moves of the same users happen one after the other. */
const MEMBERSHIP_LOCK = 'teams:membership';

interface Person {
  id: string;
  username: string;
  display_name: string | null;
  staff: boolean;
  team_id: string | null;
}

const personName = (person: Person) => person.display_name || person.username;

interface Move {
  userID: string;
  teamID: string | null;
}

export interface TeamMembershipDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit' | 'now'> {
  teams: TeamsService;
}

/**
 * Who is in which team: one user (update-user-team), many at once, or "balance" (bulk-update-teams). A user is in at
 * most one team because the user is team_members' primary key; every change runs under one advisory lock, so a
 * balance reads the teamless staff and the team sizes it decides on, and no single move slips in between.
 */
export class TeamMembership {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  readonly #teams: TeamsService;
  readonly #now: () => number;

  constructor({ orm, events, audit, teams, now }: TeamMembershipDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    this.#teams = teams;
    this.#now = now;
  }

  /** PATCH /api/client/teams/update-user-team (MANAGE_TEAMS): one staff member into a team, or out of theirs. */
  async moveOne(actor: AuditActor, input: UpdateUserTeamInput): Promise<UpdateUserTeamResponse> {
    const { moved } = await this.#write(async (em) => this.#apply(em, actor, [input], 'moved'));
    this.#tell(actor, moved, await this.#names(moved));
    return { userID: input.userID, updatedTeam: await this.#teams.teamOf(input.userID) };
  }

  /** POST /api/client/teams/bulk-update-teams (MANAGE_TEAMS): many moves at once (all or nothing), or balance. */
  async bulk(actor: AuditActor, input: BulkUpdateTeamsInput): Promise<BulkUpdateTeamsResponse> {
    const { moved, teams } = await this.#write(async (em) => {
      if (input.mode === 'move') return this.#apply(em, actor, input.moves ?? [], 'moved');
      return this.#apply(em, actor, await this.#balance(em), 'balanced');
    });
    this.#tell(actor, moved, new Map(teams.map((t) => [t._id, t.name])));
    return { teams, moved };
  }

  #write(work: (em: Em) => Promise<{ moved: Move[] }>): Promise<{ moved: Move[]; teams: TeamView[] }> {
    return this.#orm.em.fork().transactional(async (em) => {
      await lockName(em, MEMBERSHIP_LOCK);
      const { moved } = await work(em);
      return { moved, teams: await allTeamViews(em) };
    });
  }

  /**
   * POST /api/client/teams/{teamID}/join: a customer puts themself in a team. One team at a time: in another team it is
   * a 409 (leave it first), so two joins at once have one winner; in this one already, nothing changes. Staff are
   * placed by the team managers (403). Under the membership lock and the team's row lock, as every move.
   */
  async join(userId: string, teamId: string): Promise<UpdateUserTeamResponse> {
    const joined = await this.#self(userId, teamId, async (em, person, team) => {
      if (person.team_id === teamId) return false;
      if (person.team_id !== null)
        throw localizedError(teamsText, 'conflict', 'refusal.inAnotherTeam', {
          team: await this.#teamName(em, person.team_id),
        });
      await teamsSql(em)
        .insertInto('team_members')
        .values({ user_id: userId, team_id: team.id, joined_at: new Date(this.#now()) })
        .execute();
      return true;
    });
    if (joined) this.#teams.membersChanged([userId]);
    return { userID: userId, updatedTeam: await this.#teams.teamOf(userId) };
  }

  /** POST /api/client/teams/{teamID}/leave: a customer leaves the team they are in (409 when it is not that one). */
  async leave(userId: string, teamId: string): Promise<UpdateUserTeamResponse> {
    await this.#self(userId, teamId, async (em, person, team) => {
      if (person.team_id !== teamId)
        throw localizedError(teamsText, 'conflict', 'refusal.notInTeam', { team: team.name });
      await teamsSql(em).deleteFrom('team_members').where('user_id', '=', userId).execute();
    });
    this.#teams.membersChanged([userId]);
    return { userID: userId, updatedTeam: null };
  }

  /** A customer's own change, in the membership lock, the team locked (404 when gone) and the caller read under both. */
  #self<T>(
    userId: string,
    teamId: string,
    work: (em: Em, person: Person, team: { id: string; name: string }) => Promise<T>,
  ): Promise<T> {
    return this.#orm.em.fork().transactional(async (em) => {
      await lockName(em, MEMBERSHIP_LOCK);
      if (!(await lockRow(em, TeamSchema, teamId))) throw notFound();
      const person = (await this.#people(em, [userId])).get(userId);
      if (!person) throw localizedError(teamsText, 'not_found', 'refusal.userNotFound');
      if (person.staff) throw localizedError(teamsText, 'forbidden', 'refusal.staffPlaced');
      return work(em, person, { id: teamId, name: await this.#teamName(em, teamId) });
    });
  }

  /**
   * The moves, checked first (every user exists, every team exists: one bad move refuses them all,
   * nothing written), then written with one audit entry per user whose team changes. Answers what changed.
   */
  async #apply(
    em: Em,
    actor: AuditActor,
    moves: readonly Move[],
    how: 'moved' | 'balanced',
  ): Promise<{ moved: Move[] }> {
    if (moves.length === 0) return { moved: [] };
    const people = await this.#people(
      em,
      moves.map((m) => m.userID),
    );
    const teamIds = [...new Set(moves.map((m) => m.teamID).filter((id): id is string => id !== null))];
    const teams = new Map<string, string>();
    for (const id of teamIds) {
      // Locked: a team deleted at this moment is either gone (404) or deleted after, its new members with it.
      if (!(await lockRow(em, TeamSchema, id))) throw notFound();
    }
    if (teamIds.length)
      for (const team of await em.find(TeamSchema, { id: { $in: teamIds } })) teams.set(team.id, team.name);
    for (const move of moves) {
      if (!people.has(move.userID))
        throw localizedError(teamsText, 'not_found', 'refusal.userIdNotFound', { userID: move.userID });
    }
    const moved: Move[] = [];
    const now = new Date(this.#now());
    for (const move of moves) {
      const person = people.get(move.userID)!;
      if (person.team_id === move.teamID) continue;
      if (move.teamID === null)
        await teamsSql(em).deleteFrom('team_members').where('user_id', '=', move.userID).execute();
      else {
        await teamsSql(em)
          .insertInto('team_members')
          .values({ user_id: move.userID, team_id: move.teamID, joined_at: now })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet((eb) => ({
              team_id: eb.ref('excluded.team_id'),
              joined_at: eb.ref('excluded.joined_at'),
            })),
          )
          .execute();
      }
      const before =
        person.team_id === null ? null : (teams.get(person.team_id) ?? (await this.#teamName(em, person.team_id)));
      await this.#audit.record(em, {
        actor,
        action: 'user.team.update',
        target: { type: 'user', id: person.id, name: personName(person) },
        before: { team: before },
        after: { team: move.teamID === null ? null : teams.get(move.teamID)! },
        reason: how === 'balanced' ? 'Balanced into the team with the fewest members.' : null,
      });
      moved.push(move);
    }
    return { moved };
  }

  /**
   * Every staff member (holds a rank) without a team, each into the team with the fewest members at that moment
   * (ties: fewest orders, then name), oldest account first. Read under the membership lock.
   */
  async #balance(em: Em): Promise<Move[]> {
    const teams = (await allTeamViews(em)).map((t) => ({
      id: t._id,
      name: t.name,
      orders: t.orders,
      members: t.memberCount,
    }));
    if (teams.length === 0) throw localizedError(teamsText, 'conflict', 'refusal.noTeamToBalance');
    // Staff are who hold a rank: the ranks plugin says who.
    const staff = await rankHolderIdsIn(em);
    const teamless =
      staff.length === 0
        ? []
        : await teamsSql(em)
            .selectFrom('users as u')
            .select('u.id')
            .where('u.id', 'in', staff)
            .where(({ not, exists, selectFrom }) =>
              not(exists(selectFrom('team_members as m').select('m.user_id').whereRef('m.user_id', '=', 'u.id'))),
            )
            .orderBy('u.created_at')
            .orderBy('u.id')
            .execute();
    const order = (a: (typeof teams)[number], b: (typeof teams)[number]) =>
      a.members - b.members || a.orders - b.orders || a.name.localeCompare(b.name);
    return teamless.map(({ id }) => {
      const smallest = teams.reduce((best, team) => (order(team, best) < 0 ? team : best));
      smallest.members++;
      return { userID: id, teamID: smallest.id };
    });
  }

  async #people(em: Em, ids: readonly string[]): Promise<Map<string, Person>> {
    const rows: Omit<Person, 'staff'>[] =
      ids.length === 0
        ? []
        : await teamsSql(em)
            .selectFrom('users as u')
            .leftJoin('team_members as m', 'm.user_id', 'u.id')
            .select(['u.id', 'u.username', 'u.display_name', 'm.team_id'])
            .where('u.id', 'in', [...ids])
            .execute();
    const ranks = await ranksOfUsersIn(
      em,
      rows.map((r) => r.id),
    );
    return new Map(rows.map((r) => [r.id, { ...r, staff: ranks.get(r.id)!.length > 0 }]));
  }

  async #teamName(em: Em, id: string): Promise<string> {
    return (await em.findOne(TeamSchema, { id }))?.name ?? id;
  }

  async #names(moves: readonly Move[]): Promise<Map<string, string>> {
    const ids = moves.map((m) => m.teamID).filter((id): id is string => id !== null);
    if (ids.length === 0) return new Map();
    const teams = await this.#orm.em.fork().find(TeamSchema, { id: { $in: ids } });
    return new Map(teams.map((t) => [t.id, t.name]));
  }

  /** After commit: each moved member is told where they are now. */
  #tell(actor: AuditActor, moved: readonly Move[], names: Map<string, string>): void {
    const by = nameOf(actor);
    for (const move of moved) {
      const team = move.teamID === null ? null : (names.get(move.teamID) ?? null);
      this.#events.publish('notice', {
        userId: move.userID,
        ref: `team:${move.userID}:${newId()}`,
        kind: move.teamID === null ? 'team.left' : 'team.joined',
        ...(move.teamID === null
          ? textInEveryLocale(teamsText, 'notice.left', { by })
          : textInEveryLocale(teamsText, 'notice.joined', (locale) => ({
              by,
              team: team ?? teamsText(locale)('notice.aTeam'),
            }))),
        link: '/users/@me',
      });
    }
    this.#teams.membersChanged(moved.map((m) => m.userID));
  }
}
