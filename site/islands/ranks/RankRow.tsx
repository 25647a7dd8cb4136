import type { DragEvent, KeyboardEvent } from 'react';
import { rankTextColour } from '../../../plugins/ranks/schemas.ts';
import type { AdminRanksKey } from '../../i18n/admin-ranks/index.ts';
import type { TextValues } from '../../lib/texts.ts';
import type { RankEntry } from './use-rank-order.ts';

interface Props {
  rank: RankEntry;
  /** The island is interactive: the row can be dragged and moved. */
  hydrated: boolean;
  dragging: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onDragStart: () => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  t: Translate;
}

type Translate = (key: AdminRanksKey, values?: TextValues) => string;

/** One rank in the Rank Manager's list: its badge, what it grants, the arrows that move it and Edit. */
export function RankRow({ rank, hydrated, dragging, onMove, onDragStart, onDragOver, onDragEnd, t }: Props) {
  // Alt + Arrow Up/Down on the row (or one of its buttons) moves it.
  const keyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onMove(event.key === 'ArrowUp' ? 'up' : 'down');
  };
  return (
    <li
      className={dragging ? 'rank-row box is-dragging' : 'rank-row box'}
      draggable={hydrated}
      data-rank-id={rank.id}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the row takes the focus so that Alt + Arrow keys move it (the list's help says so)
      tabIndex={0}
      aria-label={rank.name}
      onKeyDown={keyDown}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
    >
      <span className="rank-grip" aria-hidden="true">
        ⋮⋮
      </span>
      <span className="tag rank-badge" style={{ backgroundColor: rank.colour, color: rankTextColour(rank.colour) }}>
        {rank.name}
      </span>
      <span className="rank-meta">{rank.meta}</span>
      <span className="rank-actions">
        <MoveButton name={rank.name} direction="up" disabled={!hydrated} onMove={onMove} t={t} />
        <MoveButton name={rank.name} direction="down" disabled={!hydrated} onMove={onMove} t={t} />
        <a className="button is-small" href={`/staff/admin/rank-manager/${rank.id}`}>
          {t('row.edit')}
        </a>
      </span>
    </li>
  );
}

interface MoveProps {
  name: string;
  direction: 'up' | 'down';
  disabled: boolean;
  onMove: (direction: 'up' | 'down') => void;
  t: Translate;
}

/** A row's ↑ or ↓: moves the rank one place. */
function MoveButton({ name, direction, disabled, onMove, t }: MoveProps) {
  return (
    <button
      type="button"
      className="button is-small"
      data-move={direction}
      aria-label={t(direction === 'up' ? 'row.moveUp' : 'row.moveDown', { name })}
      disabled={disabled}
      onClick={() => onMove(direction)}
    >
      {direction === 'up' ? '↑' : '↓'}
    </button>
  );
}
