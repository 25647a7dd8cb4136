/**
 * The admin list pattern's state (docs/site-patterns.md): page, page size and sort live in the URL next to the
 * list's own filters, so a list can be bookmarked, shared and reloaded, and the back button goes back a page.
 * Pure functions: components/list/* render them, and the pages hand the state to their service, which pages in the
 * database.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export type SortOrder = 'asc' | 'desc';

export interface ListState<Sort extends string = string> {
  page: number;
  pageSize: PageSize;
  sort: Sort;
  order: SortOrder;
}

export interface ListDefaults<Sort extends string> {
  sorts: readonly Sort[];
  sort: Sort;
  order: SortOrder;
  pageSize?: PageSize;
}

/** Reads `page`, `pageSize`, `sort` and `order`; anything it does not understand falls back to the default. */
export function readListState<Sort extends string>(
  params: URLSearchParams,
  defaults: ListDefaults<Sort>,
): ListState<Sort> {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number(params.get('pageSize'));
  const sort = params.get('sort') as Sort | null;
  const order = params.get('order');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : (defaults.pageSize ?? 25),
    sort: sort && defaults.sorts.includes(sort) ? sort : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
  };
}

/** The last page there is (1 when the list is empty). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The same list with some parameters changed (`undefined` removes one). Changing anything but the page goes back to
 * page 1: the old page number means nothing in a differently filtered or sorted list.
 */
export function listHref(url: URL, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(url.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  if (!('page' in changes)) params.delete('page');
  if (params.get('page') === '1') params.delete('page');
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** A column header's link: sorts by this column, or flips the order when it already does. */
export function sortHref<Sort extends string>(
  url: URL,
  state: ListState<Sort>,
  column: Sort,
  firstOrder: SortOrder = 'asc',
): string {
  const order: SortOrder = state.sort === column ? (state.order === 'asc' ? 'desc' : 'asc') : firstOrder;
  return listHref(url, { sort: column, order });
}

/** Page numbers to offer: the first, the last, and two either side of the current one; `null` marks a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && p - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/** The rows a page shows out of the total: the range (26 to 50), or null when every row fits on it (or none). */
export function shownRange(
  state: Pick<ListState, 'page' | 'pageSize'>,
  total: number,
): { first: number; last: number } | null {
  const first = (state.page - 1) * state.pageSize + 1;
  if (total === 0 || total <= state.pageSize || first > total) return null;
  return { first, last: Math.min(total, state.page * state.pageSize) };
}

/**
 * "Showing 26–50 of 137 users", or "12 users" when they all fit on one page: `items` words a count in the page's
 * language (`{count, plural, =0 {No users} one {# user} other {# users}}`), `showing` the range around it.
 */
export function rangeWords(
  state: Pick<ListState, 'page' | 'pageSize'>,
  total: number,
  items: (count: number) => string,
  showing: (range: { first: number; last: number; items: string }) => string,
): string {
  const range = shownRange(state, total);
  return range ? showing({ ...range, items: items(total) }) : items(total);
}
