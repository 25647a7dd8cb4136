/**
 * The languages the diner speaks (issue 44): English as the specification words it, and complete catalogues in
 * French, German, Spanish and Brazilian Portuguese. A locale is a BCP 47 tag; anything else a user or Discord names
 * is matched to one of these, else English.
 */
export const LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each locale's name in its own language (the language pickers). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The locale a BCP 47 tag asks for, or null when the diner does not speak it: the tag itself (`pt-BR`), else its
 * language (`fr-CA` → `fr`, `es-419` → `es`, `en-GB` → `en`; `pt-PT` → `pt-BR`, the one Portuguese there is).
 */
export function localeOf(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const wanted = tag.trim().toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? null;
}

/** The first of the tags the diner speaks, in order (a user's setting, then what their client says), else English. */
export function pickLocale(...tags: readonly (string | null | undefined)[]): Locale {
  for (const tag of tags) {
    const locale = localeOf(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The languages of an `Accept-Language` header, most wanted first (`q=0` left out; ties keep their order). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The cookie a visitor's language choice is kept in (the footer's picker), a year at a time. */
export const LOCALE_COOKIE = 'VD_LOCALE';

/** What a page request says about its reader's language (docs/i18n.md, "Which language"). */
export interface LanguageHints {
  /** The signed-in user's setting (users.settings.locale). */
  setting?: string | null;
  /** The VD_LOCALE cookie: the choice made on this browser. */
  cookie?: string | null;
  /** The Accept-Language header: the browser's languages. */
  acceptLanguage?: string | null;
}

/** The site's language for a request: the user's setting, else this browser's choice, else its languages, else English. */
export function siteLocaleOf(hints: LanguageHints): Locale {
  return pickLocale(hints.setting, hints.cookie, ...acceptedLanguages(hints.acceptLanguage));
}

/**
 * Discord's locale codes for each of ours but English (command names and descriptions are registered in English,
 * Discord's default): Spanish is two of Discord's locales.
 */
export const DISCORD_LOCALES: Readonly<Record<Exclude<Locale, 'en'>, readonly string[]>> = {
  fr: ['fr'],
  de: ['de'],
  es: ['es-ES', 'es-419'],
  'pt-BR': ['pt-BR'],
};

/** The Discord locale whose localizations show `locale` (the first, for Spanish), or null for English, the default. */
export function discordLocaleOf(locale: Locale): string | null {
  return locale === 'en' ? null : DISCORD_LOCALES[locale][0]!;
}
