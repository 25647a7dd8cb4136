/**
 * Navigation polish for every page: the loading bar, the failed-chunk reload guard, no link prefetch on slow
 * connections, and the service worker. Plain DOM code: it ships on every public page, so every byte counts.
 */
import { debug } from './debug.ts';

// ---- Loading bar (NProgress-like, our own ~30 lines: NProgress itself is 2 KB gz and needs its own CSS) ----

/** The bar creeps towards 90 % over this long, then waits for the next page. */
export const LOADING_BAR_DURATION_MS = 5000;
/** Navigations quicker than this never show the bar (no flash on fast pages). */
export const LOADING_BAR_THROTTLE_MS = 200;

let barTimer: ReturnType<typeof setTimeout> | undefined;
let bar: HTMLElement | undefined;

export function startLoadingBar(): void {
  if (barTimer !== undefined || bar) return;
  barTimer = setTimeout(() => {
    barTimer = undefined;
    bar = document.createElement('div');
    bar.className = 'loading-bar';
    bar.dataset.testid = 'loading-bar';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Loading the next page');
    bar.style.setProperty('--vd-loading-duration', `${LOADING_BAR_DURATION_MS}ms`);
    document.body.append(bar);
    // Next frame, so the transition starts from 0.
    requestAnimationFrame(() => requestAnimationFrame(() => bar?.classList.add('is-running')));
  }, LOADING_BAR_THROTTLE_MS);
}

export function stopLoadingBar(): void {
  clearTimeout(barTimer);
  barTimer = undefined;
  bar?.remove();
  bar = undefined;
}

/** A click that makes the browser load another page of this site. */
function isPageNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link || !link.href || link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return false;
  // Same page, other anchor: no load.
  return !(url.pathname === location.pathname && url.search === location.search && url.hash);
}

// ---- Failed chunk: reload once, then not again for 60 s ----

export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'vd-chunk-reload-at';

/**
 * A script chunk failed to load (usually: a deploy replaced the hashed files this page was built against). Reload
 * to get the new page, unless we reloaded for that less than 60 s ago (then the failure is not ours to fix and a
 * reload loop would only hide it). Returns whether it reloaded.
 */
export function reloadAfterFailedChunk(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

// ---- Prefetch on slow connections ----

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function isSlowConnection(connection: NetworkInformation | undefined): boolean {
  return !!connection && (connection.saveData === true || /2g/.test(connection.effectiveType ?? ''));
}

/** Wires it all up; called once per page by the layout. */
export function initNavigation(): void {
  window.addEventListener('click', (event) => isPageNavigation(event) && startLoadingBar());
  window.addEventListener('submit', (event) => !event.defaultPrevented && startLoadingBar());
  // Back/forward cache: the page comes back as it was left, bar included.
  window.addEventListener('pageshow', stopLoadingBar);

  window.addEventListener('vite:preloadError', (event) => {
    debug('navigation', 'a chunk failed to load', event);
    if (reloadAfterFailedChunk(sessionStorage, () => location.reload())) event.preventDefault();
  });

  // Astro's prefetch already skips hover and viewport prefetches on 2g or with data saver, but still prefetches on
  // tap there. The specification says skipped: mark the link before Astro's document listener sees the tap.
  if (isSlowConnection((navigator as Navigator & { connection?: NetworkInformation }).connection)) {
    for (const type of ['touchstart', 'mousedown']) {
      window.addEventListener(
        type,
        (event) => {
          const link = (event.target as Element | null)?.closest?.('a');
          if (link) link.dataset.astroPrefetch = 'false';
        },
        { capture: true, passive: true },
      );
    }
  }

  if ('serviceWorker' in navigator && !import.meta.env.DEV) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => debug('navigation', 'service worker', error));
    });
  }
}
