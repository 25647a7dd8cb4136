import { describe, expect, it } from 'vitest';
import { loadConfig, publicConfigOf } from './config.ts';

describe('ads configuration', () => {
  it('is null without a site id and a script: no ads, no ad-block notice', () => {
    expect(loadConfig({}).ads).toBeNull();
    expect(loadConfig({ AD_SITE_ID: '42' }).ads).toBeNull();
    expect(loadConfig({ AD_SCRIPT_URL: 'https://ads.example/ads.js', AD_SITE_ID: '' }).ads).toBeNull();
  });

  it('reaches pages with its probe and help manifest, both optional', () => {
    const config = loadConfig({ AD_SITE_ID: '42', AD_SCRIPT_URL: 'https://ads.example/ads.js' });
    expect(publicConfigOf(config).ads).toEqual({
      siteId: '42',
      scriptUrl: 'https://ads.example/ads.js',
      probeUrl: null,
      helpManifestUrl: null,
    });
    const full = loadConfig({
      AD_SITE_ID: '42',
      AD_SCRIPT_URL: 'https://ads.example/ads.js',
      AD_PROBE_URL: 'https://ads.example/pixel.gif',
      ADBLOCK_HELP_URL: 'https://storage.example/adblock.json',
    });
    expect(full.ads).toEqual({
      siteId: '42',
      scriptUrl: 'https://ads.example/ads.js',
      probeUrl: 'https://ads.example/pixel.gif',
      helpManifestUrl: 'https://storage.example/adblock.json',
    });
  });

  it('refuses URLs that are not URLs', () => {
    expect(() => loadConfig({ AD_SITE_ID: '42', AD_SCRIPT_URL: 'not a url' })).toThrow(/AD_SCRIPT_URL/);
  });
});
