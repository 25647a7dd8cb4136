import type { InferKyselyDB } from '@mikro-orm/sql';
import type { AuditActor, AuditLog } from '../../core/audit/service.ts';
import type { UsersTable } from '../../core/auth/sql.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { type Grants, meets } from '../../core/shared/permissions.ts';
import { rankHolderIdsIn } from '../ranks/index.ts';
import { rankTextColour } from '../ranks/schemas.ts';
import type { SettingsService } from '../settings/index.ts';
import { type Team, type TeamMemberSchema, TeamSchema } from './entities.ts';
import { teamsText } from './i18n/index.ts';
import type { CreateTeamInput, TeamDetailView, TeamMemberView, TeamView, UpdateTeamInput } from './schemas.ts';

export const MANAGE_TEAMS = { all: ['MANAGE_TEAMS'] } as const;

/** Told after a write that changes what the leaderboard's Top teams shows (the orders plugin drops its cache). */
export type BoardChanged = () => void;

export const teamTarget = (team: { id: string; name: string }) => ({
  type: 'team' as const,
  id: team.id,
  name: team.name,
});

export function toTeamView(team: Team, memberCount: number): TeamView {
  return {
    _id: team.id,
    name: team.name,
    colour: team.colour,
    textColour: rankTextColour(team.colour),
    icon: team.icon,
    description: team.description,
    orders: team.orders,
    memberCount,
    createdBy: team.createdBy,
    createdAt: team.createdAt.toISOString(),
    ordersResetAt: team.ordersResetAt?.toISOString() ?? null,
  };
}

/** Core's users and this plugin's memberships as Kysely sees them, typed from the entities. */
export const teamsSql = (em: Em) => em.getKysely<InferKyselyDB<typeof TeamMemberSchema> & { users: UsersTable }>();

/** Member counts of these teams (every team when `ids` is absent). */
export async function memberCounts(em: Em, ids?: readonly string[]): Promise<Map<string, number>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await teamsSql(em)
    .selectFrom('team_members')
    .select((eb) => ['team_id', eb.fn.countAll<number | string>().as('n')])
    .$if(ids !== undefined, (qb) => qb.where('team_id', 'in', [...ids!]))
    .groupBy('team_id')
    .execute();
  return new Map(rows.map((r) => [r.team_id, Number(r.n)]));
}

/** Every team, most orders first, then by name. */
export async function allTeamViews(em: Em): Promise<TeamView[]> {
  const [teams, counts] = await Promise.all([
    em.find(TeamSchema, {}, { orderBy: { orders: 'desc', name: 'asc' } }),
    memberCounts(em),
  ]);
  return teams.map((team) => toTeamView(team, counts.get(team.id) ?? 0));
}

export interface TeamsServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit' | 'now'> {
  settings: SettingsService;
}

/**
 * Teams (issue 14): the teams themselves, their counters' reset, and who may see them. Membership lives in
 * members.ts, the counters' increments and the Top teams board in counter.ts.
 */
export class TeamsService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  readonly #settings: SettingsService;
  readonly #now: () => number;
  readonly #boardChanged: BoardChanged[] = [];

  constructor({ orm, events, audit, settings, now }: TeamsServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    this.#settings = settings;
    this.#now = now;
    events.on('settingUpdated', ({ key }) => {
      if (key === 'teamsEnabled') this.boardChanged();
    });
  }

  /** Registers what must happen when Top teams changes (the orders plugin's leaderboard cache). */
  whenBoardChanges(listener: BoardChanged): void {
    this.#boardChanged.push(listener);
  }

  boardChanged(): void {
    for (const listener of this.#boardChanged) listener();
  }

  /** Whether teams are switched on (`teamsEnabled`). */
  enabled(): Promise<boolean> {
    return this.#settings.get('teamsEnabled');
  }

  /** Whether this viewer sees teams: everyone while teamsEnabled is on; only MANAGE_TEAMS (who prepare them) while off. */
  async visibleTo(viewer: Grants | null): Promise<boolean> {
    return (viewer !== null && meets(viewer, MANAGE_TEAMS)) || (await this.enabled());
  }

  /** GET /api/client/teams. */
  async list(): Promise<TeamView[]> {
    return allTeamViews(this.#orm.em.fork());
  }

  /** POST /api/client/teams/{teamID}: one team with its members. */
  async get(id: string): Promise<TeamDetailView> {
    const em = this.#orm.em.fork();
    const team = await em.findOne(TeamSchema, { id });
    if (!team) throw notFound();
    const members = await teamsSql(em)
      .selectFrom('team_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.username', 'u.display_name', 'u.avatar', 'm.joined_at'])
      .where('m.team_id', '=', id)
      .orderBy((eb) => eb.fn('lower', [eb.fn.coalesce('u.display_name', 'u.username')]))
      .orderBy('u.id')
      .execute();
    return {
      ...toTeamView(team, members.length),
      members: members.map(
        (m): TeamMemberView => ({
          id: m.id,
          username: m.username,
          displayName: m.display_name,
          avatar: m.avatar,
          joinedAt: new Date(m.joined_at).toISOString(),
        }),
      ),
    };
  }

  /** The team id of each of these users who is in one (the `team` of user objects: plugins/users). */
  async teamIdsOf(userIds: readonly string[], em: Em = this.#orm.em.fork()): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await teamsSql(em)
      .selectFrom('team_members')
      .select(['user_id', 'team_id'])
      .where('user_id', 'in', [...userIds])
      .execute();
    return new Map(rows.map((r) => [r.user_id, r.team_id]));
  }

  /** The team of each of these users (GET /api/client/users/team, profiles, the user manager). */
  async teamsOf(userIds: readonly string[]): Promise<Map<string, TeamView>> {
    const found = new Map<string, TeamView>();
    const em = this.#orm.em.fork();
    const teamOfUser = await this.teamIdsOf(userIds, em);
    const ids = [...new Set(teamOfUser.values())];
    if (ids.length === 0) return found;
    const [teams, counts] = await Promise.all([em.find(TeamSchema, { id: { $in: ids } }), memberCounts(em, ids)]);
    const views = new Map(teams.map((team) => [team.id, toTeamView(team, counts.get(team.id) ?? 0)]));
    for (const [userId, teamId] of teamOfUser) {
      const view = views.get(teamId);
      if (view) found.set(userId, view);
    }
    return found;
  }

  /** After a membership change commits: these users' cached sessions (and so `@me`'s team) are read again. */
  membersChanged(userIds: readonly string[]): void {
    for (const userId of userIds) this.#events.publish('identityChanged', { userId });
    if (userIds.length) this.boardChanged();
  }

  async teamOf(userId: string): Promise<TeamView | null> {
    return (await this.teamsOf([userId])).get(userId) ?? null;
  }

  /** How many staff members (holding a rank) have no team: who a balance would place. */
  async teamlessStaffCount(): Promise<number> {
    const em = this.#orm.em.fork();
    const staff = await rankHolderIdsIn(em);
    if (staff.length === 0) return 0;
    const row = await teamsSql(em)
      .selectFrom('users as u')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('u.id', 'in', staff)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('team_members as m').select('m.user_id').whereRef('m.user_id', '=', 'u.id'))),
      )
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** POST /api/client/teams (MANAGE_TEAMS): a new team, orders 0; audited. 409 when the name is taken in any case. */
  async create(actor: AuditActor, input: CreateTeamInput): Promise<TeamView> {
    const id = await this.#unique(() =>
      this.#orm.em.fork().transactional(async (em) => {
        const now = new Date(this.#now());
        const team = em.create(TeamSchema, {
          ...input,
          orders: 0,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        });
        await em.flush();
        await this.#audit.record(em, {
          actor,
          action: 'team.create',
          target: teamTarget(team),
          before: null,
          after: { ...input },
        });
        return team.id;
      }),
    );
    this.boardChanged();
    return this.#view(id);
  }

  /** PATCH /api/client/teams/{id} (MANAGE_TEAMS): under the team's row lock, so two edits at once both land in order. */
  async update(actor: AuditActor, id: string, input: UpdateTeamInput): Promise<TeamView> {
    await this.#unique(() =>
      this.#orm.em.fork().transactional(async (em) => {
        const team = await this.#locked(em, id);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const key of ['name', 'colour', 'icon', 'description'] as const) {
          const value = input[key];
          if (value === undefined || value === team[key]) continue;
          before[key] = team[key];
          after[key] = value;
          team[key] = value;
        }
        if (Object.keys(after).length === 0) return;
        team.updatedAt = new Date(this.#now());
        await em.flush();
        await this.#audit.record(em, { actor, action: 'team.update', target: teamTarget(team), before, after });
      }),
    );
    this.boardChanged();
    return this.#view(id);
  }

  /** DELETE /api/client/teams/{id} (MANAGE_TEAMS): its members become teamless (the rows cascade); audited. */
  async delete(actor: AuditActor, id: string): Promise<TeamView> {
    const { view, members } = await this.#orm.em.fork().transactional(async (em) => {
      const team = await this.#locked(em, id);
      // Read under the team's lock, which every move into the team takes too: nobody joins between this and the delete.
      const members = (
        await teamsSql(em).selectFrom('team_members').select('user_id').where('team_id', '=', id).execute()
      ).map((r) => r.user_id);
      const view = toTeamView(team, members.length);
      await em.nativeDelete(TeamSchema, { id });
      await this.#audit.record(em, {
        actor,
        action: 'team.delete',
        target: teamTarget(team),
        before: { name: team.name, orders: team.orders, members: view.memberCount },
        after: null,
      });
      return { view, members };
    });
    this.membersChanged(members);
    this.boardChanged();
    return view;
  }

  /** POST /api/client/teams/reset-orders/{id} (MANAGE_TEAMS): the counter back to 0, audited with what it was. */
  async resetOrders(actor: AuditActor, id: string): Promise<TeamView> {
    await this.#orm.em.fork().transactional(async (em) => {
      const team = await this.#locked(em, id);
      const before = team.orders;
      const now = new Date(this.#now());
      await em.nativeUpdate(TeamSchema, { id }, { orders: 0, ordersResetAt: now, updatedAt: now });
      await this.#audit.record(em, {
        actor,
        action: 'team.reset',
        target: teamTarget(team),
        before: { orders: before },
        after: { orders: 0 },
      });
    });
    this.boardChanged();
    return this.#view(id);
  }

  async #view(id: string): Promise<TeamView> {
    const em = this.#orm.em.fork();
    const team = await em.findOne(TeamSchema, { id });
    if (!team) throw notFound();
    return toTeamView(team, (await memberCounts(em, [id])).get(id) ?? 0);
  }

  async #locked(em: Em, id: string): Promise<Team> {
    if (!(await lockRow(em, TeamSchema, id))) throw notFound();
    return em.findOneOrFail(TeamSchema, { id });
  }

  /** A unique-name violation (two teams "Grill" and "grill") is a 409, whichever write met it. */
  async #unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw localizedError(teamsText, 'conflict', 'refusal.nameTaken');
      throw error;
    }
  }
}

export const notFound = () => localizedError(teamsText, 'not_found', 'refusal.teamNotFound');
