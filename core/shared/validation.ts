/** What the message of a 400 needs of a zod issue (the server's and the browser's zod alike). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/** How a refusal's message is put around zod's words: English, the API's, unless the server words it in another language. */
export interface ValidationWording {
  /** `Invalid body.name: Too small…`: the place (`part.path`) and zod's message. */
  invalid(where: string, problem: string): string;
  /** `Invalid body`: a refusal with no issue to name. */
  invalidPart(part: string): string;
}

/**
 * The frame in a catalogue's words: the kernel's `validation.invalid` ({where}, {problem}) and
 * `validation.invalidPart` ({part}), as the server's 400 (core/http/zod.ts) and the site's check (site/lib/refusal.ts)
 * read them in a language other than English.
 */
export function validationWordingOf(
  words: (key: 'validation.invalid' | 'validation.invalidPart', values: Readonly<Record<string, string>>) => string,
): ValidationWording {
  return {
    invalid: (where, problem) => words('validation.invalid', { where, problem }),
    invalidPart: (part) => words('validation.invalidPart', { part }),
  };
}

export const ENGLISH_VALIDATION_WORDING: ValidationWording = {
  invalid: (where, problem) => `Invalid ${where}: ${problem}`,
  invalidPart: (part) => `Invalid ${part}`,
};

/**
 * The message of a request the route's zod schema refuses, from its first issue: `Invalid body.name: Too small…`, or a
 * refinement's own message, written for people ('User ID is not a snowflake'), standing alone. The server's 400
 * (core/http/zod.ts, in the request's language) and the site's check before a call (site/lib/refusal.ts) word it with
 * this one function.
 */
export function validationMessage(
  part: string,
  issues: readonly IssueLike[],
  wording: ValidationWording = ENGLISH_VALIDATION_WORDING,
): string {
  const first = issues[0];
  if (!first) return wording.invalidPart(part);
  if (first.code === 'custom') return first.message;
  const where = first.path.length > 0 ? `${part}.${first.path.map(String).join('.')}` : part;
  return wording.invalid(where, first.message);
}
