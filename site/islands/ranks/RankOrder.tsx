import type { AdminRanksKey } from '../../i18n/admin-ranks/index.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { RankRow } from './RankRow.tsx';
import { type RankEntry, useRankOrder } from './use-rank-order.ts';

/** The Rank Manager's ladder, highest first: drag a rank or move it with its arrows or Alt + Arrow keys, then Save order. */
export default function RankOrder({ ranks, texts }: { ranks: RankEntry[]; texts: BrowserTexts<AdminRanksKey> }) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const { list, order, unchanged, busy, dragging, move, drag, save } = useRankOrder(ranks, t);
  // Why Save order is disabled: on hover and as the text the button is described by (docs/site-patterns.md).
  const unchangedReason = t('order.unchanged');
  return (
    <>
      <ol className="rank-list" id="rank-list" aria-describedby="rank-help" ref={list}>
        {order.map((rank) => (
          <RankRow
            key={rank.id}
            rank={rank}
            hydrated={hydrated}
            t={t}
            dragging={dragging === rank.id}
            onMove={(direction) => move(rank.id, direction)}
            onDragStart={() => drag.start(rank.id)}
            onDragOver={(event) => drag.over(event, rank.id)}
            onDragEnd={drag.end}
          />
        ))}
      </ol>
      <div className="buttons">
        <button
          type="button"
          className={busy ? 'button is-primary is-loading' : 'button is-primary'}
          id="save-order"
          disabled={!hydrated || busy || unchanged}
          title={unchanged ? unchangedReason : undefined}
          aria-describedby="save-order-reason"
          onClick={() => void save()}
        >
          {t('order.save')}
        </button>
      </div>
      <p className="action-reason" id="save-order-reason" hidden={!unchanged}>
        {unchangedReason}
      </p>
    </>
  );
}
