/**
 * The one script every page of the default layout loads: session helpers (logout, toasts), navigation polish,
 * and what the page's runtime data says (SiteRuntime). Festive mode and ads are lazy chunks, fetched only when on.
 */
import './session-client.ts';
import { showCookiePreferences } from './consent.ts';
import { initNavigation, reloadAfterFailedChunk } from './navigation.ts';
import { onRuntime } from './runtime.ts';

initNavigation();
showCookiePreferences();

/**
 * Starts a feature from a lazy chunk. A chunk that cannot load is what the chunk guard is for, whichever way the
 * failure arrives: Vite's vite:preloadError (navigation.ts reloads there and cancels the event, and Vite's loader
 * then resolves with no module at all: nothing to start on a page that is going away) or the rejected import.
 */
function startLazily<M>(load: () => Promise<M>, start: (module: M) => void): void {
  load().then(
    (module: M | undefined) => {
      if (module !== undefined) start(module);
    },
    (error: unknown) => {
      console.error(error);
      reloadAfterFailedChunk(sessionStorage, () => location.reload());
    },
  );
}

onRuntime((runtime) => {
  const bar = document.querySelector<HTMLElement>('[data-festive]');
  if (runtime.festive && bar)
    startLazily(
      () => import('./festive.ts'),
      ({ startFestive }) => startFestive(bar),
    );
  if (runtime.ads) {
    const ads = runtime.ads;
    startLazily(
      () => import('./ads/ads.ts'),
      ({ startAds }) => startAds(ads),
    );
  }
});

// The notification bell arrives with the user menu's server island, before or after this script runs: watched for
// until the island has answered (a user menu or the Login link), then started as a lazy chunk if it came.
const ISLAND_ANSWERED = '[data-testid="user-menu"], [data-login]';
function findBell(): boolean {
  const bell = document.querySelector<HTMLElement>('[data-notification-bell]');
  if (bell) startBellLazily(bell);
  return Boolean(bell) || document.querySelector(ISLAND_ANSWERED) !== null;
}

/**
 * The server draws the bell before its chunk has loaded: a press meanwhile is kept (a second one takes it back) and
 * answered once the bell has started, rather than lost.
 */
function startBellLazily(bell: HTMLElement): void {
  const toggle = bell.querySelector<HTMLButtonElement>('[data-bell-toggle]');
  let pressed = false;
  const keep = () => {
    pressed = !pressed;
  };
  toggle?.addEventListener('click', keep);
  startLazily(
    () => import('./notifications-bell.ts'),
    ({ startBell }) => {
      toggle?.removeEventListener('click', keep);
      startBell(bell);
      if (pressed) toggle?.click();
    },
  );
}
if (!findBell()) {
  const bellWatch = new MutationObserver(() => {
    if (findBell()) bellWatch.disconnect();
  });
  bellWatch.observe(document.documentElement, { childList: true, subtree: true });
}
