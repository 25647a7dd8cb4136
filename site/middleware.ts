import { defineMiddleware } from 'astro:middleware';
import { isBanActive, openToBanned } from '../core/shared/ban.ts';
import { checkPage } from './lib/route-guards.ts';

/**
 * The specification's route guards for server-rendered pages: userChecks (an active ban shows the ban page),
 * requiresAuth and hasPermissions. Prerendered pages get the ban check from the server (core/http/site.ts).
 */
export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const { pathname, search } = context.url;
  // Server islands (the user menu, the home page's live kitchen) render inside whatever page is shown, the ban page
  // included.
  if (pathname.startsWith('/_server-islands/')) return next();
  const user = context.locals.user;
  if (user?.ban && isBanActive(user.ban) && !openToBanned(pathname)) return context.rewrite(`/banned${search}`);
  const outcome = checkPage(pathname, search, user);
  if (outcome.kind !== 'pass') return context.redirect(outcome.location, 302);
  return next();
});
