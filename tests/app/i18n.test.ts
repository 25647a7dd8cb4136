import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { authCatalogue } from '../../core/auth/i18n/index.ts';
import { httpCatalogue } from '../../core/http/i18n/index.ts';
import { translator } from '../../core/i18n/catalogue.ts';
import { catalogueProblems } from '../../core/i18n/check.ts';
import { LOCALES } from '../../core/i18n/locales.ts';
import { commandsOf } from '../../core/plugin.ts';
import { plugins } from '../../plugins/index.ts';
import { BROWSER_CATALOGUES, SITE_CATALOGUES } from '../../site/i18n/index.ts';
import { browserTexts } from '../../site/lib/browser-texts.ts';
import { textsOf } from '../../site/lib/texts.ts';

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

describe("the kernel's catalogues", () => {
  it('are complete in every locale: every key, valid ICU, the same placeholders, nothing left in English', () => {
    expect([authCatalogue, httpCatalogue].flatMap(catalogueProblems)).toEqual([]);
  });
});

describe("the site's catalogues", () => {
  it('are complete in every locale: every key, valid ICU, the same placeholders, nothing left in English', () => {
    expect(SITE_CATALOGUES.map((catalogue) => catalogue.name)).toEqual(expect.arrayContaining(['site.layout']));
    expect(SITE_CATALOGUES.flatMap(catalogueProblems)).toEqual([]);
  });

  it('the browser formats as the server does: every message the browser reads, in every language, for counts that pick every plural form', () => {
    const differences: string[] = [];
    for (const catalogue of BROWSER_CATALOGUES) {
      for (const locale of LOCALES) {
        const server = translator(catalogue)(locale);
        const browser = textsOf(browserTexts(catalogue, locale));
        for (const key of Object.keys(catalogue.messages.en)) {
          // A value one language counts (a plural) is a number in every language's sample.
          const forms = LOCALES.map((each) => parse(catalogue.messages[each][key]!, { ignoreTag: true }));
          for (const values of sampleValues(forms.flat())) {
            const [expected, got] = [server(key, values), browser(key, values)];
            if (expected !== got) differences.push(`${catalogue.name} ${locale} ${key}: "${got}", not "${expected}"`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });
});

/** Counts that pick every plural form of the five languages (0, 1, 2, few, many, thousands), and each select's keys. */
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 1000, 1_000_000];

function sampleValues(elements: MessageFormatElement[]): Record<string, string | number>[] {
  const names = new Map<string, 'count' | 'text' | string[]>();
  const walk = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.plural || element.type === TYPE.number) names.set(element.value, 'count');
      if (element.type === TYPE.argument && !names.has(element.value)) names.set(element.value, 'text');
      if (element.type === TYPE.select && names.get(element.value) !== 'count')
        names.set(element.value, Object.keys(element.options));
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(elements);
  return COUNTS.map((count, index) =>
    Object.fromEntries(
      [...names].map(([name, kind]) => [
        name,
        kind === 'count' ? count : kind === 'text' ? `${name} ${count}` : kind[index % kind.length]!,
      ]),
    ),
  );
}
