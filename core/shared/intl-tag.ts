/**
 * The tag `Intl` writes a locale's dates and numbers with: English as the site has always written them, the British
 * way (`25 November 2026`, `1,250`); every other locale as itself.
 */
export function intlTag(locale: string): string {
  return locale === 'en' ? 'en-GB' : locale;
}
