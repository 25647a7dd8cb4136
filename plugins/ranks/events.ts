import type { RankView } from './schemas.ts';

/** The ranks plugin's domain events, published after the write commits. */
declare module '../../core/events.ts' {
  interface DomainEvents {
    rankCreated: { rank: RankView };
    rankUpdated: { rank: RankView };
    rankDeleted: { rankId: string };
    /** Every rank id, highest first, after a reorder that changed at least one position. */
    ranksReordered: { ranks: string[] };
  }
}
