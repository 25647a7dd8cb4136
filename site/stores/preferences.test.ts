import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

useTestStorageEngine();
const prefs = await import('./preferences.ts');

describe('browser preferences', () => {
  beforeAll(() => useTestStorageEngine());
  afterEach(() => cleanTestStorage());

  it('defaults: snow, countdown and sidebar on; sound effects off', () => {
    expect(prefs.sidebarActive.get()).toBe(true);
    expect(prefs.snowActive.get()).toBe(true);
    expect(prefs.festiveCountdown.get()).toBe(true);
    expect(prefs.soundEffects.get()).toBe(false);
    expect(prefs.orderFilter.get()).toEqual(prefs.DEFAULT_ORDER_FILTER);
  });

  it('persists under the specification keys', () => {
    const off = prefs.snowActive.listen(() => {});
    prefs.sidebarActive.set(false);
    prefs.snowActive.set(false);
    prefs.festiveCountdown.set(false);
    prefs.soundEffects.set(true);
    prefs.orderFilter.set({ ...prefs.DEFAULT_ORDER_FILTER, kitchenQueue: { status: 'mine', sort: 'newest', hideOthersClaimed: true } });
    expect(getTestStorage()).toEqual({
      sidebarActive: 'false',
      'festive-snow': 'false',
      'festive-countdown': 'false',
      orderManager_soundEffects: 'true',
      orderManager_orderFilter: JSON.stringify({
        kitchenQueue: { status: 'mine', sort: 'newest', hideOthersClaimed: true },
        deliveryQueue: prefs.DEFAULT_QUEUE_FILTER,
      }),
    });
    off();
  });

  it('reads stored values, and takes the default for values it did not write', () => {
    setTestStorageKey('festive-snow', 'false');
    setTestStorageKey('festive-countdown', 'garbage');
    const off = [prefs.snowActive.listen(() => {}), prefs.festiveCountdown.listen(() => {})];
    expect(prefs.snowActive.get()).toBe(false);
    expect(prefs.festiveCountdown.get()).toBe(true);
    off.forEach((f) => f());
  });

  it('decodes a damaged order filter field by field', () => {
    expect(prefs.decodeOrderFilter('{not json')).toEqual(prefs.DEFAULT_ORDER_FILTER);
    expect(prefs.decodeOrderFilter('{"deliveryQueue":{"status":"unclaimed","sort":"sideways"}}')).toEqual({
      kitchenQueue: prefs.DEFAULT_QUEUE_FILTER,
      deliveryQueue: { status: 'unclaimed', sort: 'oldest', hideOthersClaimed: false },
    });
  });
});
