import { type User, UserSchema } from '../../core/auth/entities.ts';
import { lockRow } from '../../core/db/locks.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { ranksOfIn, recordRankChangeIn, removeRankIn } from '../ranks/index.ts';
import type { HeldByGrants, RanksHeldByGrants } from '../users/index.ts';
import type { GrantOrigin } from '../users/schemas.ts';
import { type Grant, GrantSchema } from './entities.ts';
import { applyGrantIn, type GrantApplied, type GrantHolder, grantHolderIn, rankIds, reasonOf } from './grant-apply.ts';
import { refusals } from './refusals.ts';
import type { GrantKind, GrantSource, GrantView } from './schemas.ts';

/** A timed grant bought again runs on from the end of the user's latest active grant of the same kind, value and source. */
export interface RunOn {
  daysAfterLatest: number;
}

export interface GrantInput {
  userId: string;
  kind: GrantKind;
  /** The perk's name, or the rank's id. */
  value: string;
  source: GrantSource;
  /** What gave it: a purchase id, a subscription id, an objective id. */
  sourceRef: string;
  /** null: until its source ends it (a subscription) or for ever. */
  endsAt: Date | null | RunOn;
}

/** Names a source's grants for people (a plan's name, an item's): the references asked for, to their names. */
export type GrantSourceNamer = (em: Em, sourceRefs: readonly string[]) => Promise<Map<string, string>>;

export interface GrantSourceRef {
  userId: string;
  source: GrantSource;
  sourceRef: string;
}

export function toGrantView(grant: Grant): GrantView {
  return {
    id: grant.id,
    kind: grant.kind,
    value: grant.value,
    source: grant.source,
    sourceRef: grant.sourceRef,
    startedAt: grant.startedAt.toISOString(),
    endsAt: grant.endsAt ? grant.endsAt.toISOString() : null,
  };
}

export interface GrantServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'now'> {}

/**
 * Perks and ranks held because of something (a purchase, a subscription, an objective, a sponsor payment), for a
 * time or until their source ends them (docs/store.md, "Grants"). Every change runs under the user's row lock, the
 * lock the user manager's rank changes take too, so grants, their ends and an admin's edits of the same user run
 * one after the other. Perks held by grants are kept apart from those given by hand: a grant writes only
 * `users.perks` (the User's `grantedPerks`), never `manual_perks`, so a manager's perk edit and a grant's end never
 * take each other's perks. A rank is held once (the ranks plugin's): a grant's `added` says the grants hold it alone, and
 * the users plugin's hand edits (GrantHolds, through `handOverRanksIn`) clear it for a rank given by hand too, so a
 * grant's end takes only a rank no hand gave (docs/decisions.md, "Money and billing (issue 39)").
 *
 * grantIn and endIn answer whether the user's granted perks or ranks changed; the caller then calls `announce` after its
 * transaction commits, so the user's sessions and live sockets see the change.
 */
export class GrantService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #now: () => number;
  readonly #namers = new Map<GrantSource, GrantSourceNamer>();

  constructor({ orm, events, now }: GrantServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#now = now;
  }

  /** The plugin that owns a source names its grants (billing: a subscription's plan); a source nobody names shows none. */
  nameSourcesWith(source: GrantSource, namer: GrantSourceNamer): void {
    this.#namers.set(source, namer);
  }

  /**
   * What these users' active grants hold, by user, soonest end first, each with what gave it: what the user manager
   * shows as not removable by hand. `ranksAlone`: the ranks no hand gave too.
   */
  async heldOf(userIds: readonly string[]): Promise<Map<string, HeldByGrants>> {
    const byUser = new Map<string, HeldByGrants>();
    const em = this.#orm.em.fork();
    const grants = await em.find(
      GrantSchema,
      { user: { $in: [...userIds] }, endedAt: null },
      { orderBy: { endsAt: 'asc nulls last', startedAt: 'asc', id: 'asc' } },
    );
    const names = await this.#sourceNames(em, grants);
    for (const grant of grants) {
      const held = byUser.get(grant.user.id) ?? { perks: [], ranks: [], ranksAlone: [] };
      const sourceName = names.get(`${grant.source}:${grant.sourceRef}`) ?? null;
      const origin: GrantOrigin = { source: grant.source, sourceName, endsAt: grant.endsAt?.toISOString() ?? null };
      if (grant.kind === 'perk') held.perks.push({ perk: grant.value, ...origin });
      else held.ranks.push({ rank: grant.value, ...origin });
      if (grant.kind === 'rank' && grant.added) held.ranksAlone.push(grant.value);
      byUser.set(grant.user.id, held);
    }
    return byUser;
  }

  /** The ranks the user's active grants give, and those they hold alone (inside the caller's transaction, under the user's lock). */
  async ranksIn(em: Em, userId: string): Promise<RanksHeldByGrants> {
    const grants = await em.find(GrantSchema, { user: userId, kind: 'rank', endedAt: null });
    return {
      granted: new Set(grants.map((g) => g.value)),
      alone: new Set(grants.filter((g) => g.added).map((g) => g.value)),
    };
  }

  /**
   * The ranks given by hand were set (the users plugin's GrantHolds, inside its transaction, under the user's lock):
   * the user's active grants of a rank in `byHand` no longer hold it alone (their end leaves it); of a granted rank
   * not in `byHand`, one grant holds it alone again (the one that ends last), so the last grant's end takes it as if
   * no hand had given it.
   */
  async handOverRanksIn(em: Em, userId: string, byHand: ReadonlySet<string>): Promise<void> {
    const grants = await em.find(
      GrantSchema,
      { user: userId, kind: 'rank', endedAt: null },
      { orderBy: { endsAt: 'desc nulls first', id: 'asc' } },
    );
    for (const grant of grants) {
      if (byHand.has(grant.value)) grant.added = false;
    }
    for (const value of new Set(grants.map((g) => g.value))) {
      const ofRank = grants.filter((g) => g.value === value);
      if (!byHand.has(value) && !ofRank.some((g) => g.added)) ofRank[0]!.added = true;
    }
  }

  /** The names of the grants' sources, by `source:sourceRef`, from each source's namer (one call per source). */
  async #sourceNames(em: Em, grants: readonly Grant[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const [source, namer] of this.#namers) {
      const refs = [...new Set(grants.filter((grant) => grant.source === source).map((grant) => grant.sourceRef))];
      if (refs.length === 0) continue;
      for (const [ref, name] of await namer(em, refs)) names.set(`${source}:${ref}`, name);
    }
    return names;
  }

  /**
   * Gives the perk or rank inside the caller's transaction, under the user's row lock (grant-apply.ts). Granting again
   * what the same source already gave (same user, source, reference, kind and value) and has not ended only moves
   * its end. The caller's unit of work is flushed first. Answers whether the user's perks or ranks changed.
   */
  async grantIn(em: Em, input: GrantInput): Promise<boolean> {
    if (!(await lockRow(em, UserSchema, input.userId))) throw refusals.noUser();
    return (await this.grantLockedIn(em, input)).changed;
  }

  /**
   * As grantIn, for a caller that has locked the user's row already in this transaction (a purchase). `holder`: the
   * user's granted perks as the caller read them with that lock (in the same statement), saving a read.
   */
  async grantLockedIn(em: Em, input: GrantInput, holder?: GrantHolder): Promise<GrantApplied> {
    return applyGrantIn(em, holder ?? (await grantHolderIn(em, input.userId)), input, new Date(this.#now()));
  }

  /** Ends every active grant of that source for the user (a subscription ended, a purchase refunded). */
  async endIn(em: Em, ref: GrantSourceRef): Promise<boolean> {
    const user = await lockedUser(em, ref.userId);
    const grants = await em.find(GrantSchema, {
      user: ref.userId,
      source: ref.source,
      sourceRef: ref.sourceRef,
      endedAt: null,
    });
    let changed = false;
    for (const grant of grants) changed = (await this.#end(em, user, grant)) || changed;
    return changed;
  }

  /** The user's active grants, soonest end first (those without an end last). */
  async activeFor(userId: string): Promise<GrantView[]> {
    const grants = await this.#orm.em
      .fork()
      .find(GrantSchema, { user: userId, endedAt: null }, { orderBy: { endsAt: 'asc nulls last', startedAt: 'asc' } });
    return grants.map(toGrantView);
  }

  /**
   * Ends the grants whose time has come, one user at a time (each in its own transaction under that user's lock),
   * and announces each user whose perks or ranks changed. Answers how many grants ended.
   */
  async sweep(limit = 200): Promise<number> {
    const now = new Date(this.#now());
    const due = await this.#orm.em
      .fork()
      .find(
        GrantSchema,
        { endedAt: null, endsAt: { $lte: now } },
        { fields: ['id', 'user'], orderBy: { endsAt: 'asc' }, limit },
      );
    let ended = 0;
    for (const userId of new Set(due.map((g) => g.user.id))) {
      const changed = await this.#orm.em.fork().transactional(async (em) => {
        const user = await lockedUser(em, userId);
        // Read again under the lock: an earlier sweep, or a renewal that moved the end, may have got there first.
        const grants = await em.find(GrantSchema, { user: userId, endedAt: null, endsAt: { $lte: now } });
        let changed = false;
        for (const grant of grants) changed = (await this.#end(em, user, grant)) || changed;
        ended += grants.length;
        return changed;
      });
      if (changed) this.announce(userId);
    }
    return ended;
  }

  /** After commit: the user's sessions and sockets read their perks and ranks again. */
  announce(userId: string): void {
    this.#events.publish('identityChanged', { userId });
  }

  /**
   * Ends one grant. What it added goes away unless another active grant gives the same perk or rank, which then
   * becomes the one that added it. A perk goes from the granted perks only: one also given by hand stays.
   */
  async #end(em: Em, user: User, grant: Grant): Promise<boolean> {
    grant.endedAt = new Date(this.#now());
    if (!grant.added) return false;
    const other = await em.findOne(GrantSchema, {
      user: user.id,
      kind: grant.kind,
      value: grant.value,
      endedAt: null,
      id: { $ne: grant.id },
    });
    if (other) {
      other.added = true;
      return false;
    }
    if (grant.kind === 'perk') {
      if (!user.grantedPerks.includes(grant.value)) return false;
      user.grantedPerks = user.grantedPerks.filter((perk) => perk !== grant.value);
      return true;
    }
    const before = await ranksOfIn(em, user.id);
    if (!(await removeRankIn(em, user.id, grant.value))) return false;
    recordRankChangeIn(em, {
      userId: user.id,
      action: 'grant_end',
      ranksBefore: rankIds(before),
      ranksAfter: rankIds(before.filter((r) => r.id !== grant.value)),
      reason: reasonOf(grant),
      by: null,
    });
    return true;
  }
}

async function lockedUser(em: Em, userId: string): Promise<User> {
  if (!(await lockRow(em, UserSchema, userId))) throw refusals.noUser();
  return freshUser(em, userId);
}

/**
 * The user as this transaction's lock on their row left them: read again (another transaction may have changed the
 * user while we waited), after writing what this transaction changed so far (an earlier grant in it), which the
 * refresh would otherwise throw away.
 */
async function freshUser(em: Em, userId: string): Promise<User> {
  await em.flush();
  const user = await em.findOne(UserSchema, { id: userId }, { refresh: true });
  if (!user) throw refusals.noUser();
  return user;
}
