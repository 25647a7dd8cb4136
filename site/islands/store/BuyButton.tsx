import { $buying, type BuyingItem } from '../../stores/buying.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

/** An item card's Buy on /store: opens the buy dialog for the item ($buying); disabled until hydrated. */
export default function BuyButton({ item, label }: { item: BuyingItem; label: string }) {
  const hydrated = useHydrated();
  return (
    <button type="button" className="button is-primary" disabled={!hydrated} onClick={() => $buying.set({ ...item })}>
      {label}
    </button>
  );
}
