import { describe, expect, it } from 'vitest';
import { acceptedLanguages, discordLocaleOf, localeOf, pickLocale, siteLocaleOf } from './locales.ts';

describe('locales', () => {
  it('matches a tag to the locale the diner speaks: itself, else its language', () => {
    expect(localeOf('pt-BR')).toBe('pt-BR');
    expect(localeOf('PT-br')).toBe('pt-BR');
    expect(localeOf('pt-PT')).toBe('pt-BR');
    expect(localeOf('fr-CA')).toBe('fr');
    expect(localeOf('es-419')).toBe('es');
    expect(localeOf('en-GB')).toBe('en');
    expect(localeOf('ja')).toBeNull();
    expect(localeOf('')).toBeNull();
    expect(localeOf(undefined)).toBeNull();
  });

  it('picks the first tag it speaks, else English', () => {
    expect(pickLocale('ja', 'de')).toBe('de');
    expect(pickLocale(null, 'es-ES')).toBe('es');
    expect(pickLocale('fr', 'de')).toBe('fr');
    expect(pickLocale('ja', 'ko')).toBe('en');
    expect(pickLocale()).toBe('en');
  });

  it('reads Accept-Language by weight, leaving out q=0 and *', () => {
    expect(acceptedLanguages('de-CH, fr;q=0.9, en;q=0.8, *;q=0.5')).toEqual(['de-CH', 'fr', 'en']);
    expect(acceptedLanguages('en;q=0.2, pt-BR')).toEqual(['pt-BR', 'en']);
    expect(acceptedLanguages('fr;q=0, es')).toEqual(['es']);
    expect(acceptedLanguages('es;q=0.5, de;q=0.5')).toEqual(['es', 'de']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(null)).toEqual([]);
    expect(pickLocale(...acceptedLanguages('ja, de;q=0.7'))).toBe('de');
  });

  it("names Discord's locale for each, none for English (its default)", () => {
    expect(discordLocaleOf('en')).toBeNull();
    expect(discordLocaleOf('es')).toBe('es-ES');
    expect(discordLocaleOf('pt-BR')).toBe('pt-BR');
  });

  it("chooses the site's language: the user's setting, this browser's choice, its languages, English", () => {
    const acceptLanguage = 'ja, de;q=0.8, fr;q=0.5';
    expect(siteLocaleOf({ setting: 'es', cookie: 'fr', acceptLanguage })).toBe('es');
    expect(siteLocaleOf({ setting: null, cookie: 'pt-BR', acceptLanguage })).toBe('pt-BR');
    expect(siteLocaleOf({ cookie: 'klingon', acceptLanguage })).toBe('de');
    expect(siteLocaleOf({ acceptLanguage: 'ja, ko' })).toBe('en');
    expect(siteLocaleOf({})).toBe('en');
  });
});
