import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, describe, expect, it } from 'vitest';

useTestStorageEngine();
const prefs = await import('./preferences.ts');

describe('browser preferences', () => {
  afterEach(() => cleanTestStorage());

  it('defaults: snow, countdown and sidebar on; sound effects off', () => {
    expect(prefs.sidebarActive.get()).toBe(true);
    expect(prefs.snowActive.get()).toBe(true);
    expect(prefs.festiveCountdown.get()).toBe(true);
    expect(prefs.soundEffects.get()).toBe(false);
    expect(Object.keys(prefs.orderFilter.get()).sort()).toEqual(['deliveryQueue', 'kitchenQueue']);
  });

  it('persists under the specification keys', () => {
    const off = prefs.snowActive.listen(() => {});
    prefs.sidebarActive.set(false);
    prefs.snowActive.set(false);
    prefs.festiveCountdown.set(false);
    prefs.soundEffects.set(true);
    const filter = { ...prefs.orderFilter.get() };
    prefs.orderFilter.set(filter);
    expect(getTestStorage()).toEqual({
      sidebarActive: 'false',
      'festive-snow': 'false',
      'festive-countdown': 'false',
      orderManager_soundEffects: 'true',
      orderManager_orderFilter: JSON.stringify(filter),
    });
    off();
  });

  it('reads stored values, and the default for a value that is not JSON', () => {
    setTestStorageKey('festive-snow', 'false');
    setTestStorageKey('festive-countdown', '{garbage');
    const off = [prefs.snowActive.listen(() => {}), prefs.festiveCountdown.listen(() => {})];
    expect(prefs.snowActive.get()).toBe(false);
    expect(prefs.festiveCountdown.get()).toBe(true);
    for (const f of off) f();
  });
});
