import { httpCatalogue } from '../../core/http/i18n/index.ts';
import type { AnyCatalogue, Messages } from '../../core/i18n/catalogue.ts';
import { LOCALES, type Locale } from '../../core/i18n/locales.ts';
import type { AnyPlugin } from '../../core/plugin.ts';
import { browserTexts } from './browser-texts.ts';
import type { RefusalWords } from './refusal.ts';
import type { BrowserTexts } from './texts.ts';

/**
 * The kernel's words a check before a call reads: the frame, zod's generic problems, core's name and text rules;
 * what a host is (`host.*`) on request.
 */
const KERNEL_KEYS = /^(validation|name|text)\./;
const HOST_KEYS = /^(validation|name|text|host)\./;
/** An owner's: its schemas' own messages. */
const SCHEMA_KEYS = /^schema\./;

const parts = new Map<string, AnyCatalogue>();

/** The part of a catalogue whose keys match, as a catalogue of its own (made once), for `browserTexts`. */
function partOf(catalogue: AnyCatalogue, keys: RegExp): AnyCatalogue {
  const name = `${catalogue.name}#${keys.source}`;
  let part = parts.get(name);
  if (!part) {
    const pick = (messages: Messages) => Object.fromEntries(Object.entries(messages).filter(([key]) => keys.test(key)));
    const messages = Object.fromEntries(LOCALES.map((locale) => [locale, pick(catalogue.messages[locale])]));
    part = { name, messages: messages as AnyCatalogue['messages'] };
    parts.set(name, part);
  }
  return part;
}

/** What the words need of the page (Astro.locals): its language and the plugins the server runs. */
export interface RefusalLocals {
  locale: Locale;
  plugins: readonly AnyPlugin[];
}

/** A plugin's catalogue by the plugin's name (its schema messages' owner). */
function catalogueOf(plugins: readonly AnyPlugin[], owner: string): AnyCatalogue {
  const catalogue = plugins.find((plugin) => plugin.name === owner)?.i18n;
  if (!catalogue) throw new Error(`No plugin "${owner}" with a catalogue`);
  return catalogue;
}

/**
 * What an island that checks a body before the call (`refusalOf`, site/lib/refusal.ts) is handed, in the page's
 * language: the schema messages (`schema.*`) of the plugins whose schemas it checks (`owners`, by name), and the
 * kernel's words for the frame and zod's generic problems; with `hosts`, what a host is too (an image URL's
 * problem, core/shared/hosts.ts). Server-only: a page passes it to the island as a prop.
 */
export function refusalWords(
  { locale, plugins }: RefusalLocals,
  owners: readonly string[],
  { hosts = false }: { hosts?: boolean } = {},
): RefusalWords {
  const texts: Record<string, BrowserTexts> = {
    [httpCatalogue.name]: browserTexts(partOf(httpCatalogue, hosts ? HOST_KEYS : KERNEL_KEYS), locale),
  };
  for (const owner of owners) texts[owner] = browserTexts(partOf(catalogueOf(plugins, owner), SCHEMA_KEYS), locale);
  return { locale, texts };
}

/** Every catalogue part the browser's check can read, for the test that it formats as the server does. */
export function refusalParts(owners: readonly AnyCatalogue[]): AnyCatalogue[] {
  return [partOf(httpCatalogue, HOST_KEYS), ...owners.map((owner) => partOf(owner, SCHEMA_KEYS))];
}
