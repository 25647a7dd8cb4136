import { useEffect } from 'react';
import type { OrderView } from '../../../plugins/orders/schemas.ts';
import { nextToClaim, nextToDeliver } from '../../lib/kitchen.ts';
import { $orders } from '../../stores/orders.ts';
import type { OrderAction } from './OrderCard.tsx';
import type { Dialog } from './use-order-actions.ts';

interface Shortcuts {
  viewerId: string;
  /** The order the viewer holds, if any. */
  holding: OrderView | undefined;
  dialog: Dialog;
  act: (action: OrderAction, order: OrderView) => Promise<void>;
  openDialog: (dialog: Dialog) => void;
  toggleQueue: () => Promise<void>;
}

/**
 * The order manager's keys: C claims the next order, P prepares the one you hold, D delivers the next one for you,
 * Q joins or leaves the delivery queue; ignored while typing, with a modifier, or while a dialog is open.
 */
export function useShortcuts({ viewerId, holding, dialog, act, openDialog, toggleQueue }: Shortcuts): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || dialog) return;
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable], dialog')) return;
      const all = Object.values($orders.get());
      const key = event.key.toLowerCase();
      if (key === 'c') {
        const next = holding ? undefined : nextToClaim(all, viewerId);
        if (next) void act('claim', next);
      } else if (key === 'p' && holding) openDialog({ kind: 'prepare', order: holding });
      else if (key === 'd') {
        const next = nextToDeliver(all, viewerId);
        if (next) openDialog({ kind: 'deliver', order: next });
      } else if (key === 'q') void toggleQueue();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [act, dialog, holding, openDialog, toggleQueue, viewerId]);
}
