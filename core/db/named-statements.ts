/**
 * The text of every statement PreparedQuery compiled, and the name it is prepared under on PostgreSQL
 * (NamedStatementsClient). No `pg` here: the embedded database never loads it.
 */
const names = new Map<string, string>();

/** Registers a compiled statement's text under its name: from then on every connection of the pool prepares it. */
export function nameStatement(text: string, name: string): void {
  if (!names.has(text)) names.set(text, name);
}

/** The name a statement's text is prepared under, if PreparedQuery compiled it. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}
