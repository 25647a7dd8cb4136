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
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link?.href || link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
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
export function reloadAfterFailedChunk(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

// ---- Link prefetch ----
//
// Our own ~30 lines rather than Astro's prefetch: Astro's cannot leave out links whose GET does something (the
// Discord sign-in link starts an OAuth flow and sets its state cookie: a prefetch racing the click breaks sign-in),
// and it still prefetches on tap on 2g or with data saver, which the specification says to skip.

/** Hovered or focused this long before the page is prefetched (a pointer passing over is not an intent). */
export const PREFETCH_HOVER_MS = 80;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function isSlowConnection(connection: NetworkInformation | undefined): boolean {
  return !!connection && (connection.saveData === true || /2g/.test(connection.effectiveType ?? ''));
}

/** Paths whose GET is not a plain page (or changes something): never prefetched. */
const NO_PREFETCH = /^\/(api|gateway|login\/|logout|_)/;

/** The URL to prefetch for this link, or null: same site, another page, a plain page path, not opted out. */
export function prefetchTarget(link: HTMLAnchorElement, here: Location): string | null {
  if (!link.href || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  if (link.dataset.astroPrefetch === 'false' || link.dataset.noPrefetch !== undefined) return null;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin || NO_PREFETCH.test(url.pathname)) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  url.hash = '';
  return url.href;
}

function initPrefetch(): void {
  const done = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const intent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a');
    const target = link ? prefetchTarget(link, location) : null;
    if (!target || done.has(target)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      // Checked at the moment of prefetching: the connection may have changed since the page loaded.
      if (
        !navigator.onLine ||
        isSlowConnection((navigator as Navigator & { connection?: NetworkInformation }).connection)
      )
        return;
      done.add(target);
      const hint = document.createElement('link');
      hint.rel = 'prefetch';
      hint.href = target;
      document.head.append(hint);
    }, PREFETCH_HOVER_MS);
  };
  document.addEventListener('mouseover', intent, { passive: true });
  document.addEventListener('focusin', intent, { passive: true });
  document.addEventListener('mouseout', () => clearTimeout(timer), { passive: true });
  document.addEventListener('focusout', () => clearTimeout(timer), { passive: true });
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

  initPrefetch();

  if ('serviceWorker' in navigator && !import.meta.env.DEV) {
    window.addEventListener('load', () => {
      navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .catch((error: unknown) => debug('navigation', 'service worker', error));
    });
  }
}
