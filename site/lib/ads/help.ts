/**
 * The ad-blocker help manifest: one entry per blocker with the steps to allow ads on this site. Fetched from a
 * configurable third-party URL (ADBLOCK_HELP_URL) so it can be corrected without a deploy; the copy bundled here
 * is the fallback when that is unset, unreachable or not a manifest.
 */
import bundled from './adblock-help.json' with { type: 'json' };

export interface AdBlockerHelp {
  id: string;
  name: string;
  steps: string[];
  /** An animated picture of the steps exists beside the manifest, at `{id}.gif`. */
  gif: boolean;
}

export const BUNDLED_HELP: AdBlockerHelp[] = bundled;

/** Entries of the right shape only: the manifest comes from another host. */
export function parseHelpManifest(value: unknown): AdBlockerHelp[] | null {
  if (!Array.isArray(value)) return null;
  const entries = value.filter(
    (item): item is AdBlockerHelp =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.id === 'string' &&
      /^[\w-]{1,64}$/.test(item.id) &&
      typeof item.name === 'string' &&
      item.name.length > 0 &&
      Array.isArray(item.steps) &&
      item.steps.every((step: unknown) => typeof step === 'string') &&
      typeof item.gif === 'boolean',
  );
  return entries.length > 0 ? entries : null;
}

/** Where an entry's GIF lives: beside the manifest. The bundled copy has none. */
export function gifUrl(manifestUrl: string, id: string): string {
  return new URL(`${id}.gif`, manifestUrl).href;
}

export async function loadHelp(
  manifestUrl: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<{ entries: AdBlockerHelp[]; source: string | null }> {
  if (manifestUrl) {
    try {
      const response = await fetchImpl(manifestUrl, { credentials: 'omit', signal: AbortSignal.timeout(4000) });
      const entries = response.ok ? parseHelpManifest(await response.json()) : null;
      if (entries) return { entries, source: manifestUrl };
    } catch {
      // Blocked (ad-blockers block more than ads), offline or slow: the bundled copy it is.
    }
  }
  return { entries: BUNDLED_HELP, source: null };
}

/** The Need Help? list: one disclosure per blocker, its steps in order, and its GIF when there is one. */
export function renderHelp(entries: AdBlockerHelp[], source: string | null): HTMLElement {
  const list = document.createElement('div');
  list.className = 'adblock-help';
  list.dataset.testid = 'adblock-help';
  for (const entry of entries) {
    const item = document.createElement('details');
    item.className = 'adblock-help-item';
    const summary = document.createElement('summary');
    summary.textContent = entry.name;
    const steps = document.createElement('ol');
    for (const step of entry.steps) {
      const li = document.createElement('li');
      li.textContent = step;
      steps.append(li);
    }
    item.append(summary, steps);
    if (entry.gif && source) {
      const img = document.createElement('img');
      img.src = gifUrl(source, entry.id);
      img.alt = `How to allow ads in ${entry.name}`;
      img.loading = 'lazy';
      img.className = 'adblock-help-gif';
      item.append(img);
    }
    list.append(item);
  }
  return list;
}
