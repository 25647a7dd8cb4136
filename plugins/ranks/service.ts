import { type AuditLog, changedFields } from '../../core/audit/service.ts';
import { assertCanGrantPermissions, assertCanGrantPosition } from '../../core/auth/escalation.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { DomainError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { isSuperAdmin, permissionNames, toBits } from '../../core/shared/permissions.ts';
import { highestPosition } from '../../core/shared/ranking.ts';
import { type Rank, RankSchema } from './entities.ts';
import { ranksText } from './i18n/index.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { type CreateRankInput, DEFAULT_RANK_COLOUR, type RankView, type UpdateRankInput } from './schemas.ts';

export function toRankView(rank: Rank): RankView {
  return {
    id: rank.id,
    name: rank.name,
    position: rank.position,
    colour: rank.colour,
    permissions: rank.permissions,
    perks: [...rank.perks],
    staff: { canResign: rank.canResign },
  };
}

/** A rank as seeds and scripts write it: permission bits, no acting user, no escalation checks. */
export interface NewRank {
  name: string;
  position: number;
  colour?: string;
  permissions: number;
  perks?: string[];
  canResign?: boolean;
}

/** The first rank of an empty ladder, with room below it for ranks created at the bottom later. */
const DEFAULT_FIRST_POSITION = 1000;

/** A rank as its audit entries keep it: permissions by name. */
function auditFields(rank: Rank) {
  return {
    name: rank.name,
    position: rank.position,
    colour: rank.colour,
    permissions: permissionNames(rank.permissions),
    perks: [...rank.perks],
    canResign: rank.canResign,
  };
}

const rankTarget = (rank: Rank) => ({ type: 'rank' as const, id: rank.id, name: rank.name });

export interface RanksServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit'> {}

/**
 * Ranks: the staff ladder. The highest rank is the one with the largest position; positions are unique.
 *
 * Every write takes `LOCK TABLE ranks IN SHARE ROW EXCLUSIVE MODE` inside its transaction: rank writes are rare,
 * and the lock makes "find a free position, then take it" and "check the set of ids, then reorder" safe against
 * each other (the lock conflicts with itself and with plain writes, never with reads or with user_ranks' foreign
 * key checks). A non-SUPER_ADMIN only touches ranks below their own highest rank and never grants permissions
 * they lack (core/auth/escalation.ts).
 */
export class RanksService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;

  constructor({ orm, events, audit }: RanksServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
  }

  /** Highest first. */
  async list(): Promise<RankView[]> {
    const ranks = await this.#orm.em.fork().find(RankSchema, {}, { orderBy: { position: 'desc' } });
    return ranks.map(toRankView);
  }

  async get(id: string): Promise<RankView> {
    const rank = await this.#orm.em.fork().findOne(RankSchema, { id });
    if (!rank) throw notFound();
    return toRankView(rank);
  }

  /** Seeds and scripts: writes the rank as given, without an acting user's checks. */
  async insert(input: NewRank): Promise<RankView> {
    const [view] = await this.insertMany([input]);
    return view!;
  }

  /**
   * Seeds and scripts: writes the ranks as given, in one transaction (a ladder at once), without an acting user's
   * checks. All or none: 409 when a position is taken, or given twice.
   */
  async insertMany(inputs: readonly NewRank[]): Promise<RankView[]> {
    if (inputs.length === 0) return [];
    const positions = inputs.map((input) => input.position);
    const twice = positions.find((position, i) => positions.indexOf(position) !== i);
    if (twice !== undefined) throw positionTaken(twice);
    const ranks = await this.#write(async (em) => {
      const taken = await em.findOne(RankSchema, { position: { $in: positions } }, { fields: ['position'] });
      if (taken) throw positionTaken(taken.position);
      return inputs.map((input) =>
        em.create(RankSchema, {
          name: input.name,
          position: input.position,
          colour: input.colour ?? DEFAULT_RANK_COLOUR,
          permissions: input.permissions,
          perks: [...new Set(input.perks ?? [])],
          canResign: input.canResign ?? false,
        }),
      );
    });
    const views = ranks.map(toRankView);
    for (const rank of views) this.#events.publish('rankCreated', { rank });
    return views;
  }

  /**
   * POST /api/client/ranks. Without a position: the highest free position below the actor's highest rank (the bottom
   * for a SUPER_ADMIN without a rank: #defaultPosition). 403 at or above the actor's highest rank or with permissions
   * they lack, 409 for a position that is taken.
   */
  async create(actor: CurrentUser, input: CreateRankInput): Promise<RankView> {
    const permissions = toBits(input.permissions);
    assertCanGrantPermissions(actor, permissions);
    if (input.position !== undefined) assertCanGrantPosition(actor, input.position);
    const rank = await this.#write(async (em) => {
      let position = input.position;
      if (position === undefined) {
        position = await this.#defaultPosition(em, actor);
      } else if (await em.count(RankSchema, { position })) {
        throw positionTaken(position);
      }
      assertCanGrantPosition(actor, position);
      const rank = em.create(RankSchema, {
        name: input.name,
        position,
        colour: input.colour,
        permissions,
        perks: [...new Set(input.perks)],
        canResign: input.staff.canResign,
      });
      // Written first: the entry names the rank by the id the insert gives it.
      await em.flush();
      await this.#audit.record(em, {
        actor,
        action: 'rank.create',
        target: rankTarget(rank),
        before: null,
        after: auditFields(rank),
      });
      return rank;
    });
    const view = toRankView(rank);
    this.#events.publish('rankCreated', { rank: view });
    return view;
  }

  /**
   * PATCH /api/client/ranks/{id}: any of name, colour, permissions, perks, staff.canResign. The rank must be below
   * the actor's highest rank; permissions it did not have before must be the actor's own.
   */
  async update(actor: CurrentUser, id: string, input: UpdateRankInput): Promise<RankView> {
    const rank = await this.#write(async (em) => {
      const rank = await em.findOne(RankSchema, { id });
      if (!rank) throw notFound();
      assertCanGrantPosition(actor, rank.position);
      const before = auditFields(rank);
      if (input.permissions !== undefined) {
        const permissions = toBits(input.permissions);
        // Only what the rank gains is a grant: keeping or removing what a higher-up gave it is not.
        assertCanGrantPermissions(actor, permissions & ~rank.permissions);
        rank.permissions = permissions;
      }
      if (input.name !== undefined) rank.name = input.name;
      if (input.colour !== undefined) rank.colour = input.colour;
      if (input.perks !== undefined) rank.perks = [...new Set(input.perks)];
      if (input.staff !== undefined) rank.canResign = input.staff.canResign;
      // Named as it was: "Edited a rank: Trainee" even when the edit renamed it.
      await this.#audit.record(em, {
        actor,
        action: 'rank.update',
        target: { ...rankTarget(rank), name: before.name },
        ...changedFields(before, auditFields(rank)),
      });
      return rank;
    });
    const view = toRankView(rank);
    this.#events.publish('rankUpdated', { rank: view });
    this.#identityChanged();
    return view;
  }

  /** DELETE /api/client/ranks/{id}: the rank must be below the actor's highest rank. Every user loses it (the pivot cascades). */
  async delete(actor: CurrentUser, id: string): Promise<void> {
    await this.#write(async (em) => {
      const rank = await em.findOne(RankSchema, { id });
      if (!rank) throw notFound();
      assertCanGrantPosition(actor, rank.position);
      await this.#audit.record(em, {
        actor,
        action: 'rank.delete',
        target: rankTarget(rank),
        before: auditFields(rank),
        after: null,
      });
      await em.nativeDelete(RankSchema, { id });
    });
    this.#events.publish('rankDeleted', { rankId: id });
    this.#identityChanged();
  }

  /**
   * PUT /api/client/ranks/positions: `ids` is every rank's id, exactly once, highest first (400 otherwise). The
   * ranks keep the set of position numbers they have now, handed out again in the new order, so a rank that keeps
   * its place keeps its number. A non-SUPER_ADMIN must leave every rank at or above their own highest rank where it
   * is: the new order must start with exactly those ranks in their current order (403 otherwise).
   * Atomic: one transaction, changed ranks first moved to temporary positions below every other, then to their
   * final ones, so the unique position constraint holds after every statement.
   */
  async reorder(actor: CurrentUser, ids: readonly string[]): Promise<RankView[]> {
    if (new Set(ids).size !== ids.length) throw localizedError(ranksText, 'bad_request', 'refusal.repeated');
    const { views, changed } = await this.#write(async (em) => {
      const ranks = await em.find(RankSchema, {}, { orderBy: { position: 'desc' } });
      const byId = new Map(ranks.map((rank) => [rank.id, rank]));
      if (ids.length !== ranks.length || ids.some((id) => !byId.has(id))) {
        throw localizedError(ranksText, 'bad_request', 'refusal.incomplete');
      }
      if (!isSuperAdmin(actor.permissions)) {
        const own = highestPosition(actor);
        const fixed = ranks.filter((rank) => rank.position >= own);
        if (fixed.some((rank, i) => ids[i] !== rank.id)) {
          throw localizedError(ranksText, 'forbidden', 'refusal.fixed');
        }
      }
      const numbers = ranks.map((rank) => rank.position);
      const moves = ids.flatMap((id, i) => {
        const rank = byId.get(id)!;
        const to = numbers[i]!;
        return rank.position === to ? [] : [{ rank, from: rank.position, to }];
      });
      for (const move of moves) {
        assertCanGrantPosition(actor, move.from);
        assertCanGrantPosition(actor, move.to);
      }
      if (moves.length > 0) {
        await this.#audit.record(em, {
          actor,
          action: 'rank.reorder',
          target: { type: 'rank', id: 'positions', name: 'Rank order' },
          before: { order: ranks.map((rank) => rank.name) },
          after: { order: ids.map((id) => byId.get(id)!.name) },
        });
        const below = Math.min(0, ...numbers) - 1;
        for (const [i, move] of moves.entries()) move.rank.position = below - i;
        await em.flush();
        for (const move of moves) move.rank.position = move.to;
        await em.flush();
      }
      return { views: ids.map((id) => toRankView(byId.get(id)!)), changed: moves.length > 0 };
    });
    if (changed) {
      this.#events.publish('ranksReordered', { ranks: [...ids] });
      this.#identityChanged();
    }
    return views;
  }

  /**
   * Every signed-in user carries their ranks (name, colour, position, canResign) and the permissions and perks
   * merged from them, so a change to a rank that may be held changes who anyone is: cached sessions are read again.
   */
  #identityChanged(): void {
    this.#events.publish('identityChanged', {});
  }

  /**
   * Where a rank created without a position goes: the highest free position below the creator's highest rank (for
   * everyone, SUPER_ADMIN included: a new rank never lands above its creator, nor above Owner); for a SUPER_ADMIN who
   * holds no rank, the bottom, one below the lowest rank. 409 when there is no room there: the creator gives a
   * position instead.
   */
  async #defaultPosition(em: Em, actor: CurrentUser): Promise<number> {
    const own = highestPosition(actor);
    if (own === Number.NEGATIVE_INFINITY) {
      // No rank at all: only a SUPER_ADMIN gets this far (assertCanGrantPosition says so to anyone else).
      assertCanGrantPosition(actor, 0);
      const [bottom] = await em.find(RankSchema, {}, { orderBy: { position: 'asc' }, limit: 1, fields: ['position'] });
      const position = bottom ? bottom.position - 1 : DEFAULT_FIRST_POSITION;
      if (position < 0) throw localizedError(ranksText, 'conflict', 'refusal.noRoomBelowLowest');
      return position;
    }
    const taken = await em.find(
      RankSchema,
      { position: { $lt: own } },
      { orderBy: { position: 'desc' }, fields: ['position'] },
    );
    let position = own - 1;
    for (const rank of taken) {
      if (rank.position < position) break;
      if (rank.position === position) position--;
    }
    if (position < 0) throw localizedError(ranksText, 'conflict', 'refusal.noRoomBelowYours');
    return position;
  }

  /** One unit of work for a rank write: a fork, one transaction, the ranks table locked against other rank writes. */
  async #write<T>(work: (em: Em) => Promise<T>): Promise<T> {
    try {
      return await this.#orm.em.fork().transactional(async (em) => {
        // Kysely has no LOCK TABLE builder; em.execute also logs a wait cut at the limit with its statement.
        await em.execute('lock table "ranks" in share row exclusive mode', [], 'run');
        return work(em);
      });
    } catch (error) {
      // Someone wrote ranks without the lock (a script, another process's older code): still a 409, not a 500.
      if (isUniqueViolation(error)) throw localizedError(ranksText, 'conflict', 'refusal.thatPositionTaken');
      throw error;
    }
  }
}

function positionTaken(position: number): DomainError {
  return localizedError(ranksText, 'conflict', 'refusal.positionTaken', { position });
}

function notFound(): DomainError {
  return localizedError(ranksText, 'not_found', 'refusal.notFound');
}
