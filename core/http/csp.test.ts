import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentSecurityPolicy, hashesFromAstroPolicy, mergeHashes } from './csp.ts';

/** The policy's configuration: core's from `env`, and the picture origins plugins would contribute. */
const cspConfig = (env: Record<string, string> = {}, imageOrigins: string[] = []) => ({
  ...loadConfig(env),
  imageOrigins,
});

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const ADS = {
  AD_SITE_ID: '42',
  AD_SCRIPT_URL: 'https://s.ads.example/ads.js',
  AD_PROBE_URL: 'https://pixel.ads.example/p.gif',
  ADBLOCK_HELP_URL: 'https://help.example/manifest.json',
};

describe('contentSecurityPolicy', () => {
  it('runs only our own scripts: self and the page hashes, never unsafe-inline or eval', () => {
    const policy = directives(
      contentSecurityPolicy(cspConfig({}), '/', { scripts: ['sha256-abc='], styles: ['sha256-def='] }),
    );
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'sha256-def='"]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
  });

  it('connects to our own origin and the gateway WebSocket on it', () => {
    expect(
      directives(contentSecurityPolicy(cspConfig({ PUBLIC_URL: 'https://diner.example' }), '/')).get('connect-src'),
    ).toEqual(["'self'", 'wss://diner.example']);
    expect(directives(contentSecurityPolicy(cspConfig({ PORT: '4321' }), '/')).get('connect-src')).toEqual([
      "'self'",
      'ws://localhost:4321',
    ]);
  });

  it('shows our files, Discord avatars and the plugins’ picture origins (an image host) on public pages, and https: order pictures on staff pages', () => {
    const config = cspConfig({}, ['https://api.images.example/3']);
    expect(directives(contentSecurityPolicy(config, '/leaderboard')).get('img-src')).toEqual([
      "'self'",
      'https://cdn.discordapp.com',
      'https://api.images.example',
    ]);
    expect(directives(contentSecurityPolicy(cspConfig({}), '/users/1100000000000000002')).get('img-src')).toEqual([
      "'self'",
      'https://cdn.discordapp.com',
    ]);
    for (const path of ['/staff/orders', '/staff/orders/abc', '/staff/admin/order-history/1']) {
      expect(directives(contentSecurityPolicy(config, path)).get('img-src'), path).toEqual(["'self'", 'https:']);
    }
    expect(directives(contentSecurityPolicy(config, '/staffroom')).get('img-src')).not.toContain('https:');
    // Store item pictures: any https address a manager chose, on /store only.
    expect(directives(contentSecurityPolicy(config, '/store')).get('img-src')).toEqual(["'self'", 'https:']);
    // With an ad network on plain http (a local stand-in), its probe pixel still loads there.
    const local = cspConfig({
      AD_SITE_ID: '1',
      AD_SCRIPT_URL: 'http://127.0.0.1:9/ads.js',
      AD_PROBE_URL: 'http://127.0.0.1:9/pixel.gif',
    });
    for (const path of ['/store', '/staff/orders'])
      expect(directives(contentSecurityPolicy(local, path)).get('img-src'), path).toEqual([
        "'self'",
        'https:',
        'http://127.0.0.1:9',
      ]);
  });

  it('names no ad or consent host while no ad network is configured, even with AD_HOSTS set', () => {
    const policy = contentSecurityPolicy(
      cspConfig({ AD_HOSTS: 'https://cmp.example', AD_PROBE_URL: 'https://pixel.ads.example/p.gif' }),
      '/',
    );
    expect(policy).not.toMatch(/example/);
  });

  it('allows the ad network, its probe, its help manifest and AD_HOSTS once configured', () => {
    const policy = directives(
      contentSecurityPolicy(cspConfig({ ...ADS, AD_HOSTS: 'https://cmp.example, https://frames.ads.example' }), '/', {
        scripts: ['sha256-abc='],
        styles: [],
      }),
    );
    const adHosts = [
      'https://s.ads.example',
      'https://pixel.ads.example',
      'https://cmp.example',
      'https://frames.ads.example',
    ];
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-abc='", ...adHosts]);
    expect(policy.get('frame-src')).toEqual(adHosts);
    expect(policy.get('img-src')).toEqual(["'self'", 'https://cdn.discordapp.com', ...adHosts, 'https://help.example']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost:4321', ...adHosts, 'https://help.example']);
  });

  it('refuses an AD_HOSTS entry that is not an origin', () => {
    expect(() => loadConfig({ ...ADS, AD_HOSTS: 'https://cmp.example/path' })).toThrow(/AD_HOSTS/);
    expect(() => loadConfig({ ...ADS, AD_HOSTS: "'unsafe-inline'" })).toThrow(/AD_HOSTS/);
    expect(() => loadConfig({ ...ADS, AD_HOSTS: 'javascript:alert(1)' })).toThrow(/AD_HOSTS/);
  });
});

describe('hashesFromAstroPolicy', () => {
  it('takes the script and style hashes of the policy Astro wrote', () => {
    const astro =
      "script-src 'self' 'sha256-a+b/c=' 'sha384-x='; style-src 'self' 'sha256-s='; img-src https://evil.example";
    expect(hashesFromAstroPolicy(astro)).toEqual({ scripts: ['sha256-a+b/c=', 'sha384-x='], styles: ['sha256-s='] });
    expect(hashesFromAstroPolicy(undefined)).toEqual({ scripts: [], styles: [] });
  });

  it('keeps nothing but hashes: a source Astro or anyone else added does not reach our policy', () => {
    expect(hashesFromAstroPolicy("script-src 'self' 'unsafe-inline' https://evil.example 'sha256-a='")).toEqual({
      scripts: ['sha256-a='],
      styles: [],
    });
  });

  it('merges pages without repeating a hash', () => {
    expect(
      mergeHashes(
        { scripts: ['sha256-a='], styles: [] },
        { scripts: ['sha256-a=', 'sha256-b='], styles: ['sha256-c='] },
      ),
    ).toEqual({ scripts: ['sha256-a=', 'sha256-b='], styles: ['sha256-c='] });
  });
});
