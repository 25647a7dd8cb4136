import { z } from 'zod';

/**
 * Text PostgreSQL can store. A NUL character is refused by every text column, and an unpaired UTF-16 surrogate by
 * every JSON column (and turns into U+FFFD anywhere else), so both are refused at the door: a 400 naming the field,
 * before anything is written. Pure: the site's forms and the bot's options use it too.
 */
export const TEXT_PROBLEM = 'must not contain a NUL character or an unpaired surrogate';

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** The one check, shared by every text schema (a test finds it on every string field of every route). */
export const storableText = z.superRefine((value: string, ctx) => {
  if (!isStorableText(value)) {
    ctx.addIssue({ code: 'invalid_format', format: 'text', input: value, message: `Text ${TEXT_PROBLEM}` });
  }
});

/**
 * Every string field of every route, command option and form: `text()` in place of `z.string()`, with the usual
 * string methods after it (`text().trim().min(1).max(500)`).
 */
export function text(): z.ZodString {
  return z.string().check(storableText);
}
