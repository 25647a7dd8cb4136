/** `%text%` for an `ilike` search: the user's `\`, `%` and `_` match themselves, not as wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
