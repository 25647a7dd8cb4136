import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useHydrated } from './kit/use-hydrated.ts';

/**
 * A store the browser may have changed before this island hydrates: `initial`, what the server rendered with, in
 * the render that hydrates the server's HTML, then the store's value. A browser preference (a store persisted in
 * localStorage) differs from the server's default for anyone who changed it; the live gateway's status differs as
 * soon as another script on the page (the notification bell) has started the connection. Reading the store in the
 * hydrating render would make the browser's HTML differ from the server's, and React throw it away (error #418).
 */
export function useAfterHydration<T>(store: ReadableAtom<T>, initial: T): T {
  const value = useStore(store);
  return useHydrated() ? value : initial;
}
