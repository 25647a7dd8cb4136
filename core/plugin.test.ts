import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Config, definePluginConfig, loadConfig } from './config.ts';
import { type CoreContext, checkPluginOrder, createServices, definePlugin } from './plugin.ts';

const menu = definePlugin({ name: 'menu', service: () => ({ dishes: () => ['burger', 'fries'] }) });
const specials = definePlugin({
  name: 'specials',
  requires: [menu],
  // Typed by `requires`: no cast, and a plugin it does not require is not there to reach.
  service: (ctx) => ({ today: () => ctx.services.menu.dishes()[0] }),
});

/** A context with only what createServices reads: the services, the configuration's plugin part, the data registry. */
const contextOf = (
  services: Record<string, unknown>,
  config: Pick<Config, 'plugins'> | { plugins: object } = { plugins: {} },
) => ({ services, config, personalData: { register: () => {} } }) as unknown as CoreContext;

describe('plugin composition', () => {
  it('builds the services in list order, each seeing those it requires', () => {
    const services: { specials?: { today: () => string } } = {};
    createServices([menu, specials], contextOf(services));
    expect(services.specials?.today()).toBe('burger');
  });

  it('refuses a plugin listed before one it requires, naming both', () => {
    expect(() => checkPluginOrder([specials, menu])).toThrow(
      'Plugin "specials" requires "menu", which comes after it: list "menu" first',
    );
  });

  it('refuses a plugin that requires one missing from the list, naming both', () => {
    expect(() => createServices([specials], contextOf({}))).toThrow(
      'Plugin "specials" requires "menu", which is not in the plugin list',
    );
  });

  it('refuses to build a plugin whose configuration was not loaded with it, naming it', () => {
    const kitchen = definePlugin({
      name: 'kitchen',
      config: definePluginConfig({ env: { KITCHEN_OPEN: z.string().default('yes') }, of: (e) => e.KITCHEN_OPEN }),
    });
    expect(() => createServices([kitchen], contextOf({}, loadConfig({})))).toThrow(
      'The configuration was loaded without the plugins kitchen: loadConfig(env, plugins)',
    );
    expect(() => createServices([kitchen], contextOf({}, loadConfig({}, [kitchen])))).not.toThrow();
  });
});
