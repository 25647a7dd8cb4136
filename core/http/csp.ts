import type { Config } from '../config.ts';

/**
 * The site's one Content-Security-Policy (docs/architecture.md, "Security"). Astro computes the hashes of every
 * inline script and style it writes (`security.csp` in astro.config.mjs: the island loaders, the server-island
 * runtime, small hoisted scripts); this module writes everything else, from the configuration, so that the policy
 * a page gets is the same whether the page was prerendered or rendered on request.
 */

/** Where user avatars and rank icons come from (site/lib/avatar.ts). */
export const DISCORD_CDN = 'https://cdn.discordapp.com';

/**
 * The parts of the configuration the policy depends on, and `imageOrigins`: the origins of pictures any page may
 * show that plugins contribute (their definitions' `imageOrigins`, such as an image host).
 */
export type CspConfig = Pick<Config, 'publicUrl' | 'ads' | 'adHosts'> & { imageOrigins: readonly string[] };

export interface PageHashes {
  /** `sha256-…` sources (without quotes) for inline scripts. */
  scripts: readonly string[];
  /** `sha256-…` sources (without quotes) for inline style elements. */
  styles: readonly string[];
}

export const NO_HASHES: PageHashes = { scripts: [], styles: [] };

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The gateway's WebSocket on our own origin (`'self'` covers it in CSP 3 browsers; older ones need it named). */
function gatewayOrigin(publicUrl: string): string | null {
  const origin = originOf(publicUrl);
  return origin ? origin.replace(/^http/, 'ws') : null;
}

function unique(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}

/**
 * Staff pages show pictures that are https: links to any host (a chef pastes them or picks them from the image
 * search): there img-src is `'self' https:`. Every other page shows only our own files, Discord avatars and pictures
 * on the origins plugins name (`imageOrigins`).
 */
export function showsOrderPictures(pathname: string): boolean {
  return pathname === '/staff' || pathname.startsWith('/staff/');
}

/** The policy for one page: `pathname` decides img-src, `hashes` are the page's inline scripts and styles. */
export function contentSecurityPolicy(config: CspConfig, pathname: string, hashes: PageHashes = NO_HASHES): string {
  const ads = config.ads;
  // The ad network and the consent framework it brings: their script's origin, the probe pixel's, the help
  // manifest's and whatever else AD_HOSTS names, only when an ad network is configured.
  const adHosts = ads ? unique([originOf(ads.scriptUrl), originOf(ads.probeUrl), ...config.adHosts]) : [];
  const helpManifest = ads ? originOf(ads.helpManifestUrl) : null;
  const quoted = (list: readonly string[]) => list.map((hash) => `'${hash}'`);
  // Order pictures (staff pages) and store item pictures (/store) may come from any https host a manager chose; the
  // ad network's hosts stay listed beside https: (its probe pixel may be plain http, as the stand-in's is).
  const images =
    showsOrderPictures(pathname) || pathname === '/store'
      ? unique(["'self'", 'https:', ...adHosts, helpManifest])
      : unique(["'self'", DISCORD_CDN, ...config.imageOrigins.map(originOf), ...adHosts, helpManifest]);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...quoted(hashes.scripts), ...adHosts]],
    ['style-src', ["'self'", ...quoted(hashes.styles)]],
    // Rank colours are style attributes (RankBadge, the team page); an attribute cannot load or run anything.
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', images],
    ['connect-src', unique(["'self'", gatewayOrigin(config.publicUrl), ...adHosts, helpManifest])],
    ['frame-src', ads ? adHosts : ["'none'"]],
    ['font-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

const HASH = /'(sha(?:256|384|512)-[A-Za-z0-9+/=]+)'/g;

function hashesIn(directive: string | undefined): string[] {
  return directive ? [...directive.matchAll(HASH)].map((m) => m[1]!) : [];
}

/** The hashes in a policy Astro wrote (its script-src and style-src), for the policy above. */
export function hashesFromAstroPolicy(policy: string | null | undefined): PageHashes {
  if (!policy) return NO_HASHES;
  const directives = new Map<string, string>();
  for (const part of policy.split(';')) {
    const name = part.trim().split(/\s+/, 1)[0]?.toLowerCase();
    if (name) directives.set(name, part);
  }
  return {
    scripts: unique([...hashesIn(directives.get('script-src')), ...hashesIn(directives.get('script-src-elem'))]),
    styles: unique([...hashesIn(directives.get('style-src')), ...hashesIn(directives.get('style-src-elem'))]),
  };
}

/** Two pages' hashes together. */
export function mergeHashes(...all: PageHashes[]): PageHashes {
  return { scripts: unique(all.flatMap((h) => h.scripts)), styles: unique(all.flatMap((h) => h.styles)) };
}
