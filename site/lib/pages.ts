/**
 * Which site paths have a page. The specification names links to features that are built one issue at a time; an
 * entry whose page does not exist yet is not shown (the sidebar, the navbar, the footer, the user menu, the
 * dashboard), so no link leads to the 404 page, and each entry appears by itself the day its page is added.
 */
import { type BanInfo, isBanActive } from '../../core/shared/ban.ts';

/** `staff/admin/users/[id]/ban.astro` → a pattern for `/staff/admin/users/<anything>/ban`. */
export function routePattern(file: string): RegExp {
  const path = file
    .replace(/\.astro$/, '')
    .replace(/(^|\/)index$/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      /^\[\.\.\..+\]$/.test(segment)
        ? '.*'
        : /^\[.+\]$/.test(segment)
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^/${path}/?$`);
}

export function pageIndex(files: readonly string[]): (href: string) => boolean {
  const patterns = files.filter((file) => !/(^|\/)(404|500)\.astro$/.test(file)).map(routePattern);
  return (href) => {
    const path = new URL(href, 'https://diner.invalid').pathname;
    return patterns.some((pattern) => pattern.test(path));
  };
}

const files = Object.keys(import.meta.glob('../pages/**/*.astro')).map((key) => key.replace(/^\.\.\/pages\//, ''));

/** Whether this site has a page at `href` (path, query ignored). */
export const pageExists = pageIndex(files);

/**
 * Whether to link to /recruitment (the footer, the home page, Our Team): §2 says "link only when signed in". Not for
 * a banned user either: the ban refuses the page. The page itself stays public (a shared link still opens it).
 */
export function offersRecruitment(user: { ban: BanInfo | null } | null): boolean {
  return user !== null && !isBanActive(user.ban) && pageExists('/recruitment');
}
