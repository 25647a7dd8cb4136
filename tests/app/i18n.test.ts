import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../core/i18n/check.ts';
import { commandsOf } from '../../core/plugin.ts';
import { plugins } from '../../plugins/index.ts';
import { SITE_CATALOGUES } from '../../site/i18n/index.ts';

describe("the plugins' catalogues", () => {
  const catalogues = plugins.flatMap((plugin) => (plugin.i18n ? [plugin.i18n] : []));

  it('are complete in every locale: every key, valid ICU, the same placeholders, nothing left in English', () => {
    expect(catalogues.map((catalogue) => catalogue.name)).toEqual(
      expect.arrayContaining(['discord', 'orders', 'settings', 'store']),
    );
    expect(catalogues.flatMap(catalogueProblems)).toEqual([]);
  });

  it("give every slash command and option a name and description in each of Discord's locales we speak", () => {
    const missing: string[] = [];
    const walk = (
      path: string,
      node: { name: string; name_localizations?: unknown; description_localizations?: unknown; options?: unknown },
    ) => {
      for (const locale of ['fr', 'de', 'es-ES', 'es-419', 'pt-BR']) {
        const names = (node.name_localizations ?? {}) as Record<string, string>;
        const descriptions = (node.description_localizations ?? {}) as Record<string, string>;
        if (!names[locale] || !descriptions[locale]) missing.push(`${path} ${locale}`);
        else if (!/^[-_\p{L}\p{N}]{1,32}$/u.test(names[locale]) || names[locale] !== names[locale].toLowerCase())
          missing.push(`${path} ${locale}: "${names[locale]}" is not a valid command name`);
      }
      for (const option of (node.options ?? []) as (typeof node)[]) walk(`${path} ${option.name}`, option);
    };
    for (const command of commandsOf(plugins)) walk(`/${command.data.name}`, command.data);
    expect(missing).toEqual([]);
  });
});

describe("the site's catalogues", () => {
  it('are complete in every locale: every key, valid ICU, the same placeholders, nothing left in English', () => {
    expect(SITE_CATALOGUES.map((catalogue) => catalogue.name)).toEqual(expect.arrayContaining(['site.layout']));
    expect(SITE_CATALOGUES.flatMap(catalogueProblems)).toEqual([]);
  });
});
