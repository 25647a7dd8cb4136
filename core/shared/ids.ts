import { z } from 'zod';
import { storableText } from './text.ts';

/**
 * Discord snowflakes: an ID is valid only if numeric and at least 16 characters (the specification), and at most 20
 * digits within 64 bits, which is what a snowflake is: a longer number names nothing and would not fit the columns.
 */
export const ID_MIN_LENGTH = 16;
export const ID_MAX_LENGTH = 20;
export const SNOWFLAKE_EPOCH = 1420070400000;
/** An ID's digits, for patterns that hold one (a statistics record's id, a slug-or-ID reference). */
export const ID_DIGITS = `\\d{${ID_MIN_LENGTH},${ID_MAX_LENGTH}}`;
export const ID_PATTERN = new RegExp(`^${ID_DIGITS}$`);
const SNOWFLAKE_LIMIT = 2n ** 64n;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value) && BigInt(value) < SNOWFLAKE_LIMIT;
}

/** The moment an ID was made: value / 4194304 + 1420070400000 ms. */
export function idDate(id: string): Date {
  return new Date(Number(BigInt(id) >> 22n) + SNOWFLAKE_EPOCH);
}

/** The pattern check every ID schema shares: it puts the pattern in the API document (and lets a test find ID fields). */
export const idPatternCheck = z.regex(ID_PATTERN);

/** An ID in an answer (a route's response schema): the pattern shows in the API document, as on every ID it takes. */
export const AnswerIdSchema = z.string().check(idPatternCheck);

/**
 * The one schema of an ID in a path, query or body: `snowflakeId('User')` refuses anything but a valid snowflake
 * with 400 'User ID is not a snowflake' (the specification's message; 'Rank ID is not a snowflake' for a rank…).
 * The rule runs first and stops there, so a NUL in an ID gets this message rather than the general text one; the
 * text check still follows, as on every string field.
 */
export function snowflakeId(kind: string): z.ZodString {
  return z
    .string()
    .check(z.refine(isId, { error: `${kind} ID is not a snowflake`, abort: true }), idPatternCheck, storableText);
}
