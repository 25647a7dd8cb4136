import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicAccess } from '../auth/guards.ts';
import type { Config } from '../config.ts';
import { isBanActive, openToBanned } from '../shared/ban.ts';
import { compressHtml, headerOf, removeHeader } from './compress.ts';
import { type CspConfig, contentSecurityPolicy, hashesFromAstroPolicy, mergeHashes, type PageHashes } from './csp.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => unknown,
  locals?: object,
) => Promise<void>;

export interface BuiltSite {
  clientDir: string;
  handler: AstroHandler;
  files: string[];
  /**
   * The inline script and style hashes Astro computed for each prerendered page, by page path (`/`, `/privacy`,
   * `/404`), from dist/_headers.json (`security.csp` with the node adapter's `staticHeaders`).
   */
  pageHashes: Map<string, PageHashes>;
}

const COMPRESSED = /\.(br|gz)$/;
/** The server-rendered page shown instead of any other to a banned user (site/pages/banned.astro). */
const BAN_PAGE = '/banned';

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else if (!COMPRESSED.test(entry.name)) out.push(rel);
  }
  return out;
}

/** Loads the Astro build (`astro build` with @astrojs/node in middleware mode); null when the site is not built. */
export async function loadBuiltSite(distDir: string): Promise<BuiltSite | null> {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  const clientDir = path.join(distDir, 'client');
  if (!existsSync(entry) || !existsSync(clientDir)) return null;
  const mod = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  return {
    clientDir,
    handler: mod.handler,
    files: await listFiles(clientDir),
    pageHashes: await readPageHashes(distDir),
  };
}

interface StaticHeaders {
  pathname: string;
  headers: { key: string; value: string }[];
}

async function readPageHashes(distDir: string): Promise<Map<string, PageHashes>> {
  const file = path.join(distDir, '_headers.json');
  const hashes = new Map<string, PageHashes>();
  if (!existsSync(file)) return hashes;
  for (const page of JSON.parse(await readFile(file, 'utf8')) as StaticHeaders[]) {
    const policy = page.headers.find((h) => h.key.toLowerCase() === 'content-security-policy')?.value;
    hashes.set(page.pathname, hashesFromAstroPolicy(policy));
  }
  return hashes;
}

/** The page path Astro names a built file by: `team/index.html` is `/team`, `404.html` is `/404`. */
export function pagePathForFile(file: string): string {
  if (file === 'index.html') return '/';
  return `/${file.replace(/(\/index)?\.html$/, '')}`;
}

/** The URL paths a built file answers: `team/index.html` is `/team` and `/team/`; `index.html` is `/`. */
export function routesForFile(file: string): string[] {
  if (file === 'index.html') return ['/'];
  if (file.endsWith('/index.html')) {
    const dir = `/${file.slice(0, -'/index.html'.length)}`;
    return [dir, `${dir}/`];
  }
  return [`/${file}`];
}

/**
 * The path part of a request's URL as the browser sent it, for the error page (specification §2: status, message
 * and the route path). Pages read it as `Astro.locals.requestedPath`: Astro's own URL is the ban page's after the
 * swap below, and a middleware rewrite's origin path gains a trailing slash.
 */
export function requestedPath(rawUrl: string | undefined): string {
  const url = rawUrl ?? '/';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function queryOf(rawUrl: string | undefined): string {
  const start = rawUrl?.indexOf('?') ?? -1;
  return start === -1 ? '' : rawUrl!.slice(start);
}

/** Headers that only mean something on a document. */
const PAGE_HEADERS: [string, string][] = [
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
];

function cacheControlFor(file: string): string {
  // Hashed build output never changes under the same name.
  if (file.startsWith('_astro/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html') || file === 'sw.js') return 'no-cache';
  return 'public, max-age=3600';
}

/** Where Astro writes hashed build output (scripts, styles, images): one route serves them all. */
const HASHED_DIR = '_astro/';

/** The routes of one built file (a page at its paths, any other file at its own): sent as built, with its headers. */
function registerBuiltFile(
  app: FastifyInstance,
  file: string,
  policyOf: (pagePath: string) => string,
  renderPage: RenderPage,
): void {
  const isPage = file.endsWith('.html');
  const cacheControl = cacheControlFor(file);
  const pagePath = pagePathForFile(file);
  const policy = isPage ? policyOf(pagePath) : null;
  for (const url of routesForFile(file)) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      // Pages may show who is signed in (server islands, ban checks); assets never need the session. In metrics
      // a page is its path, and every other file one name: hashed names change with each build.
      config: { session: isPage, ...(isPage ? {} : { metricsRoute: 'static' }) },
      onRequest: publicAccess,
      handler: (request, reply) => {
        // userChecks for static pages: a banned user gets the ban page, rendered by Astro, instead of the file.
        if (isPage && request.user?.ban && isBanActive(request.user.ban) && !openToBanned(url)) {
          // The error page shows the path asked for, not the ban page's; the query goes along (?error=…).
          const asked = requestedPath(request.raw.url);
          request.raw.url = `${BAN_PAGE}${queryOf(request.raw.url)}`;
          return renderPage(request, reply, asked);
        }
        reply.header('cache-control', cacheControl);
        if (isPage) for (const [name, value] of PAGE_HEADERS) reply.header(name, value);
        if (policy) reply.header('content-security-policy', policy);
        if (file === '404.html') reply.code(404);
        return reply.sendFile(file, { cacheControl: false });
      },
    });
  }
}

/** Hands a request to Astro, which writes the raw response itself. */
type RenderPage = (request: FastifyRequest, reply: FastifyReply, asked?: string) => Promise<void>;

function pageRenderer(
  site: BuiltSite,
  config: CspConfig,
  makeLocals: (request: FastifyRequest) => object,
  everyPageHash: ReturnType<typeof mergeHashes>,
): RenderPage {
  return async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    asked = requestedPath(request.raw.url),
  ): Promise<void> {
    reply.hijack();
    for (const [name, value] of PAGE_HEADERS) reply.raw.setHeader(name, value);
    // As a built page's: checked with the server on every use. A page that may be cached longer says so itself
    // (Astro's headers win over these).
    reply.raw.setHeader('cache-control', 'no-cache');
    // A page is in its reader's language (their setting or choice, in cookies, else Accept-Language) and shows who is
    // signed in: a shared cache keeps one copy per both.
    reply.raw.setHeader('vary', 'Cookie, Accept-Language');
    // Reply headers set by hooks (a renewed or cleared session cookie) must reach the raw response.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
    }
    withPagePolicy(reply.raw, (astroPolicy) => {
      const pathname = (request.raw.url ?? '/').split('?')[0]!;
      return contentSecurityPolicy(config, pathname, astroPolicy ? hashesFromAstroPolicy(astroPolicy) : everyPageHash);
    });
    // Pages and island answers rendered on request are compressed here; built files were compressed at build time.
    compressHtml(request.raw, reply.raw);
    const locals = { ...makeLocals(request), requestedPath: asked };
    // A path no page answers: Astro's adapter would render the 404 page without `locals` (its banner and user menu
    // need them), so it is handed back here and rendered as the page `/404`, with them (site/pages/404.astro).
    const notFound = () => {
      request.raw.url = `/404${queryOf(request.raw.url)}`;
      return site.handler(request.raw, reply.raw, undefined, locals);
    };
    await site.handler(request.raw, reply.raw, notFound, locals);
  };
}

/**
 * Serves the site from the same Fastify instance as the API: each prerendered page and each other built file outside
 * `_astro/` gets its own route, and the hashed build output one route of its own, `/_astro/*`, which answers the
 * files the build made (a set, looked up per request) and hands any other name to Astro's 404 page. A route for each
 * of the hundred-odd hashed files made the router build a node for each long name at every start (about 8–20 ms of a
 * start; bench/NOTES.md "Cold start: …, one route for the hashed files"). Every other path goes to Astro's SSR
 * handler with `locals` (the user and the services), which renders the 404 page when no page matches.
 */
export async function registerSite(
  app: FastifyInstance,
  site: BuiltSite,
  config: CspConfig & Pick<Config, 'publicUrl'>,
  makeLocals: (request: FastifyRequest) => object,
): Promise<void> {
  await app.register(fastifyStatic, { root: site.clientDir, serve: false, preCompressed: true });
  // A page Astro renders without a policy of its own (a prerendered error page shown for another path) may carry
  // any of the site's own inline scripts: it gets all their hashes, and still nothing anyone else wrote.
  const everyPageHash = mergeHashes(...site.pageHashes.values());
  const hashedFiles = new Set(site.files.filter((file) => file.startsWith(HASHED_DIR)));
  const renderPage = pageRenderer(site, config, makeLocals, everyPageHash);
  app.route({
    method: ['GET', 'HEAD'],
    url: `/${HASHED_DIR}*`,
    config: { session: false, metricsRoute: 'static' },
    onRequest: publicAccess,
    handler: (request, reply) => {
      const file = `${HASHED_DIR}${(request.params as { '*': string })['*']}`;
      if (!hashedFiles.has(file)) return renderPage(request, reply);
      reply.header('cache-control', cacheControlFor(file));
      return reply.sendFile(file, { cacheControl: false });
    },
  });
  const policyOf = (pagePath: string) =>
    contentSecurityPolicy(config, pagePath, site.pageHashes.get(pagePath) ?? everyPageHash);
  for (const file of site.files) {
    if (!hashedFiles.has(file)) registerBuiltFile(app, file, policyOf, renderPage);
  }
  await app.register(async (pages) => {
    // A page's form (the language pickers' POST /language) is read by Astro from the request itself: Fastify leaves
    // its body alone, in this scope only (the API takes JSON).
    pages.addContentTypeParser('application/x-www-form-urlencoded', (_request, _body, done) => done(null));
    pages.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', onRequest: publicAccess, handler: renderPage });
  });
}

/**
 * Astro writes a rendered answer with `writeHead(status, headers)`, its own Content-Security-Policy among them:
 * an HTML answer's policy becomes ours (`policyFor` gets Astro's, for its hashes), on every page and island.
 */
function withPagePolicy(res: ServerResponse, policyFor: (astroPolicy: string | undefined) => string): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as
      | OutgoingHttpHeaders
      | undefined;
    if (/^text\/html\b/i.test(headerOf(headers, res, 'content-type') ?? '')) {
      const astroPolicy = headerOf(headers, res, 'content-security-policy');
      removeHeader(headers, res, 'content-security-policy');
      res.setHeader('content-security-policy', policyFor(astroPolicy));
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
}
