import { useMemo } from 'react';
import { type BrowserTexts, type TextValues, textsOf } from '../../lib/texts.ts';

/**
 * An island's words in the page's language: the page hands its catalogue over as a prop,
 * `texts={browserTexts(ordersCatalogue, Astro.locals.locale)}` (site/lib/browser-texts.ts, server-only), and the
 * island formats with `const t = useTexts(texts)`, then `t('claim.done', { id })`. The same on the server's render
 * and in the browser, so hydration finds the words it rendered.
 */
export function useTexts<Key extends string>(texts: BrowserTexts<Key>): (key: Key, values?: TextValues) => string {
  return useMemo(() => textsOf(texts), [texts]);
}
