import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { DomainError, type ErrorKind } from '../errors.ts';
import type { SchemaWording } from '../shared/schema-words.ts';
import { DEFAULT_LOCALE, DISCORD_LOCALES, LOCALES, type Locale } from './locales.ts';

/** One locale's texts: a key and its ICU message (`{count, plural, one {# coin} other {# coins}}`). */
export type Messages = Readonly<Record<string, string>>;

/**
 * A plugin's texts in every locale (`plugins/<name>/i18n/<locale>.json`), typed from its English file: a key missing
 * from any locale is a type error, and a test checks the files' keys, placeholders and translations at run time
 * (tests/i18n/catalogues.test.ts).
 */
export type Catalogue<English extends Messages = Messages> = {
  readonly [L in Locale]: { readonly [K in keyof English]: string };
};

export interface CatalogueDefinition<English extends Messages = Messages> {
  /** Its namespace in test reports: the plugin's name. */
  name: string;
  messages: Catalogue<English>;
  /**
   * Keys whose text in a locale is rightly the same as in English (`menu` in Spanish, `status` in German): the check
   * for texts left untranslated skips them there.
   */
  sameAsEnglish?: { readonly [L in Exclude<Locale, 'en'>]?: readonly (keyof English & string)[] };
}

export type AnyCatalogue = CatalogueDefinition<Messages>;

/** Values an ICU message takes: numbers are formatted in the locale (`{amount, number}`), dates as `{at, date}`. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/** A locale's text for a key, with its values put in. */
export type Translate<English extends Messages> = (key: keyof English & string, values?: MessageValues) => string;

/** Identity function for the types: `defineCatalogue({ name: 'example', messages: { en, fr, de, es, 'pt-BR': ptBR } })`. */
export function defineCatalogue<English extends Messages>(
  definition: CatalogueDefinition<English>,
): CatalogueDefinition<English> {
  return definition;
}

const cache = createIntlCache();

/**
 * The catalogue's translator: `translator(catalogue)(locale)('hourly.claimed', { amount })`. Each locale's formatter is
 * made once (FormatJS parses a message on first use and keeps it). A key a locale lacks (the types forbid it) falls
 * back to English.
 */
export function translator<English extends Messages>(
  definition: CatalogueDefinition<English>,
): (locale: Locale) => Translate<English> {
  const known = translators.get(definition);
  if (known) return known as (locale: Locale) => Translate<English>;
  const byLocale = new Map<Locale, Translate<English>>();
  const forLocale = (locale: Locale) => {
    let translate = byLocale.get(locale);
    if (!translate) {
      const intl = intlFor(definition, locale);
      // `ignoreTag`: texts hold no markup, so `<what you want>` is text, not a rich-text tag.
      translate = (key, values) =>
        intl.formatMessage({ id: key, defaultMessage: definition.messages.en[key] }, values, { ignoreTag: true });
      byLocale.set(locale, translate);
    }
    return translate;
  };
  translators.set(definition, forLocale as (locale: Locale) => Translate<Messages>);
  return forLocale;
}

const translators = new WeakMap<AnyCatalogue, (locale: Locale) => Translate<Messages>>();

/**
 * What a text with markup takes: plain values as `translator`'s, a part of the page as a value (`{cookie}` → a
 * `<code>` the page renders), and a function for each tag (`<link>download it now</link>`) that makes a part of the
 * page of the words between, in this language.
 */
export type RichValues<Part> = Readonly<Record<string, string | number | Date | Part | ((words: string) => Part)>>;

/**
 * A text with markup, as parts in order: its words (plain strings, which the page escapes as any text) and what its
 * values and tags made. The catalogue holds no HTML: a tag names a part the page builds (a link, an emphasis), so a
 * translation moves the link with the words it belongs to. `richTranslator(catalogue)(locale)(key, values)`.
 */
export function richTranslator<English extends Messages>(
  definition: CatalogueDefinition<English>,
): (
  locale: Locale,
) => <Part extends object>(key: keyof English & string, values: RichValues<Part>) => (string | Part)[] {
  return (locale) => {
    const intl = intlFor(definition, locale);
    return <Part extends object>(key: keyof English & string, values: RichValues<Part>): (string | Part)[] => {
      const tags = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'function' ? (chunks: (string | Part)[]) => value(chunks.join('')) : value,
        ]),
      ) as Record<string, Part | ((chunks: (string | Part)[]) => Part)>;
      // FormatJS's overloads type a part as the shape the intl was made for (a string here); its parts are ours.
      const format = intl.formatMessage as (
        descriptor: { id: string; defaultMessage: string },
        values: typeof tags,
      ) => string | Part | (string | Part)[];
      const formatted = format({ id: key, defaultMessage: definition.messages.en[key] }, tags);
      return Array.isArray(formatted) ? formatted : [formatted];
    };
  };
}

function intlFor(definition: AnyCatalogue, locale: Locale): IntlShape<string> {
  return createIntl(
    {
      locale,
      defaultLocale: DEFAULT_LOCALE,
      messages: definition.messages[locale],
      onError: (error) => {
        throw new Error(`i18n ${definition.name} (${locale}): ${error.message}`);
      },
    },
    cache,
  );
}

/**
 * A text in every locale Discord knows but English (its default), for a command's `name_localizations` and
 * `description_localizations`.
 */
export function discordLocalizations<English extends Messages>(
  definition: CatalogueDefinition<English>,
  key: keyof English & string,
): Record<string, string> {
  const translate = translator(definition);
  const localizations: Record<string, string> = {};
  for (const [locale, discordLocales] of Object.entries(DISCORD_LOCALES) as [Locale, readonly string[]][]) {
    for (const discordLocale of discordLocales) localizations[discordLocale] = translate(locale)(key);
  }
  return localizations;
}

/**
 * A service's refusal worded from its catalogue: the message in English (the API's without a language asked) and in
 * any locale (`inLocale`: the bot answers in the caller's language, the API in the request's). Values that are words
 * themselves (a date, a span, a phrase from the catalogue) are given per locale, as `textInEveryLocale` takes them:
 * `(locale) => ({ until: dateIn(locale) })`.
 */
export function localizedError<English extends Messages>(
  translate: (locale: Locale) => Translate<English>,
  kind: ErrorKind,
  key: keyof English & string,
  values?: MessageValues | ((locale: Locale) => MessageValues),
  details?: Record<string, unknown>,
): DomainError {
  const textIn = (locale: Locale) => translate(locale)(key, typeof values === 'function' ? values(locale) : values);
  return new DomainError(kind, textIn(DEFAULT_LOCALE), details, textIn);
}

/**
 * The schemas' own messages (core/shared/schema-words.ts) in a language, from their owners' catalogues (by name): a
 * message whose owner is not among them, or whose key its catalogue lacks, stays the schema's English.
 */
export function schemaWordingFrom(catalogues: readonly AnyCatalogue[]): (locale: Locale) => SchemaWording {
  const byName = new Map(catalogues.map((catalogue) => [catalogue.name, catalogue]));
  return (locale) => (owner, key, values) => {
    const catalogue = byName.get(owner);
    if (!catalogue || !Object.hasOwn(catalogue.messages.en, key)) return undefined;
    return translator(catalogue)(locale)(key, values);
  };
}

/** A text in English (`text`) and in every language the diner speaks (`texts`). */
export interface TextInEveryLocale {
  text: string;
  texts: Readonly<Record<Locale, string>>;
}

/**
 * A text for someone whose language is known only where it is delivered (a notice, stored in its user's language
 * where it is stored): worded from the catalogue in every locale, English as `text`. Plain data, so it
 * travels between processes with the event. Values that are words themselves (a date, a phrase from the catalogue)
 * are given per locale: `(locale) => ({ span: spanIn(locale) })`.
 */
export function textInEveryLocale<English extends Messages>(
  translate: (locale: Locale) => Translate<English>,
  key: keyof English & string,
  values?: MessageValues | ((locale: Locale) => MessageValues),
): TextInEveryLocale {
  const valuesIn = (locale: Locale) => (typeof values === 'function' ? values(locale) : values);
  const texts = Object.fromEntries(
    LOCALES.map((locale) => [locale, translate(locale)(key, valuesIn(locale))]),
  ) as Record<Locale, string>;
  return { text: texts[DEFAULT_LOCALE], texts };
}
