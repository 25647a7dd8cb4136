import { describe, expect, it } from 'vitest';
import { type CoreContext, checkPluginOrder, createServices, definePlugin } from './plugin.ts';

const menu = definePlugin({ name: 'menu', service: () => ({ dishes: () => ['burger', 'fries'] }) });
const specials = definePlugin({
  name: 'specials',
  requires: [menu],
  // Typed by `requires`: no cast, and a plugin it does not require is not there to reach.
  service: (ctx) => ({ today: () => ctx.services.menu.dishes()[0] }),
});

describe('plugin composition', () => {
  it('builds the services in list order, each seeing those it requires', () => {
    const services: { specials?: { today: () => string } } = {};
    createServices([menu, specials], { services } as CoreContext);
    expect(services.specials?.today()).toBe('burger');
  });

  it('refuses a plugin listed before one it requires, naming both', () => {
    expect(() => checkPluginOrder([specials, menu])).toThrow(
      'Plugin "specials" requires "menu", which comes after it: list "menu" first',
    );
  });

  it('refuses a plugin that requires one missing from the list, naming both', () => {
    expect(() => createServices([specials], { services: {} } as CoreContext)).toThrow(
      'Plugin "specials" requires "menu", which is not in the plugin list',
    );
  });
});
