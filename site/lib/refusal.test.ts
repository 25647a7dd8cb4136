import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toErrorBody } from '../../core/http/errors.ts';
import { parseInput } from '../../core/http/zod.ts';
import { schemaWordingFrom } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import { type SchemaWording, withSchemaWording } from '../../core/shared/schema-words.ts';
import { plugins } from '../../plugins/index.ts';
import { UpdateLeaveStatusBodySchema } from '../../plugins/onleave/schemas.ts';
import { imageUrlProblem } from '../../plugins/orders/schemas.ts';
import { refusalOf, schemaWordingOf } from './refusal.ts';
import { refusalWords } from './refusal-words.ts';

const Body = z.strictObject({
  name: z.string().trim().min(1).max(5),
  icon: z.string().refine((icon) => [...icon].length === 1, 'Pick one emoji.'),
});

/** The 400 message the server answers for `body` (or another part of the request), in English unless asked. */
function serverMessage(
  body: unknown,
  schema: z.ZodType = Body,
  part = 'body',
  locale: Locale = 'en',
  wording?: (locale: Locale) => SchemaWording,
): string {
  try {
    parseInput(schema, body, part);
    return '';
  } catch (error) {
    return toErrorBody(error, locale, wording).message;
  }
}

describe('a refusal worked out before the call', () => {
  it("says what the server's 400 says, and names the field's control", () => {
    for (const body of [
      { name: '', icon: '🍔' },
      { name: 'Burgers', icon: '🍔' },
      { name: 'Fries', icon: 'ab' },
    ]) {
      expect(refusalOf(Body, body)?.message).toBe(serverMessage(body));
    }
    expect(refusalOf(Body, { name: 'Fries', icon: 'ab' }, { icon: 'team-icon' })).toEqual({
      message: 'Pick one emoji.',
      field: 'team-icon',
    });
    expect(refusalOf(Body, { name: '', icon: '🍔' }, { icon: 'team-icon' })).toEqual({
      message: expect.stringMatching(/^Invalid body\.name: /),
    });
  });

  it("says what the server's 400 says of a query string", () => {
    const Query = z.strictObject({ query: z.string().trim().min(1).max(5) });
    const query = { query: 'Too long' };
    expect(refusalOf(Query, query, {}, 'query')?.message).toBe(serverMessage(query, Query, 'query'));
    expect(refusalOf(Query, query, {}, 'query')?.message).toMatch(/^Invalid query\.query: /);
  });

  it('finds nothing wrong with a body the route takes', () => {
    expect(refusalOf(Body, { name: 'Fries', icon: '🍟' })).toBeNull();
  });
});

describe('a refusal in the words the page handed the island', () => {
  const locals = (locale: Locale) => ({ locale, plugins });
  const Leave = UpdateLeaveStatusBodySchema;
  const refused = { status: 'APPROVED', note: ' ' };

  it("says a schema's own message in the page's language, in the kernel's frame", () => {
    const french = refusalWords(locals('fr'), ['onleave']);
    expect(refusalOf(Leave, refused, {}, 'body', french)?.message).toBe('body.note invalide : Une note est requise.');
    // The server's 400 in French says the same.
    const catalogues = plugins.flatMap((plugin) => (plugin.i18n ? [plugin.i18n] : []));
    expect(serverMessage(refused, Leave, 'body', 'fr', schemaWordingFrom(catalogues))).toBe(
      'body.note invalide : Une note est requise.',
    );
  });

  it("says zod's generic problems in the page's language from the kernel's texts", () => {
    const french = refusalWords(locals('fr'), []);
    expect(refusalOf(Body, { name: '', icon: '🍔' }, {}, 'body', french)?.message).toBe(
      'body.name invalide : Trop court : au moins 1 caractère',
    );
    expect(refusalOf(Body, { name: 'Burgers', icon: '🍔' }, {}, 'body', french)?.message).toBe(
      'body.name invalide : Trop long : au plus 5 caractères',
    );
    expect(refusalOf(Body, { name: 'Fries', icon: 'ab' }, {}, 'body', french)?.message).toBe('Pick one emoji.');
  });

  it('says on an English page exactly what it says with no words', () => {
    const english = refusalWords(locals('en'), ['onleave']);
    for (const [schema, body] of [
      [Leave, refused],
      [Body, { name: '', icon: '🍔' }],
      [Body, { name: 'Burgers', icon: '🍔' }],
    ] as const) {
      expect(refusalOf(schema, body, {}, 'body', english)).toEqual(refusalOf(schema, body));
    }
  });

  it("words an image URL's problem as the picture picker does", () => {
    const german = refusalWords(locals('de'), ['orders'], { hosts: true });
    const problem = (url: string) =>
      withSchemaWording(schemaWordingOf(german), () => imageUrlProblem(url, { publicUrl: 'https://diner.example' }));
    expect(problem('https://192.168.1.2/fries.png')).toBe(
      'Bild-URLs müssen auf einen öffentlichen Host zeigen: 192.168.1.2 ist eine private Adresse.',
    );
    expect(imageUrlProblem('https://192.168.1.2/fries.png', { publicUrl: 'https://diner.example' })).toBe(
      'Image URLs must point at a public host: 192.168.1.2 is a private address.',
    );
  });
});
