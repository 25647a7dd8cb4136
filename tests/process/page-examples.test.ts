import { describe, expect, it } from 'vitest';
import { DECLARED_PAGES, type DeclaredPages } from '../e2e/pages.ts';
import { pageExampleProblems, pageFiles, routeFor } from '../support/page-examples.ts';

/**
 * Issue 41: the lists that walk every page (the route matrix, the every-page checks, the pictures) come from the
 * plugins' definitions (`pages.examples`) and the site's own (tests/e2e/pages.ts). This holds them to the page files:
 * every page file under site/pages is opened by an example (or its declarer says why not), and every example is
 * served by a page file.
 */
describe('page examples', () => {
  it('cover every page file under site/pages, and each is served by one', () => {
    expect(pageExampleProblems(pageFiles(), DECLARED_PAGES)).toEqual([]);
  });

  it('name the page file without an example, the example without a page file, and what is declared twice', () => {
    const files = [
      '404.astro',
      'index.astro',
      'things/index.astro',
      'things/[id].astro',
      'things/[id]/edit.astro',
      'orphan.astro',
      'docs/[...slug].astro',
      '_partial.astro',
    ];
    const declared: DeclaredPages[] = [
      { owner: 'the site', examples: [{ path: '/', opens: 'anonymous' }], withoutExample: {} },
      {
        owner: 'plugin "things"',
        examples: [
          { path: '/things', opens: 'customer' },
          { path: '/things/12', opens: 'chef' },
          { path: '/docs/a/b', opens: 'anonymous' },
          { path: '/nowhere/1', opens: 'superAdmin' },
          { path: '/', opens: 'anonymous' },
        ],
        withoutExample: { '/things/[id]/edit': 'only its author', '/things/[id]': 'stale', '/gone': 'stale' },
      },
    ];
    expect(pageExampleProblems(files, declared)).toEqual([
      `/nowhere/1: plugin "things"'s example, which no page file under site/pages serves`,
      '/: plugin "things" declares the example, which the site declares',
      'site/pages/things/[id].astro: plugin "things"\'s withoutExample names it, yet an example opens it',
      `/gone: plugin "things"'s withoutExample names no page file`,
      "site/pages/orphan.astro: no page example opens it (its plugin's pages.examples, or the site's in tests/e2e/pages.ts; or say why in withoutExample)",
    ]);
  });

  it('route a path as Astro does: a word before a parameter before a rest parameter', () => {
    const routes = ['/users/[id]', '/users/@me', '/docs/[...slug]', '/docs/intro', '/[page]'];
    expect(routeFor('/users/@me', routes)).toBe('/users/@me');
    expect(routeFor('/users/12', routes)).toBe('/users/[id]');
    expect(routeFor('/docs/intro', routes)).toBe('/docs/intro');
    expect(routeFor('/docs/a/b', routes)).toBe('/docs/[...slug]');
    expect(routeFor('/docs', routes)).toBe('/docs/[...slug]');
    expect(routeFor('/about', routes)).toBe('/[page]');
    expect(routeFor('/users/12/more', routes)).toBeNull();
  });
});
