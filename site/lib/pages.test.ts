import { describe, expect, it } from 'vitest';
import { offersRecruitment, pageExists, pageIndex, routePattern } from './pages.ts';

describe('which paths have a page', () => {
  it('turns page files into routes: index, dynamic segments, rest parameters', () => {
    expect(routePattern('index.astro').test('/')).toBe(true);
    expect(routePattern('staff/orders/index.astro').test('/staff/orders')).toBe(true);
    expect(routePattern('staff/admin/users/[id]/ban.astro').test('/staff/admin/users/123/ban')).toBe(true);
    expect(routePattern('staff/admin/users/[id]/ban.astro').test('/staff/admin/users/123/ban/x')).toBe(false);
    expect(routePattern('docs/[...slug].astro').test('/docs/a/b')).toBe(true);
  });

  it('answers for hrefs with queries, and never for the error pages', () => {
    const exists = pageIndex(['index.astro', 'team.astro', '404.astro', 'users/[id]/index.astro']);
    expect(exists('/team?x=1')).toBe(true);
    expect(exists('/users/@me')).toBe(true);
    expect(exists('/404')).toBe(false);
    expect(exists('/appeal')).toBe(false);
  });

  it('knows the real site: built pages yes, features not built yet no', () => {
    expect(pageExists('/staff/admin/users')).toBe(true);
    expect(pageExists('/staff/admin/users/1100000000000000002/ban')).toBe(true);
    expect(pageExists('/leaderboard')).toBe(true);
    expect(pageExists('/this-page-was-never-written')).toBe(false);
  });
});

describe('the recruitment link (§2: "link only when signed in")', () => {
  it('is offered to someone signed in, not to a visitor, nor to a banned user whom the page would refuse', () => {
    expect(offersRecruitment(null)).toBe(false);
    expect(offersRecruitment({ ban: null })).toBe(true);
    expect(offersRecruitment({ ban: { active: true, reason: 'x', expires: null } })).toBe(false);
    expect(offersRecruitment({ ban: { active: true, reason: 'x', expires: new Date(Date.now() - 1000) } })).toBe(true);
  });
});
