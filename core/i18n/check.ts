import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { AnyCatalogue } from './catalogue.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

/**
 * What is wrong with a catalogue, one line per problem (none: it is complete): a key English has and a locale lacks,
 * or the other way round; a message that is not valid ICU; a message whose placeholders are not English's, or whose
 * markup tags are not (where English's has tags: `<link>…</link>`); a text left as English's where the catalogue does
 * not say it is rightly the same (`sameAsEnglish`).
 */
export function catalogueProblems(catalogue: AnyCatalogue): string[] {
  const problems: string[] = [];
  const english = catalogue.messages[DEFAULT_LOCALE];
  const where = (locale: Locale, key: string) => `${catalogue.name} ${locale} "${key}"`;
  const sameAsEnglish: Partial<Record<Locale, readonly string[]>> = catalogue.sameAsEnglish ?? {};
  for (const locale of LOCALES) {
    const messages = catalogue.messages[locale];
    for (const key of Object.keys(english)) if (!(key in messages)) problems.push(`${where(locale, key)}: missing`);
    for (const key of Object.keys(messages))
      if (!(key in english)) problems.push(`${where(locale, key)}: not in English`);
    for (const [key, text] of Object.entries(messages)) {
      const englishText = english[key];
      if (englishText === undefined) continue;
      const placeholders = placeholdersOf(text);
      if (placeholders === null) {
        problems.push(`${where(locale, key)}: not a valid ICU message`);
        continue;
      }
      if (placeholders.join() !== (placeholdersOf(englishText) ?? []).join())
        problems.push(`${where(locale, key)}: placeholders ${placeholders.join() || 'none'}, English has others`);
      const englishTags = tagsOf(englishText);
      const tags = tagsOf(text);
      if (englishTags?.length && tags?.join() !== englishTags.join())
        problems.push(`${where(locale, key)}: tags ${tags?.join() || 'none'}, English has others`);
      const same = locale !== DEFAULT_LOCALE && text === englishText;
      if (same && !sameAsEnglish[locale]?.includes(key)) problems.push(`${where(locale, key)}: left in English`);
    }
  }
  return problems;
}

/** A message's placeholder names, sorted, or null when it does not parse. */
function placeholdersOf(message: string): string[] | null {
  try {
    const names = new Set<string>();
    collect(parse(message, { ignoreTag: true }), names);
    return [...names].sort();
  } catch {
    return null;
  }
}

/**
 * A message's markup tags' names, sorted, each as often as it is used; null when it does not parse with tags (a text
 * that writes `<` as a character, `item:<what you want>`, holds none).
 */
function tagsOf(message: string): string[] | null {
  const tags: string[] = [];
  const walk = (elements: readonly MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.tag) {
        tags.push(element.value);
        walk(element.children);
      }
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  try {
    walk(parse(message));
    return tags.sort();
  } catch {
    return null;
  }
}

function collect(elements: readonly MessageFormatElement[], names: Set<string>): void {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) collect(option.value, names);
    if (element.type === TYPE.tag) collect(element.children, names);
  }
}
