/**
 * The one script every page of the default layout loads: session helpers (logout, toasts), navigation polish,
 * and what the SiteRuntime island says at run time. Festive mode and ads are lazy chunks, fetched only when on.
 */
import './session-client.ts';
import { showCookiePreferences } from './consent.ts';
import { initNavigation, reloadAfterFailedChunk } from './navigation.ts';
import { onRuntime } from './runtime.ts';

initNavigation();
showCookiePreferences();

/** A lazy chunk that cannot load is what the chunk guard is for (Vite fires vite:preloadError for preloads only). */
const chunkFailed = (error: unknown) => {
  console.error(error);
  reloadAfterFailedChunk(sessionStorage, () => location.reload());
};

onRuntime((runtime) => {
  const bar = document.querySelector<HTMLElement>('[data-festive]');
  if (runtime.festive && bar) import('./festive.ts').then(({ startFestive }) => startFestive(bar), chunkFailed);
  if (runtime.ads) {
    const ads = runtime.ads;
    import('./ads/ads.ts').then(({ startAds }) => startAds(ads), chunkFailed);
  }
});

// The notification bell arrives with the user menu's server island, before or after this script runs: watched for
// until the island has answered (a user menu or the Login link), then started as a lazy chunk if it came.
const ISLAND_ANSWERED = '[data-testid="user-menu"], [data-login]';
function findBell(): boolean {
  const bell = document.querySelector<HTMLElement>('[data-notification-bell]');
  if (bell) import('./notifications-bell.ts').then(({ startBell }) => startBell(bell), chunkFailed);
  return Boolean(bell) || document.querySelector(ISLAND_ANSWERED) !== null;
}
if (!findBell()) {
  const bellWatch = new MutationObserver(() => {
    if (findBell()) bellWatch.disconnect();
  });
  bellWatch.observe(document.documentElement, { childList: true, subtree: true });
}
