/** What the message of a 400 needs of a zod issue (the server's and the browser's zod alike). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The message of a request the route's zod schema refuses, from its first issue: `Invalid body.name: Too small…`, or a
 * refinement's own message, written for people ('User ID is not a snowflake'), standing alone. The server's 400
 * (core/http/zod.ts) and the site's check before a call (site/lib/refusal.ts) word it with this one function.
 */
export function validationMessage(part: string, issues: readonly IssueLike[]): string {
  const first = issues[0];
  if (!first) return `Invalid ${part}`;
  if (first.code === 'custom') return first.message;
  const where = first.path.length > 0 ? `${part}.${first.path.map(String).join('.')}` : part;
  return `Invalid ${where}: ${first.message}`;
}
