import { defineMiddleware } from 'astro:middleware';
import { isBanActive, openToBanned } from '../core/shared/ban.ts';
import { errorStatusOf } from './lib/error-page.ts';
import { checkPage } from './lib/route-guards.ts';

/**
 * The specification's route guards for server-rendered pages: userChecks (an active ban shows the ban page),
 * requiresAuth and hasPermissions (for a few pages by asking a service about the row the path names), from the site's
 * own guards and those of the plugins the server runs (route-guards.ts).
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
  const outcome = await checkPage(pathname, search, user, context.locals);
  if (outcome.kind !== 'pass') return context.redirect(outcome.location, 302);
  try {
    return await next();
  } catch (error) {
    // A service's refusal that a page let through (a DomainError: 404, 409, 503…) is the error page answered with
    // that status: Astro answers its error route with 500 whatever was thrown. Anything else (a bug) goes on to
    // Astro, which logs it and renders site/pages/500.astro as a 500.
    const status = errorStatusOf(error);
    if (status === null) throw error;
    context.locals.pageError = error;
    const page = await context.rewrite('/500');
    return new Response(page.body, { status, headers: page.headers });
  }
});
