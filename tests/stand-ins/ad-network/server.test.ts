import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST, startAdNetworkStandIn, type AdNetworkStandIn } from './server.ts';

describe('ad network stand-in', () => {
  let standIn: AdNetworkStandIn;
  beforeAll(async () => {
    standIn = await startAdNetworkStandIn();
  });
  afterAll(() => standIn.close());

  it('serves the script, the pixel and the manifest', async () => {
    const script = await fetch(standIn.env.AD_SCRIPT_URL);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('createAd');
    const pixel = await fetch(standIn.env.AD_PROBE_URL);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    expect(await (await fetch(standIn.env.ADBLOCK_HELP_URL)).json()).toEqual(MANIFEST);
  });

  it('fails the script and the pixel when blocked, not the manifest', async () => {
    standIn.setBlocked(true);
    await expect(fetch(standIn.env.AD_PROBE_URL)).rejects.toThrow();
    await expect(fetch(standIn.env.AD_SCRIPT_URL)).rejects.toThrow();
    expect((await fetch(standIn.env.ADBLOCK_HELP_URL)).status).toBe(200);
    standIn.setBlocked(false);
    expect((await fetch(standIn.env.AD_PROBE_URL)).status).toBe(200);
  });

  it('installs a consent framework only when asked', async () => {
    expect(await (await fetch(standIn.env.AD_SCRIPT_URL)).text()).not.toContain('__tcfapi');
    standIn.setConsentFramework(true);
    expect(await (await fetch(standIn.env.AD_SCRIPT_URL)).text()).toContain('__tcfapi');
  });
});
