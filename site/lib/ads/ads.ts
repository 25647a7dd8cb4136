/**
 * Ads, loaded only when the ad network is configured (a lazy chunk: pages without ads never download it). Loads
 * the network's script, fills every ad slot on the page, runs the ad-block probe and, when blocked, shows the
 * notice after a delay.
 */
import { showCookiePreferences } from '../consent.ts';
import { debug } from '../debug.ts';
import type { AdsRuntime } from '../runtime.ts';
import { detectBlocking, NOTICE_DELAY_MS, probePixel, recordOutcome } from './adblock.ts';
import { loadHelp, renderHelp } from './help.ts';

/** The ad network's API (NitroPay's shape): one call per slot; the network refreshes the ad itself. */
interface AdNetwork {
  createAd(id: string, options: AdOptions): unknown;
}
export interface AdOptions {
  /** Seconds between refreshes. */
  refreshTime: number;
  /** How many refreshes at most; 0 is no limit. */
  refreshLimit: number;
  /** Largest first: the mini ad is 728x90; phones narrower than 768 px get 320x50. */
  sizes: [string, string][];
  mediaQuery?: string;
}
declare global {
  interface Window {
    nitroAds?: AdNetwork;
  }
}

/** The specification: ads refresh every 30 s (limit 0); the mini ad is 728x90. */
export const AD_OPTIONS: AdOptions = {
  refreshTime: 30,
  refreshLimit: 0,
  sizes: [
    ['728', '90'],
    ['320', '50'],
  ],
};
export const HELP_PAGE = '/disable-your-adblocker';

function loadScript(ads: AdsRuntime): Promise<boolean> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = ads.scriptUrl;
    script.async = true;
    script.dataset.siteId = ads.siteId;
    script.onload = () => resolve(true);
    script.onerror = () => resolve(false);
    document.head.append(script);
  });
}

function fillSlots(): void {
  for (const slot of document.querySelectorAll<HTMLElement>('[data-ad-slot]')) {
    const target = slot.querySelector<HTMLElement>('.ad-slot-inner');
    if (!target || target.dataset.filled) continue;
    target.dataset.filled = 'true';
    window.nitroAds?.createAd(target.id, AD_OPTIONS);
  }
}

function showSlots(): void {
  for (const slot of document.querySelectorAll<HTMLElement>('[data-ad-slot]')) slot.hidden = false;
}

function probe(ads: AdsRuntime, scriptLoaded: Promise<boolean>): () => Promise<boolean> {
  // With a probe URL, its pixel decides; without, the network's script must have loaded and installed its API.
  return ads.probeUrl ? () => probePixel(ads.probeUrl!) : async () => (await scriptLoaded) && !!window.nitroAds;
}

async function showNotice(ads: AdsRuntime, check: () => Promise<boolean>): Promise<void> {
  const dialog = document.createElement('dialog');
  dialog.className = 'adblock-notice';
  dialog.dataset.testid = 'adblock-notice';
  dialog.setAttribute('aria-labelledby', 'adblock-title');
  dialog.innerHTML = `
    <div class="adblock-card box">
      <img class="adblock-icon" src="/favicon.svg" alt="" width="56" height="56">
      <h2 id="adblock-title" class="title is-4">Please disable your browser's ad-blocker</h2>
      <p>Virtual Diner relies on ads: they pay for the servers our bot and this site run on, so the kitchen stays
        open and free for everyone. Please allow ads on this site, then check again.</p>
      <p class="adblock-status has-text-danger" role="status" data-adblock-status></p>
      <div class="buttons is-centered">
        <button type="button" class="button is-primary" data-adblock-recheck>I've disabled it</button>
        <a class="button is-light" href="${HELP_PAGE}">Open the help page</a>
      </div>
      <details class="adblock-need-help">
        <summary>Need Help?</summary>
        <p class="adblock-help-intro">Find your ad-blocker below and follow its steps.</p>
      </details>
    </div>`;
  // The notice stays until ads are allowed: Escape does not close it.
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  const help = dialog.querySelector('details')!;
  help.addEventListener(
    'toggle',
    async () => {
      const { entries, source } = await loadHelp(ads.helpManifestUrl);
      help.append(renderHelp(entries, source));
    },
    { once: true },
  );
  const recheck = dialog.querySelector<HTMLButtonElement>('[data-adblock-recheck]')!;
  const status = dialog.querySelector<HTMLElement>('[data-adblock-status]')!;
  recheck.addEventListener('click', async () => {
    recheck.classList.add('is-loading');
    status.textContent = '';
    const blocked = await detectBlocking(check);
    recordOutcome(blocked, localStorage);
    recheck.classList.remove('is-loading');
    // Allowed now: a fresh page loads the ads the blocker stopped.
    if (!blocked) location.reload();
    else status.textContent = 'Ads still seem to be blocked. Reload the page after allowing them.';
  });
  document.body.append(dialog);
  dialog.showModal();
}

export async function startAds(ads: AdsRuntime): Promise<void> {
  showSlots();
  const scriptLoaded = loadScript(ads).then((loaded) => {
    if (loaded) fillSlots();
    showCookiePreferences();
    return loaded;
  });
  const check = probe(ads, scriptLoaded);
  const blocked = await detectBlocking(check);
  debug('ads', blocked ? 'ad network blocked' : 'ad network confirmed');
  recordOutcome(blocked, localStorage);
  document.documentElement.dataset.adblock = blocked ? 'blocked' : 'allowed';
  document.dispatchEvent(new CustomEvent('vd:adblock', { detail: { blocked } }));
  if (!blocked) return;
  for (const slot of document.querySelectorAll<HTMLElement>('[data-ad-slot]')) slot.hidden = true;
  // The help page already is the notice.
  if (location.pathname === HELP_PAGE) return;
  setTimeout(() => void showNotice(ads, check), NOTICE_DELAY_MS);
}
