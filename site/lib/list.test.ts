import { describe, expect, it } from 'vitest';
import { listHref, type PageSize, pageCount, pageWindow, rangeWords, readListState, sortHref } from './list.ts';

const defaults = { sorts: ['createdAt', 'username'] as const, sort: 'createdAt' as const, order: 'desc' as const };

describe('the admin list state in the URL', () => {
  it('reads page, size, sort and order, and falls back on anything it does not understand', () => {
    expect(readListState(new URLSearchParams('page=3&pageSize=50&sort=username&order=asc'), defaults)).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'username',
      order: 'asc',
    });
    expect(readListState(new URLSearchParams('page=-1&pageSize=7&sort=password&order=sideways'), defaults)).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
    });
    expect(readListState(new URLSearchParams('page=1e9'), defaults).page).toBe(1);
  });

  it('keeps the filters when it changes the page, and goes back to page 1 when anything else changes', () => {
    const url = new URL('https://diner.test/staff/admin/users?search=bob&page=4');
    expect(listHref(url, { page: 5 })).toBe('/staff/admin/users?search=bob&page=5');
    expect(listHref(url, { pageSize: 50 })).toBe('/staff/admin/users?search=bob&pageSize=50');
    expect(listHref(url, { search: undefined })).toBe('/staff/admin/users');
    expect(listHref(url, { page: 1 })).toBe('/staff/admin/users?search=bob');
  });

  it('sorts by a new column first in its natural order, and flips the order of the current one', () => {
    const url = new URL('https://diner.test/x?sort=username&order=asc');
    const state = readListState(url.searchParams, defaults);
    expect(sortHref(url, state, 'username')).toBe('/x?sort=username&order=desc');
    expect(sortHref(url, state, 'createdAt', 'desc')).toBe('/x?sort=createdAt&order=desc');
  });

  it('offers the first and last pages and two either side, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
  });

  it('says which rows are showing', async () => {
    const { listText } = await import('../i18n/list/index.ts');
    const t = listText('en');
    const users = (count: number) => (count === 0 ? 'No users' : `${count} ${count === 1 ? 'user' : 'users'}`);
    const range = (page: number, pageSize: PageSize, total: number) =>
      rangeWords({ page, pageSize }, total, users, (shown) => t('pager.showing', shown));
    expect(range(2, 25, 137)).toBe('Showing 26–50 of 137 users');
    expect(range(1, 25, 1)).toBe('1 user');
    expect(range(1, 25, 25)).toBe('25 users');
    expect(range(1, 10, 11)).toBe('Showing 1–10 of 11 users');
    expect(range(1, 25, 0)).toBe('No users');
    expect(range(9, 25, 30)).toBe('30 users');
  });
});

describe('rangeWords', () => {
  it("words the range and the count in the page's language", async () => {
    const { listText } = await import('../i18n/list/index.ts');
    const t = listText('fr');
    const items = (count: number) => (count === 0 ? 'Aucune commande' : `${count} commande${count > 1 ? 's' : ''}`);
    expect(rangeWords({ page: 2, pageSize: 25 }, 1370, items, (range) => t('pager.showing', range))).toBe(
      '26–50 sur 1370 commandes',
    );
    expect(rangeWords({ page: 1, pageSize: 25 }, 0, items, (range) => t('pager.showing', range))).toBe(
      'Aucune commande',
    );
  });
});
