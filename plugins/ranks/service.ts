import { RankSchema, type Rank } from '../../core/auth/entities.ts';
import type { Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import type { RankView } from './schemas.ts';

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

export interface NewRank {
  name: string;
  position: number;
  colour?: string;
  permissions: number;
  perks?: string[];
  canResign?: boolean;
}

/** Ranks: the staff ladder. The highest rank is the one with the largest position. */
export class RanksService {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Highest first. */
  async list(): Promise<RankView[]> {
    const ranks = await this.#orm.em.fork().find(RankSchema, {}, { orderBy: { position: 'desc' } });
    return ranks.map(toRankView);
  }

  async get(id: string): Promise<RankView> {
    const rank = await this.#orm.em.fork().findOne(RankSchema, { id });
    if (!rank) throw new DomainError('not_found', 'Rank not found');
    return toRankView(rank);
  }

  async create(input: NewRank): Promise<RankView> {
    const em = this.#orm.em.fork();
    const rank = em.create(RankSchema, { ...input, perks: input.perks ?? [], canResign: input.canResign ?? false });
    await em.flush();
    return toRankView(rank);
  }
}
