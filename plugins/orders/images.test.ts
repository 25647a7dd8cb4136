import { describe, expect, it } from 'vitest';
import { tooLarge } from './images.ts';

describe('an image too large', () => {
  it('says the limit as English always has, and as each language writes numbers', () => {
    const large = tooLarge(2.5 * 1024 * 1024);
    expect(large.message).toBe('An image may be at most 2.5 MB.');
    expect(large.inLocale?.('fr')).toBe('Une image fait au plus 2,5 Mo.');
    expect(large.inLocale?.('de')).toBe('Ein Bild darf höchstens 2,5 MB groß sein.');
    const small = tooLarge(500 * 1024);
    expect(small.message).toBe('An image may be at most 500 KB.');
    expect(small.inLocale?.('pt-BR')).toBe('Uma imagem pode ter no máximo 500 KB.');
    expect(tooLarge(2048 * 1024 * 1024).message).toBe('An image may be at most 2048 MB.');
  });
});
