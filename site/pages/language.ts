import type { APIRoute } from 'astro';
import { isLocale, LOCALE_COOKIE, type Locale } from '../../core/i18n/locales.ts';

export const prerender = false;

/** A year, in seconds: how long this browser remembers its language. */
const REMEMBERED_FOR = 365 * 24 * 60 * 60;

/**
 * The language pickers' form (site/components/layout/LanguagePicker.astro): `locale` is one of the site's, or empty
 * for "my browser's language". The choice is kept in this browser (VD_LOCALE) and, for a signed-in user, on their
 * account (users.settings.locale), then the browser goes back to the page it came from. A cross-site post with the
 * session cookie is refused before it gets here (core/auth/request-session.ts); without it, all another site could do
 * is change a visitor's language.
 */
export const POST: APIRoute = async ({ request, locals, cookies, redirect }) => {
  const form = await request.formData().catch(() => null);
  const asked = form?.get('locale');
  const locale: Locale | null | undefined = asked === '' ? null : isLocale(asked) ? asked : undefined;
  if (locale === undefined) {
    return Response.json(
      { statusCode: 400, error: 'Bad Request', message: 'Choose one of the languages offered.' },
      { status: 400 },
    );
  }
  if (locale === null) cookies.delete(LOCALE_COOKIE, { path: '/' });
  else {
    cookies.set(LOCALE_COOKIE, locale, {
      path: '/',
      maxAge: REMEMBERED_FOR,
      httpOnly: true,
      sameSite: 'lax',
      secure: locals.config.env === 'production',
    });
  }
  if (locals.user) await locals.services.users.profile.setLanguage(locals.user, locale);
  return redirect(pageToReturnTo(form?.get('next')), 303);
};

/** The page the form was on: a path of this site, never another origin (`//evil.example`, `/\evil.example`). */
function pageToReturnTo(next: FormDataEntryValue | null | undefined): string {
  return typeof next === 'string' && /^\/(?![/\\])/.test(next) ? next : '/';
}
