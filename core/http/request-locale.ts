import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, type Locale, siteLocaleOf } from '../i18n/locales.ts';
import { readCookie } from './cookies.ts';

/**
 * The language a request is answered in, a page or the API's refusals alike: the signed-in user's setting, else this
 * browser's choice (VD_LOCALE), else its Accept-Language, else English (docs/i18n.md, "Which language"). A caller
 * that names no language (a script, a bot, a test) reads English, the API's own.
 */
export function requestLocale(request: FastifyRequest): Locale {
  return siteLocaleOf({
    setting: request.user?.settings.locale,
    cookie: readCookie(request, LOCALE_COOKIE),
    acceptLanguage: request.headers['accept-language'],
  });
}
