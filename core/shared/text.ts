import { z } from 'zod';
import { type SchemaPhrase, type SchemaValues, schemaText } from './schema-words.ts';

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
    const message = schemaText('core.http', 'text.notStorable', `Text ${TEXT_PROBLEM}`);
    ctx.addIssue({ code: 'invalid_format', format: 'text', input: value, message });
  }
});

/**
 * Every string field of every route, command option and form: `text()` in place of `z.string()`, with the usual
 * string methods after it (`text().trim().min(1).max(500)`).
 */
export function text(): z.ZodString {
  return z.string().check(storableText);
}

/**
 * Bidi embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). Inside a name they reorder the text
 * around it wherever it is shown ("evil\u202Egnp.exe" reads "evilexe.png"); right-to-left letters need none of them.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** A grapheme that takes no room: only format and control characters (Cf, Cc) or other default-ignorable ones (U+3164). */
const INVISIBLE = /^[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]+$/u;
/** A grapheme that shows nothing readable: invisible, or white space. */
const BLANK = /^[\p{White_Space}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]+$/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The characters a reader sees: grapheme clusters (an emoji family or an accented letter is one), format and control characters not counted. */
export function visibleLength(value: string): number {
  let count = 0;
  for (const { segment } of graphemes.segment(value)) if (!INVISIBLE.test(segment)) count += 1;
  return count;
}

function hasVisibleCharacter(value: string): boolean {
  for (const { segment } of graphemes.segment(value)) if (!BLANK.test(segment)) return true;
  return false;
}

export interface DisplayNameRule {
  /**
   * The field in words, as the messages start: 'A team name', or its owner's phrase in every language
   * (`said.phrase('schema.name.team', 'A team name')`), which the messages (core's, `core.http` `name.*`) put in.
   */
  what: string | SchemaPhrase;
  /** Visible characters, at least (default 1) and at most. */
  min?: number;
  max: number;
  /** Code points its column stores (PostgreSQL's varchar counts them); default `max`. */
  stored?: number;
}

/** The checks displayName() made, so a test can find every name field that uses the rule. */
const displayNameChecks = new WeakSet<object>();
export const isDisplayNameCheck = (check: unknown): boolean =>
  typeof check === 'object' && check !== null && displayNameChecks.has(check);

/**
 * A name someone sets for others to read (a team, a rank, an item, a form, a user's display name): `text()`,
 * trimmed, then refused with a 400 naming the field when it holds a direction control, shows no visible character,
 * or has fewer than `min` or more than `max` visible characters. Lengths count what a reader sees, not UTF-16 units:
 * three zero-width spaces are no name, and an emoji family is one character. `stored` bounds the code points the
 * column can hold (an emoji family is seven), so a name that fits the rule also fits the database.
 */
export function displayName({ what, min = 1, max, stored = max }: DisplayNameRule): z.ZodString {
  const english = typeof what === 'string' ? what : what.english;
  // In the language of the parse under way: the field's name is its owner's, the sentence core's.
  const say = (key: string, text: string, values: SchemaValues = {}) =>
    schemaText('core.http', key, text, { what: typeof what === 'string' ? what : what.text(), ...values });
  const check = z.superRefine((value: string, ctx) => {
    const refuse = (message: string) =>
      ctx.addIssue({ code: 'invalid_format', format: 'display_name', input: value, message });
    if (DIRECTION_CONTROL.test(value))
      return refuse(
        say(
          'name.directionControl',
          `${english} may not contain a direction control (U+202A–U+202E, U+2066–U+2069): it reorders the text around it.`,
        ),
      );
    if (!hasVisibleCharacter(value))
      return refuse(say('name.invisible', `${english} needs at least one visible character.`));
    const length = visibleLength(value);
    if (length < min)
      ctx.addIssue({
        code: 'too_small',
        origin: 'string',
        minimum: min,
        inclusive: true,
        input: value,
        message: say('name.tooShort', `${english} is at least ${min} characters.`, { min }),
      });
    else if (length > max)
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: max,
        inclusive: true,
        input: value,
        message: say('name.tooLong', `${english} is at most ${max} characters.`, { max }),
      });
    else if ([...value].length > stored) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: stored,
        inclusive: true,
        input: value,
        message: say(
          'name.tooLongToStore',
          `${english} is too long to store: at most ${stored} characters, counting each part of an emoji or accented letter.`,
          { stored },
        ),
      });
    }
  });
  displayNameChecks.add(check);
  return text().trim().check(check);
}
