import type { ReactNode } from 'react';
import { $resignOpen } from '../../stores/resign.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

interface Props {
  /** The highest rank may not resign through the website: the entry stays disabled, its reason beside it. */
  refused: boolean;
  /** Its label in the page's language. */
  label: string;
  /** The entry's icon (the sidebar's, rendered by the server). */
  children: ReactNode;
}

/** The staff sidebar's Resign entry: opens the Resign dialog (ResignDialog, through $resignOpen). */
export default function ResignButton({ refused, label, children }: Props) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="sidebar-button"
      disabled={refused || !hydrated}
      aria-describedby={refused ? 'resign-refusal' : undefined}
      onClick={() => $resignOpen.set(true)}
    >
      {children}
      <span className="sidebar-label">{label}</span>
    </button>
  );
}
