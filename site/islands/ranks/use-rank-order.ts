import { type DragEvent, useEffect, useRef, useState } from 'react';
import type { AdminRanksKey } from '../../i18n/admin-ranks/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import type { TextValues } from '../../lib/texts.ts';
import { useAction } from '../kit/use-action.ts';

/** A rank as the Rank Manager lists it. */
export interface RankEntry {
  id: string;
  name: string;
  colour: string;
  /** What the row says of it ("3 permissions · may resign"). */
  meta: string;
}

/** `list` with the entry `id` moved before or after the entry `at`. */
function place(list: RankEntry[], id: string, at: string, before: boolean): RankEntry[] {
  const moved = list.find((rank) => rank.id === id)!;
  const rest = list.filter((rank) => rank.id !== id);
  const index = rest.findIndex((rank) => rank.id === at) + (before ? 0 : 1);
  return [...rest.slice(0, index), moved, ...rest.slice(index)];
}

const ids = (list: RankEntry[]) => list.map((rank) => rank.id).join();

/**
 * The Rank Manager's order: moved by the arrows, Alt + Arrow Up/Down on a row (the row keeps the focus) or a drag;
 * `unchanged` while it is as saved; `save` writes it (PUT /api/client/ranks/positions) and stays on the page.
 */
export function useRankOrder(ranks: RankEntry[], t: (key: AdminRanksKey, values?: TextValues) => string) {
  const [order, setOrder] = useState(ranks);
  const [saved, setSaved] = useState(() => ids(ranks));
  const [dragging, setDragging] = useState<string | null>(null);
  const [focused, setFocused] = useState<{ id: string } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const action = useAction({ done: t('order.saved'), stay: true });

  // The row a key or an arrow moved keeps the focus (moving it in the list may have taken it away).
  useEffect(() => {
    if (focused) list.current?.querySelector<HTMLElement>(`li[data-rank-id="${focused.id}"]`)?.focus();
  }, [focused]);

  const move = (id: string, direction: 'up' | 'down') => {
    const index = order.findIndex((rank) => rank.id === id);
    const neighbour = order[direction === 'up' ? index - 1 : index + 1];
    if (neighbour) setOrder(place(order, id, neighbour.id, direction === 'up'));
    setFocused({ id });
  };

  const dragOver = (event: DragEvent<HTMLElement>, over: string) => {
    event.preventDefault();
    if (!dragging || over === dragging) return;
    const box = event.currentTarget.getBoundingClientRect();
    const next = place(order, dragging, over, event.clientY < box.top + box.height / 2);
    if (ids(next) !== ids(order)) setOrder(next);
  };

  const save = async () => {
    const sent = order.map((rank) => rank.id);
    const answer = await action.run(() =>
      answerOf(client.PUT('/api/client/ranks/positions', { body: { ranks: sent } })),
    );
    if (answer) setSaved(sent.join());
  };

  return {
    list,
    order,
    unchanged: ids(order) === saved,
    busy: action.busy,
    dragging,
    move,
    drag: { start: setDragging, over: dragOver, end: () => setDragging(null) },
    save,
  };
}
