/**
 * The cookie preferences button (footer) shows only when a consent framework is on the page: IAB TCF v2's
 * `window.__tcfapi` (what current consent management platforms install) or TCF v1's `window.__cmp`. Ad networks
 * usually bring their own, so this runs again once the ad script has loaded.
 */
type ConsentApi = (...args: unknown[]) => void;

export function consentFramework(w: { __tcfapi?: unknown; __cmp?: unknown } = window as never): ConsentApi | null {
  if (typeof w.__tcfapi === 'function') {
    const tcf = w.__tcfapi as ConsentApi;
    return () => tcf('displayConsentUi', 2, () => {});
  }
  if (typeof w.__cmp === 'function') {
    const cmp = w.__cmp as ConsentApi;
    return () => cmp('showModal');
  }
  return null;
}

export function showCookiePreferences(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-cookie-preferences]');
  const open = consentFramework();
  if (!button || !open) return;
  button.hidden = false;
  button.onclick = () => open();
}
