import { ERROR_KINDS, type ErrorKind } from '../../core/errors.ts';
import { DEFAULT_LOCALE, type Locale } from '../../core/i18n/locales.ts';
import { layoutText } from '../i18n/layout/index.ts';

/** The layout's texts in the page's language (`layoutText(locale)`): the error page's words. English by default. */
type LayoutTexts = ReturnType<typeof layoutText>;
const english = layoutText(DEFAULT_LOCALE);

export interface ErrorPage {
  /** null: nothing says which status this is (the response is still a 500). */
  status: number | null;
  title: string;
  message: string;
}

/** The specification's error page (§8): title 'Error - {status}', else 'Unknown error'. */
export function errorTitle(status: number | null, t: LayoutTexts = english): string {
  return status === null ? t('error.unknownTitle') : t('error.title', { status });
}

/** The HTTP status a thrown error carries: a service's DomainError knows its own; anything else (a bug) none. */
export function errorStatusOf(error: unknown): number | null {
  const kind = domainKind(error);
  return kind ? ERROR_KINDS[kind].statusCode : null;
}

/**
 * The error page for what a page's render threw, in the page's language. A service's DomainError knows its status,
 * and a refusal (4xx) its words for the user, in every language where the service words it from its catalogue
 * (`inLocale`); anything else (a bug) knows neither. A server error's words never reach a visitor.
 */
export function errorPageFor(error: unknown, locale: Locale = DEFAULT_LOCALE): ErrorPage {
  const t = layoutText(locale);
  const status = errorStatusOf(error);
  if (status === null) return { status: null, title: errorTitle(null, t), message: t('error.unknownMessage') };
  return {
    status,
    title: errorTitle(status, t),
    message: status < 500 ? refusalIn(error as Error, locale) : t('error.unknownMessage'),
  };
}

/** A refusal's words in `locale`: the DomainError's own (`inLocale`, read by name as `domainKind` reads its kind). */
function refusalIn(error: Error, locale: Locale): string {
  const inLocale = (error as { inLocale?: unknown }).inLocale;
  return typeof inLocale === 'function' ? String(inLocale(locale)) : error.message;
}

/**
 * A DomainError's kind, read by name rather than `instanceof`: the site's build bundles its own copy of
 * core/errors.ts, and the services that throw run on the server's.
 */
function domainKind(error: unknown): ErrorKind | null {
  if (!(error instanceof Error) || error.name !== 'DomainError') return null;
  const kind = (error as { kind?: unknown }).kind;
  return typeof kind === 'string' && Object.hasOwn(ERROR_KINDS, kind) ? (kind as ErrorKind) : null;
}
