import { defineMiddleware } from 'astro:middleware';
import { isBanActive, openToBanned } from '../core/shared/ban.ts';
import { checkPage } from './lib/route-guards.ts';

/**
 * The specification's route guards for server-rendered pages: userChecks (an active ban shows the ban page),
 * requiresAuth and hasPermissions (for a few pages by asking a service about the row the path names: route-guards.ts).
 * Prerendered pages get the ban check from the server (core/http/site.ts).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { pathname, search } = context.url;
  // Server islands (the user menu, the home page's live kitchen) render inside whatever page is shown, the ban page
  // included.
  if (pathname.startsWith('/_server-islands/')) return next();
  const user = context.locals.user;
  if (user?.ban && isBanActive(user.ban) && !openToBanned(pathname)) return context.rewrite(`/banned${search}`);
  const outcome = await checkPage(pathname, search, user, context.locals.services);
  if (outcome.kind !== 'pass') return context.redirect(outcome.location, 302);
  return next();
});
