import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { DeclaredPages } from '../e2e/pages.ts';

/**
 * Whether the page examples (tests/e2e/pages.ts: the site's own and every plugin's `pages.examples`) cover the page
 * files under site/pages: the route matrix, the every-page checks and the pictures walk the examples, so a page
 * file without one would be checked by none of them.
 */

export const PAGES_DIR = path.resolve(import.meta.dirname, '../../site/pages');

/** The page files under site/pages, relative to it: `.astro` routes (endpoints, `.ts`, are no page). */
export function pageFiles(dir = PAGES_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.astro'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * A page file's route as the file names it: `staff/orders/[id].astro` → `/staff/orders/[id]`, `index.astro` → `/`.
 * Null for the files Astro serves no route of: the error pages, and files or folders whose name begins with `_`.
 */
export function routeOfFile(file: string): string | null {
  if (/^(404|500)\.astro$/.test(file) || file.split('/').some((part) => part.startsWith('_'))) return null;
  return `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`;
}

type Segment = { kind: 0; text: string } | { kind: 1 } | { kind: 2 };

/** A route's segments: 0 a word, 1 a parameter (`[id]`), 2 a rest parameter (`[...rest]`). */
function segmentsOf(route: string): Segment[] {
  return route
    .split('/')
    .filter(Boolean)
    .map((part) =>
      /^\[\.\.\..+\]$/.test(part) ? { kind: 2 } : /^\[.+\]$/.test(part) ? { kind: 1 } : { kind: 0, text: part },
    );
}

function answers(segments: readonly Segment[], parts: readonly string[]): boolean {
  const [first, ...rest] = segments;
  if (!first) return parts.length === 0;
  if (first.kind === 2) return parts.some((_, i) => answers(rest, parts.slice(i))) || answers(rest, []);
  const [part, ...others] = parts;
  if (part === undefined || (first.kind === 0 && first.text !== part)) return false;
  return answers(rest, others);
}

/** Astro's order between two routes that answer a path: word before parameter before rest, segment by segment. */
function moreSpecific(a: readonly Segment[], b: readonly Segment[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i]!.kind !== b[i]!.kind) return a[i]!.kind - b[i]!.kind;
  return b.length - a.length;
}

/** The route that serves a path: of those that answer it, the most specific, as Astro picks. */
export function routeFor(pathname: string, routes: readonly string[]): string | null {
  const parts = pathname.split('/').filter(Boolean);
  const matching = routes
    .map((route) => ({ route, segments: segmentsOf(route) }))
    .filter((r) => answers(r.segments, parts));
  matching.sort((a, b) => moreSpecific(a.segments, b.segments));
  return matching[0]?.route ?? null;
}

/**
 * What is wrong between the page files and the declared pages, each naming the file or the path: a page file that
 * no example opens and no `withoutExample` excuses, an example no page file serves, a path declared twice, and a
 * `withoutExample` that names no page file or one an example opens.
 */
export function pageExampleProblems(files: readonly string[], declared: readonly DeclaredPages[]): string[] {
  const fileOf = new Map<string, string>();
  for (const file of files) {
    const route = routeOfFile(file);
    if (route !== null) fileOf.set(route, file);
  }
  const routes = [...fileOf.keys()];
  const problems: string[] = [];
  const declaredBy = new Map<string, string>();
  const opened = new Set<string>();
  for (const { owner, examples } of declared) {
    for (const { path: example } of examples) {
      const other = declaredBy.get(example);
      if (other) problems.push(`${example}: ${owner} declares the example, which ${other} declares`);
      declaredBy.set(example, owner);
      const route = routeFor(example, routes);
      if (route === null) problems.push(`${example}: ${owner}'s example, which no page file under site/pages serves`);
      else opened.add(route);
    }
  }
  const excused = new Set<string>();
  for (const { owner, withoutExample } of declared) {
    for (const route of Object.keys(withoutExample)) {
      if (!fileOf.has(route)) problems.push(`${route}: ${owner}'s withoutExample names no page file`);
      else if (opened.has(route))
        problems.push(`site/pages/${fileOf.get(route)}: ${owner}'s withoutExample names it, yet an example opens it`);
      excused.add(route);
    }
  }
  for (const [route, file] of fileOf) {
    if (!opened.has(route) && !excused.has(route))
      problems.push(
        `site/pages/${file}: no page example opens it (its plugin's pages.examples, or the site's in tests/e2e/pages.ts; or say why in withoutExample)`,
      );
  }
  return problems;
}
