import type { BrowserTextKey } from '../i18n/browser/index.ts';
import type { BrowserTexts } from './texts.ts';

/**
 * What a page learns at run time: SiteRuntime (components/runtime/SiteRuntime.astro), rendered with the page,
 * puts it as JSON on a `[data-vd-runtime]` element, there before any of the page's module scripts run.
 */
export interface SiteRuntime {
  /** Festive mode is on: the festive bar is in the page too (data on its attributes). */
  festive: boolean;
  /** The ad network, or null: no ads and no ad-block notice. */
  ads: AdsRuntime | null;
  /** What the site's script writes (toasts, the bell's list), in the page's language: site/lib/site-texts.ts. */
  texts: BrowserTexts<BrowserTextKey>;
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

export const RUNTIME_SELECTOR = '[data-vd-runtime]';

/** The page's runtime data (also kept on `window.__vdRuntime`), or undefined on a page without it (/offline). */
export function readRuntime(
  doc: Pick<Document, 'querySelector'> = document,
  w: { __vdRuntime?: SiteRuntime } = window,
): SiteRuntime | undefined {
  if (w.__vdRuntime) return w.__vdRuntime;
  const json = doc.querySelector<HTMLElement>(RUNTIME_SELECTOR)?.dataset.vdRuntime;
  if (json === undefined) return undefined;
  w.__vdRuntime = JSON.parse(json) as SiteRuntime;
  return w.__vdRuntime;
}

/** Calls back with the page's runtime data, when the page has it. */
export function onRuntime(callback: (runtime: SiteRuntime) => void): void {
  const runtime = readRuntime();
  if (runtime) callback(runtime);
}
