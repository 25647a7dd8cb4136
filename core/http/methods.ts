import type { DomainError } from '../errors.ts';
import { localizedError } from '../i18n/catalogue.ts';
import { httpText } from './i18n/index.ts';
import type { RouteEntry } from './routes.ts';

/** A route's URL pattern cut into segments: a fixed word, or a parameter's name (`:id` → `{ param: 'id' }`). */
type Segment = string | { param: string };

interface Pattern {
  url: string;
  segments: Segment[];
  methods: readonly string[];
  /** The route's path parameters' schema: a value it refuses means the route does not serve that path. */
  params: RouteEntry['schema']['params'];
}

const segmentsOf = (url: string): Segment[] =>
  url
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? { param: segment.slice(1) } : segment));

/** The path's values for the pattern's parameters, or null when the path does not fit it. */
function valuesFitting(pattern: Pattern, path: readonly string[]): Record<string, string> | null {
  if (pattern.segments.length !== path.length) return null;
  const values: Record<string, string> = {};
  for (let i = 0; i < path.length; i++) {
    const segment = pattern.segments[i]!;
    if (typeof segment === 'string') {
      if (segment !== path[i]) return null;
    } else values[segment.param] = path[i]!;
  }
  return values;
}

/** Whether every path `narrow` fits, `wide` fits too, and `wide` has a parameter where `narrow` has a fixed word. */
function shadows(narrow: Pattern, wide: Pattern): boolean {
  if (narrow.segments.length !== wide.segments.length) return false;
  let wider = false;
  for (let i = 0; i < narrow.segments.length; i++) {
    const [n, w] = [narrow.segments[i]!, wide.segments[i]!];
    if (typeof w === 'string' && n !== w) return false;
    if (typeof w !== 'string' && typeof n === 'string') wider = true;
  }
  return wider;
}

/**
 * Which methods a path has, for 405 answers with `Allow` (RFC 9110 §15.5.6): the methods of every route whose pattern
 * fits the path with values its path schema takes (wildcard routes aside). So `DELETE /api/client/settings` answers
 * 405 `Allow: GET, HEAD`; `GET /api/client/settings/teamsEnabled` is served by `GET /api/client/settings/:key`, and
 * `Allow` there lists GET beside POST; `DELETE /api/client/objectives/audience` is 405, since `audience` is not an
 * id `DELETE /api/client/objectives/:id` would take, where it used to be that route's 400. A path with no method is
 * not a resource: 404.
 */
export class ResourceMethods {
  readonly #entries: readonly RouteEntry[];
  #patterns: Pattern[] | null = null;
  /** Parametric routes (by URL) whose pattern covers a more specific route's: only they check their path values. */
  #shadowing = new Set<string>();

  constructor(entries: readonly RouteEntry[]) {
    this.#entries = entries;
  }

  /** The methods the path has, sorted; empty when none. Read once every route is registered (built at first use). */
  methodsOf(url: string): string[] {
    const path = splitPath(url);
    const methods = new Set<string>();
    for (const pattern of this.#all()) {
      const values = valuesFitting(pattern, path);
      if (values && (!pattern.params || pattern.params.safeParse(values).success))
        for (const method of pattern.methods) methods.add(method);
    }
    return [...methods].sort();
  }

  /**
   * For a request the router gave to the parametric route `url` with these path values: the methods the path has
   * when the route does not serve it (its schema refuses the values, the path names a more specific resource, and
   * the method is not among the path's), else null: the route serves it, or answers its own 400.
   */
  refusedMethods(method: string, url: string, request: { url: string; params: unknown }, params: Pattern['params']) {
    this.#all();
    if (!this.#shadowing.has(url) || !params || params.safeParse(request.params).success) return null;
    const methods = this.methodsOf(request.url);
    return methods.length > 0 && !methods.includes(method) ? methods : null;
  }

  #all(): Pattern[] {
    if (this.#patterns) return this.#patterns;
    this.#patterns = this.#entries
      .filter((entry) => !entry.url.includes('*'))
      .map((entry) => ({
        url: entry.url,
        segments: segmentsOf(entry.url),
        methods: entry.methods,
        params: entry.schema.params,
      }));
    for (const wide of this.#patterns) {
      if (this.#patterns.some((narrow) => shadows(narrow, wide))) this.#shadowing.add(wide.url);
    }
    return this.#patterns;
  }
}

/** The path's segments, without its query, each as the router compares it (percent-decoded). */
function splitPath(url: string): string[] {
  return url
    .split('?')[0]!
    .split('/')
    .slice(1)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** 405 for a method the path does not have (whoever answers it sets `Allow` to `methods`). */
export function methodNotAllowed(method: string, url: string, methods: readonly string[]): DomainError {
  return localizedError(httpText, 'method_not_allowed', 'error.methodNotAllowed', {
    method,
    path: url.split('?')[0] ?? '',
    methods: methods.join(', '),
  });
}
