/**
 * What static pages learn at run time: the SiteRuntime server island (components/runtime/SiteRuntime.astro)
 * renders it as JSON on a `[data-vd-runtime]` element. The island's answer may arrive before or after the page's
 * module script runs, so this reads the element when it is there and watches the document until it is.
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

export const RUNTIME_SELECTOR = '[data-vd-runtime]';

/** The runtime data once the island has arrived (also kept on `window.__vdRuntime`), else undefined. */
export function readRuntime(doc: Pick<Document, 'querySelector'> = document, w: { __vdRuntime?: SiteRuntime } = window): SiteRuntime | undefined {
  if (w.__vdRuntime) return w.__vdRuntime;
  const json = doc.querySelector<HTMLElement>(RUNTIME_SELECTOR)?.dataset.vdRuntime;
  if (json === undefined) return undefined;
  w.__vdRuntime = JSON.parse(json) as SiteRuntime;
  return w.__vdRuntime;
}

export function onRuntime(callback: (runtime: SiteRuntime) => void): void {
  const now = readRuntime();
  if (now) {
    callback(now);
    return;
  }
  const observer = new MutationObserver(() => {
    const runtime = readRuntime();
    if (!runtime) return;
    observer.disconnect();
    callback(runtime);
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}
