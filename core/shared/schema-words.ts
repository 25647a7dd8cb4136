/**
 * A schema's own messages (a refinement's, a `.min(1, …)`'s: words written for people) in the reader's language.
 *
 * A message is a key in its owner's catalogue (`schema.noteRequired` in a plugin's) with its English as the
 * schema has always said it. The schema itself carries no catalogue: with no wording set it says the English, so the
 * bot, the seed and a browser that was handed nothing read what they always read, and a `schemas.ts` imported by an
 * island brings no FormatJS and no other language along. Whoever parses sets the wording of one language around the
 * parse (`withSchemaWording`): the API's 400 in the request's language (core/http/zod.ts, from the catalogues), the
 * site's check before a call in the page's (site/lib/refusal.ts, from the texts the page handed the island). zod
 * parses these schemas synchronously, and words an issue when its result's `error` is first read: read the issues
 * inside the wording (`withSchemaWording(words, () => schema.safeParse(data).error?.issues)`), as zod reads its own
 * locale (`z.config`) then.
 */

import type { AnyCatalogue } from '../i18n/catalogue.ts';

/** Values a message takes: a number, or words as written (a question's label). */
export type SchemaValues = Readonly<Record<string, string | number>>;

/** A message's text in one language: its owner's catalogue's text for the key, values put in; undefined: English. */
export type SchemaWording = (owner: string, key: string, values: SchemaValues) => string | undefined;

let wording: SchemaWording | undefined;

/** Runs `parse` with the schemas' own messages worded by `words` (undefined: English), then puts the outer wording back. */
export function withSchemaWording<T>(words: SchemaWording | undefined, parse: () => T): T {
  const outer = wording;
  wording = words;
  try {
    return parse();
  } finally {
    wording = outer;
  }
}

/** Words a rule of core's puts in its own message (`A team name` in `A team name is at least 2 characters.`). */
export interface SchemaPhrase {
  english: string;
  /** In the language of the parse under way. */
  text(): string;
}

/** One keyed message: its owner, key and English, as declared (a test compares the English with the catalogue's). */
export interface SchemaMessage {
  owner: string;
  key: string;
  english: string;
  values: SchemaValues;
}

/** One entry per message, however many schemas are made with it. */
const declared = new Map<string, SchemaMessage>();

/** The keyed messages declared when the schemas were made (not those a refinement words as it runs). */
export const declaredSchemaMessages = (): readonly SchemaMessage[] => [...declared.values()];

/** The message in the language of the parse under way: the wording's text, else the English. */
export function schemaText(owner: string, key: string, english: string, values: SchemaValues = {}): string {
  return wording?.(owner, key, values) ?? english;
}

/**
 * A plugin's schema messages: `const said = schemaWords<typeof exampleCatalogue>('example')` (a type-only import of
 * its catalogue, so the keys are checked and nothing is bundled), then
 * `text().min(1, said('schema.noteRequired', 'A note is required.'))`, where zod takes an error (`.min`, `.regex`,
 * `.refine`, `z.iso.datetime`), and `said.text(key, english, values)` inside a `superRefine` as it runs. A schema's
 * own error outranks the per-parse one (zod's locale), so the keyed message is what the issue says in every language.
 */
export function schemaWords<Catalogue extends AnyCatalogue>(owner: Catalogue['name']) {
  type Key = keyof Catalogue['messages']['en'] & string;
  const said = (key: Key, english: string, values: SchemaValues = {}) => {
    declared.set(`${owner} ${key} ${english}`, { owner, key, english, values });
    return { error: () => schemaText(owner, key, english, values) };
  };
  said.text = (key: Key, english: string, values: SchemaValues = {}) => schemaText(owner, key, english, values);
  /** Words another rule puts in its message (a field's name in core's name rule: `displayName({ what })`). */
  said.phrase = (key: Key, english: string): SchemaPhrase => {
    declared.set(`${owner} ${key} ${english}`, { owner, key, english, values: {} });
    return { english, text: () => schemaText(owner, key, english) };
  };
  return said;
}
