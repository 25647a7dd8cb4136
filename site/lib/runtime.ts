/**
 * What static pages learn at run time: the SiteRuntime server island (components/runtime/SiteRuntime.astro)
 * puts it on `window.__vdRuntime` and fires `vd:runtime`. Either may come first (the island's fetch races the
 * page's module script), so this takes both.
 */
export interface SiteRuntime {
  /** Festive mode is on: the island also rendered the festive bar (data on its attributes). */
  festive: boolean;
  /** The ad network, or null: no ads and no ad-block notice. */
  ads: AdsRuntime | null;
}

export interface AdsRuntime {
  siteId: string;
  scriptUrl: string;
  probeUrl: string | null;
  helpManifestUrl: string | null;
}

declare global {
  interface Window {
    __vdRuntime?: SiteRuntime;
  }
}

export const RUNTIME_EVENT = 'vd:runtime';

export function onRuntime(callback: (runtime: SiteRuntime) => void): void {
  if (window.__vdRuntime) {
    callback(window.__vdRuntime);
    return;
  }
  window.addEventListener(RUNTIME_EVENT, () => window.__vdRuntime && callback(window.__vdRuntime), { once: true });
}
