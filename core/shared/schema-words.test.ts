import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredSchemaMessages, type SchemaWording, schemaWords, withSchemaWording } from './schema-words.ts';

const said = schemaWords('example');
const Note = z.strictObject({
  note: z
    .string()
    .trim()
    .min(1, said('schema.noteRequired', 'A note is required.'))
    .max(5, said('schema.noteTooLong', 'A note is at most 5 characters.', { max: 5 })),
  days: z
    .array(z.string())
    .superRefine((days, ctx) => {
      if (days.length > 1) ctx.addIssue({ code: 'custom', message: said.text('schema.oneDay', 'One day only.') });
    })
    .default([]),
});

const FRENCH: Record<string, string> = {
  'schema.noteRequired': 'Une note est requise.',
  'schema.oneDay': 'Un seul jour.',
};
const french: SchemaWording = (owner, key, values) =>
  owner === 'example' ? (FRENCH[key]?.replace('{max}', String(values.max)) ?? undefined) : undefined;

const messageOf = (body: unknown) => Note.safeParse(body).error?.issues[0]?.message;

describe("a schema's own message, keyed", () => {
  it('says its English with no wording set: the bot, the seed, a browser handed nothing', () => {
    expect(messageOf({ note: ' ' })).toBe('A note is required.');
    expect(messageOf({ note: 'Lunch', days: ['a', 'b'] })).toBe('One day only.');
  });

  it('says the wording of the parse under way, and English where the wording has no text', () => {
    expect(withSchemaWording(french, () => messageOf({ note: ' ' }))).toBe('Une note est requise.');
    expect(withSchemaWording(french, () => messageOf({ note: 'x', days: ['a', 'b'] }))).toBe('Un seul jour.');
    expect(withSchemaWording(french, () => messageOf({ note: 'Too long' }))).toBe('A note is at most 5 characters.');
  });

  it("outranks zod's own locale, and leaves zod's generic words to it", () => {
    const fr = { error: z.locales.fr().localeError };
    expect(withSchemaWording(french, () => Note.safeParse({ note: ' ' }, fr).error?.issues[0]?.message)).toBe(
      'Une note est requise.',
    );
    expect(Note.safeParse({ note: 3 }, fr).error?.issues[0]?.message).toMatch(/^Entrée invalide/);
  });

  it('puts the outer wording back after the parse, even one that throws', () => {
    withSchemaWording(french, () => {
      expect(withSchemaWording(undefined, () => messageOf({ note: ' ' }))).toBe('A note is required.');
      expect(messageOf({ note: ' ' })).toBe('Une note est requise.');
      expect(() =>
        withSchemaWording(undefined, () => {
          throw new Error('boom');
        }),
      ).toThrow('boom');
      expect(messageOf({ note: ' ' })).toBe('Une note est requise.');
    });
    expect(messageOf({ note: ' ' })).toBe('A note is required.');
  });

  it('is declared once with its owner, key, English and values, however many schemas use it', () => {
    said('schema.noteRequired', 'A note is required.');
    const mine = declaredSchemaMessages().filter((message) => message.owner === 'example');
    expect(mine).toEqual([
      { owner: 'example', key: 'schema.noteRequired', english: 'A note is required.', values: {} },
      { owner: 'example', key: 'schema.noteTooLong', english: 'A note is at most 5 characters.', values: { max: 5 } },
    ]);
  });
});
