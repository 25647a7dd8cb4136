import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { CatalogueDefinition, Messages } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import type { BrowserTexts, TextMessage, TextPart } from './texts.ts';

/**
 * A catalogue in one language as the browser reads it (site/lib/texts.ts): each message parsed here, on the server,
 * by FormatJS's own parser. Server-only: a page passes the result to an island as a prop, or in the runtime data.
 * A message the browser cannot format (a date, a styled number, a tag) is refused here, so the check of the site's
 * catalogues finds it (tests/app/i18n.test.ts).
 */
export function browserTexts<English extends Messages>(
  definition: CatalogueDefinition<English>,
  locale: Locale,
): BrowserTexts<keyof English & string> {
  const key = `${definition.name}:${locale}`;
  let texts = made.get(key);
  if (!texts) {
    const messages: Record<string, TextMessage> = {};
    for (const [name, message] of Object.entries(definition.messages[locale])) {
      messages[name] = messageOf(parse(message, { ignoreTag: true }), `${key}:${name}`);
    }
    texts = { locale, messages };
    made.set(key, texts);
  }
  return texts as BrowserTexts<keyof English & string>;
}

const made = new Map<string, BrowserTexts>();

function messageOf(elements: MessageFormatElement[], where: string): TextMessage {
  const parts = partsOf(elements, where);
  return parts.every((part) => typeof part === 'string') ? parts.join('') : parts;
}

function partsOf(elements: MessageFormatElement[], where: string): TextPart[] {
  return elements.map((element): TextPart => {
    switch (element.type) {
      case TYPE.literal:
        return element.value;
      case TYPE.argument:
        return { value: element.value };
      case TYPE.number:
        if (element.style) throw new Error(`${where}: the browser formats numbers without a style`);
        return { number: element.value };
      case TYPE.pound:
        return { pound: true };
      case TYPE.plural:
        if (element.pluralType === 'ordinal') throw new Error(`${where}: the browser has no ordinal plurals`);
        return { plural: element.value, offset: element.offset, options: branchesOf(element.options, where) };
      case TYPE.select:
        return { select: element.value, options: branchesOf(element.options, where) };
      default:
        throw new Error(`${where}: the browser formats texts, values, numbers, plurals and selects only`);
    }
  });
}

function branchesOf(
  options: Record<string, { value: MessageFormatElement[] }>,
  where: string,
): Record<string, TextPart[]> {
  return Object.fromEntries(Object.entries(options).map(([name, option]) => [name, partsOf(option.value, where)]));
}
