import { describe, expect, it } from 'vitest';
import { banMessage, bannedError } from './ban-message.ts';

describe('the ban text', () => {
  const ends = { active: true, reason: 'Trolling orders', expires: new Date('2026-12-01T00:00:00Z') };

  it('says the exact text of the specification', () => {
    expect(banMessage(ends)).toBe(
      'You are currently banned from this website for the following reason: Trolling orders This ban will expire on Tue, 01 Dec 2026 00:00:00 GMT.',
    );
  });

  it('says a ban without an end is permanent, instead of "will expire on never"', () => {
    expect(banMessage({ active: true, reason: null, expires: null })).toBe(
      'You are currently banned from this website for the following reason: No reason given. This ban is permanent.',
    );
    expect(banMessage({ active: true, reason: 'Spam', expires: null })).not.toContain('never');
  });

  it("says it in the reader's language, the end as that language writes it, in UTC; the reason as written", () => {
    expect(banMessage(ends, 'fr')).toBe(
      'Vous êtes actuellement banni de ce site pour la raison suivante : Trolling orders Ce bannissement prendra fin le mardi 1 décembre 2026 à 00:00:00 UTC.',
    );
    expect(banMessage({ active: true, reason: null, expires: null }, 'de')).toBe(
      'Du bist derzeit aus folgendem Grund von dieser Website gesperrt: Kein Grund angegeben. Diese Sperre ist dauerhaft.',
    );
  });

  it('refuses with the English text for the API and the caller’s for the bot, with what follows it', () => {
    const error = bannedError(ends, { ban: ends }, (locale) => (locale === 'fr' ? 'Faites appel.' : 'Appeal.'));
    expect(error.statusCode).toBe(403);
    expect(error.message).toBe(`${banMessage(ends)} Appeal.`);
    expect(error.inLocale?.('fr')).toBe(`${banMessage(ends, 'fr')} Faites appel.`);
    expect(error.details).toEqual({ ban: ends });
  });
});
