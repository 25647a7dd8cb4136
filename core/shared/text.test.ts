import { describe, expect, it } from 'vitest';
import { displayName, visibleLength } from './text.ts';

const ZWSP = '\u200b';
const RLO = '\u202e';

describe('visibleLength', () => {
  it('counts grapheme clusters, not code units, and not format or control characters', () => {
    expect(visibleLength('Team')).toBe(4);
    expect(visibleLength('👨‍👩‍👧')).toBe(1);
    expect(visibleLength('e\u0301')).toBe(1);
    expect(visibleLength('🇫🇷🇩🇪')).toBe(2);
    expect(visibleLength(ZWSP.repeat(3))).toBe(0);
    expect(visibleLength(`a${ZWSP}b\u00adc\u0007`)).toBe(3);
    // Hangul filler: a letter by category, drawn as nothing (default-ignorable).
    expect(visibleLength('\u3164\u3164')).toBe(0);
  });
});

describe('displayName', () => {
  const name = displayName({ what: 'A team name', min: 2, max: 5, stored: 20 });
  const message = (value: string) => name.safeParse(value).error?.issues[0]?.message;

  it('counts visible characters against the limits', () => {
    expect(name.parse('  Ab  ')).toBe('Ab');
    expect(name.parse('👨‍👩‍👧🍔')).toBe('👨‍👩‍👧🍔');
    expect(name.parse('Crème')).toBe('Crème');
    expect(name.parse('Cre\u0300me')).toBe('Cre\u0300me');
    expect(message(`A${ZWSP.repeat(3)}`)).toBe('A team name is at least 2 characters.');
    expect(message('Burger')).toBe('A team name is at most 5 characters.');
  });

  it('refuses a name with no visible character', () => {
    for (const value of ['', '   ', ZWSP.repeat(3), `${ZWSP} ${ZWSP}`, '\u3164\u3164\u3164']) {
      expect(message(value), JSON.stringify(value)).toBe('A team name needs at least one visible character.');
    }
  });

  it('refuses bidi embeddings, overrides and isolates, which reorder the text around the name', () => {
    for (const control of ['\u202a', '\u202b', '\u202c', '\u202d', RLO, '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(message(`Ab${control}cd`), control.codePointAt(0)!.toString(16)).toMatch(
        /^A team name may not contain a direction control/,
      );
    }
    // Right-to-left letters need no control: they are a name like any other.
    expect(name.parse('שלום')).toBe('שלום');
  });

  it('keeps a name within what its column stores (code points), with its own message', () => {
    const stored = displayName({ what: 'A name', max: 3, stored: 8 });
    expect(stored.parse('👨‍👩‍👧')).toBe('👨‍👩‍👧');
    expect(stored.safeParse('👨‍👩‍👧👨‍👩‍👧').error?.issues[0]?.message).toBe(
      'A name is too long to store: at most 8 characters, counting each part of an emoji or accented letter.',
    );
  });

  it('refuses what PostgreSQL cannot store first, as every text field does', () => {
    expect(message('a\u0000b')).toMatch(/NUL/);
  });
});
