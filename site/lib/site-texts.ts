import type { BrowserTextKey } from '../i18n/browser/index.ts';
import { readRuntime } from './runtime.ts';
import { type TextValues, textsOf } from './texts.ts';

let translate: ((key: BrowserTextKey, values?: TextValues) => string) | undefined;

/**
 * A text the site's script writes in the browser, in the page's language: from the runtime data of the default
 * layout (site/components/runtime/SiteRuntime.astro), which every page with a script has.
 */
export function siteText(key: BrowserTextKey, values?: TextValues): string {
  if (!translate) {
    const runtime = readRuntime();
    if (!runtime) throw new Error('This page has no runtime data: its texts are not in the page');
    translate = textsOf(runtime.texts);
  }
  return translate(key, values);
}
