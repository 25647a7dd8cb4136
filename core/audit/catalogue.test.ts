import { describe, expect, it } from 'vitest';
import { auditCatalogue } from './catalogue.ts';

describe('the audit catalogue', () => {
  const kitchen = {
    plugin: 'kitchen',
    audit: {
      actions: { 'dish.create': 'Added a dish', 'dish.delete': 'Removed a dish', 'user.feed': 'Fed someone' },
      targetTypes: ['dish'],
      kinds: { dish: 'Dishes' },
    },
  };

  it("words every kind the filter offers: core's and each plugin's first parts, each action by its label", () => {
    const catalogue = auditCatalogue([kitchen]);
    expect(catalogue.kinds).toEqual(['dish', 'user', 'dish.create', 'dish.delete', 'user.feed']);
    expect(catalogue.kindLabels).toEqual({
      dish: 'Dishes',
      user: 'Anything about users',
      'dish.create': 'Added a dish',
      'dish.delete': 'Removed a dish',
      'user.feed': 'Fed someone',
    });
    expect(catalogue.targetTypes).toEqual(['user', 'dish']);
  });

  it('names who declared each action and kind, so their words can come from the declarer', () => {
    expect(auditCatalogue([kitchen]).owners).toEqual({
      user: 'core',
      'dish.create': 'kitchen',
      'dish.delete': 'kitchen',
      'user.feed': 'kitchen',
      dish: 'kitchen',
    });
  });

  it('refuses an action or a kind two declare, naming both', () => {
    const bakery = { plugin: 'bakery', audit: { actions: { 'dish.create': 'Baked a dish' } } };
    expect(() => auditCatalogue([kitchen, bakery])).toThrow(
      'Plugin "bakery" declares the audit action "dish.create", which "kitchen" declares',
    );
    const users = { plugin: 'people', audit: { actions: {}, kinds: { user: 'People' } } };
    expect(() => auditCatalogue([users])).toThrow(
      'Plugin "people" declares the audit kind "user", which "core" declares',
    );
  });
});
