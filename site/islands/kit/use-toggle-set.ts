import { useState } from 'react';

/**
 * The values a list of checkboxes has checked (ranks, perks): the set, and `toggle(value, on)` for a box's change.
 * `initial` is read in the first render only.
 */
export function useToggleSet<T>(initial: Iterable<T>): [Set<T>, (value: T, on: boolean) => void] {
  const [values, setValues] = useState(() => new Set(initial));
  const toggle = (value: T, on: boolean) =>
    setValues((current) => {
      const next = new Set(current);
      if (on) next.add(value);
      else next.delete(value);
      return next;
    });
  return [values, toggle];
}
