/** One directive of a Caddyfile: its words, and the directives of its block when it opens one. */
export interface CaddyDirective {
  words: string[];
  block?: CaddyDirective[];
}

/**
 * Reads a Caddyfile the way Caddy reads its structure (comments, words, `{ … }` blocks; no placeholders, imports or
 * quoting, which deploy/Caddyfile does not use). A brace that does not open or close a block where Caddy expects it
 * throws, as Caddy would refuse to start.
 */
export function parseCaddyfile(text: string): CaddyDirective[] {
  const root: CaddyDirective[] = [];
  const open: CaddyDirective[][] = [root];
  text.split('\n').forEach((raw, index) => {
    const words = raw.replace(/#.*$/, '').trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return;
    const where = `line ${index + 1}`;
    if (words.length === 1 && words[0] === '}') {
      if (open.length === 1) throw new Error(`${where}: "}" closes no block`);
      open.pop();
      return;
    }
    const opens = words.at(-1) === '{';
    const own = opens ? words.slice(0, -1) : words;
    if (own.some((word) => word.includes('{') || word.includes('}')))
      throw new Error(`${where}: a brace inside a line`);
    const directive: CaddyDirective = { words: own };
    open.at(-1)!.push(directive);
    if (opens) {
      directive.block = [];
      open.push(directive.block);
    }
  });
  if (open.length > 1) throw new Error('a block is never closed');
  return root;
}
