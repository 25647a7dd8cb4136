import { useEffect, useState } from 'react';

/**
 * False in the render that hydrates the server's HTML, true once the island is interactive. A control that acts
 * through its island is disabled until then, so a click or a keystroke made before hydration is never lost: the
 * browser refuses it visibly instead (issue 43, item 6).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
