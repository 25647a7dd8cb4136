/**
 * Texts the browser writes itself (a toast, the bell's live list, an island's words), in the page's language. The
 * server hands a catalogue over already parsed (`browserTexts`, site/lib/browser-texts.ts) and this formats it with
 * what the browser has built in (`Intl.PluralRules`, `Intl.NumberFormat`): no ICU parser in the browser.
 * Every message of a catalogue the browser reads formats here exactly as FormatJS formats it on the server
 * (tests/app/i18n.test.ts).
 */

/** A piece of a message: text, a value, a number, a plural or a select with its branches, or a plural's `#`. */
export type TextPart =
  | string
  | { value: string }
  | { number: string }
  | { pound: true }
  | { plural: string; offset: number; options: Readonly<Record<string, readonly TextPart[]>> }
  | { select: string; options: Readonly<Record<string, readonly TextPart[]>> };

/** A message: plain text, or its parts when it takes values. */
export type TextMessage = string | readonly TextPart[];

/** One catalogue's texts in one language, as a page hands them to the browser (an island's prop, the runtime data). */
export interface BrowserTexts<Key extends string = string> {
  locale: string;
  messages: Readonly<Record<Key, TextMessage>>;
}

export type TextValues = Readonly<Record<string, string | number>>;

/** `textsOf(texts)('bell.label', { unread: 3 })`: a catalogue's text with its values put in. */
export function textsOf<Key extends string>(texts: BrowserTexts<Key>): (key: Key, values?: TextValues) => string {
  const plurals = new Intl.PluralRules(texts.locale);
  const numbers = new Intl.NumberFormat(texts.locale);
  const given = (values: TextValues, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The text needs a value for "${name}"`);
    return value;
  };
  const write = (parts: readonly TextPart[], values: TextValues, count: number | null): string => {
    let out = '';
    for (const part of parts) {
      if (typeof part === 'string') out += part;
      else if ('value' in part) out += String(given(values, part.value));
      else if ('number' in part) out += numbers.format(Number(given(values, part.number)));
      else if ('pound' in part) out += count === null ? '#' : numbers.format(count);
      else if ('plural' in part) {
        const asked = Number(given(values, part.plural));
        const n = asked - part.offset;
        const branch = part.options[`=${asked}`] ?? part.options[plurals.select(n)] ?? part.options.other ?? [];
        out += write(branch, values, n);
      } else {
        const branch = part.options[String(given(values, part.select))] ?? part.options.other ?? [];
        out += write(branch, values, count);
      }
    }
    return out;
  };
  return (key, values = {}) => {
    const message = texts.messages[key];
    if (message === undefined) throw new Error(`No text "${key}"`);
    return typeof message === 'string' ? message : write(message, values, null);
  };
}

/**
 * Some of a catalogue's texts: what an island repeated on every row of a list needs, so the page does not hand the
 * whole catalogue to each row.
 */
export function pickTexts<Key extends string, Picked extends Key>(
  texts: BrowserTexts<Key>,
  keys: readonly Picked[],
): BrowserTexts<Picked> {
  const messages = Object.fromEntries(keys.map((key) => [key, texts.messages[key]])) as Record<Picked, TextMessage>;
  return { locale: texts.locale, messages };
}
