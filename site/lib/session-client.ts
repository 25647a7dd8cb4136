import { ApiRequestError } from './api.ts';
import { noteBanState, WAS_BANNED_KEY } from './ban-lifted.ts';
import { siteText } from './site-texts.ts';
import { showPendingToast, toast, toastOnNextPage } from './toast.ts';

/**
 * Logout exactly as the specification orders it: ignored while one is under way; go to / first if elsewhere; then
 * end the session (the server removes the cookie); then the success toast.
 */
const PENDING_LOGOUT = 'vd-logout';
let loggingOut = false;

async function logout(): Promise<void> {
  try {
    // The typed client loads with the first logout: every page carries this module, anonymous ones too.
    const { answerOf, client } = await import('./client.ts');
    await answerOf(client.DELETE('/api/client/sessions'));
    localStorage.removeItem(WAS_BANNED_KEY);
    toastOnNextPage(siteText('session.loggedOut'), 'is-success');
    location.replace('/');
  } catch (error) {
    loggingOut = false;
    const message = error instanceof ApiRequestError ? error.message : '';
    toast(siteText('session.logoutFailed', { message: message || siteText('error.unknown') }), 'is-danger');
  }
}

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest('[data-logout]');
  if (!button) return;
  event.preventDefault();
  if (loggingOut) return;
  loggingOut = true;
  if (location.pathname !== '/') {
    sessionStorage.setItem(PENDING_LOGOUT, '1');
    location.assign('/');
    return;
  }
  void logout();
});

showPendingToast();
noteBanState(localStorage, document.body.dataset.vdBanned !== undefined, location.pathname, () =>
  toast(siteText('session.banLifted'), 'is-success'),
);
if (location.pathname === '/' && sessionStorage.getItem(PENDING_LOGOUT)) {
  sessionStorage.removeItem(PENDING_LOGOUT);
  loggingOut = true;
  void logout();
}

// The Login link takes the visitor back to where they were.
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-login]');
  if (link && location.pathname !== '/login')
    link.href = `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
});

// An avatar Discord's CDN cannot serve (deleted, or the network is down) falls back to a neutral picture.
function fallBack(img: HTMLImageElement): void {
  if (img.dataset.avatar !== undefined && !img.src.endsWith('/avatar-fallback.svg')) img.src = '/avatar-fallback.svg';
}
document.addEventListener(
  'error',
  (event) => {
    if (event.target instanceof HTMLImageElement) fallBack(event.target);
  },
  true,
);
// Module scripts run after parsing: an avatar that failed before then (an offline CDN fails fast) is fixed here.
for (const img of document.querySelectorAll<HTMLImageElement>('img[data-avatar]')) {
  if (img.complete && img.naturalWidth === 0) fallBack(img);
}

// Static pages are built once: the copyright range follows the visitor's calendar, not the build's.
const year = document.querySelector('[data-current-year]');
if (year) year.textContent = String(new Date().getFullYear());
