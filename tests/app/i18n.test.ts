import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { authCatalogue } from '../../core/auth/i18n/index.ts';
import { httpCatalogue } from '../../core/http/i18n/index.ts';
import { schemaWordingFrom, translator } from '../../core/i18n/catalogue.ts';
import { catalogueProblems } from '../../core/i18n/check.ts';
import { LOCALES } from '../../core/i18n/locales.ts';
import { commandsOf } from '../../core/plugin.ts';
import { HOST_KINDS } from '../../core/shared/hosts.ts';
import { declaredSchemaMessages, withSchemaWording } from '../../core/shared/schema-words.ts';
import { displayName } from '../../core/shared/text.ts';
import { plugins } from '../../plugins/index.ts';
import { imageUrlProblem } from '../../plugins/orders/schemas.ts';
import { CreateItemBodySchema } from '../../plugins/store/schemas.ts';
import { BROWSER_CATALOGUES, SITE_CATALOGUES } from '../../site/i18n/index.ts';
import { browserTexts } from '../../site/lib/browser-texts.ts';
import { refusalParts } from '../../site/lib/refusal-words.ts';
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

describe("the schemas' own messages (core/shared/schema-words.ts)", () => {
  const byName = new Map(
    [httpCatalogue, ...plugins.flatMap((plugin) => (plugin.i18n ? [plugin.i18n] : []))].map((c) => [c.name, c]),
  );

  it("are keys in their owner's catalogue whose English is the schema's, character for character", () => {
    const declared = declaredSchemaMessages();
    expect(declared.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { owner, key, english, values } of declared) {
      const catalogue = byName.get(owner);
      if (!catalogue || !Object.hasOwn(catalogue.messages.en, key)) problems.push(`${owner} ${key}: no such key`);
      else if (translator(catalogue)('en')(key, values) !== english)
        problems.push(`${owner} ${key}: "${translator(catalogue)('en')(key, values)}", not "${english}"`);
    }
    expect(problems).toEqual([]);
  });

  it("an image URL's and a store picture's problems: the catalogues' English is the rule's", () => {
    const english = schemaWordingFrom([...byName.values()])('en');
    const rules = { publicUrl: 'https://diner.example' };
    const links = [
      'https:\\\\127.0.0.1\\x.png',
      'not a link',
      'https://cook:secret@example.com/a.png',
      'http://example.com/a.png',
      'https://127.0.0.1/a.png',
      'https://[fe80::1]/a.png',
      'https://0.1.2.3/a.png',
      'https://printer/a.png',
      'https://example.com/a',
      '/uploads/nope.png',
    ];
    const picture = (link: string) =>
      CreateItemBodySchema.safeParse({ name: 'Hat', price: 1, grant: { kind: 'custom' }, picture: link }).error
        ?.issues[0]?.message;
    for (const link of links) {
      expect(withSchemaWording(english, () => imageUrlProblem(link, rules))).toBe(imageUrlProblem(link, rules));
      expect(withSchemaWording(english, () => picture(link))).toBe(picture(link));
    }
    expect(picture('http://example.com/a.png')).toBe('A picture must use https (http: is not allowed).');
  });

  it("a name's and a text's rules: core's catalogue holds their English", () => {
    const english = schemaWordingFrom([...byName.values()])('en');
    const Name = displayName({ what: 'A name', min: 2, max: 4, stored: 5 });
    const problem = (value: string) => Name.safeParse(value).error?.issues[0]?.message;
    for (const value of ['a\u202Eb', '\u200B\u200B', 'a', 'abcde', '👨‍👩‍👧a', 'a\u0000b']) {
      expect(problem(value)).toBeDefined();
      expect(withSchemaWording(english, () => problem(value))).toBe(problem(value));
    }
  });

  it("what a host is: core's catalogue holds the link rule's English", () => {
    const english = translator(httpCatalogue)('en');
    for (const [kind, text] of Object.entries(HOST_KINDS))
      expect(english(`host.${kind}` as keyof typeof httpCatalogue.messages.en)).toBe(text);
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
    // What the islands' check before a call reads too: the plugins' schema messages, the kernel's refusal words.
    const pluginCatalogues = plugins.flatMap((plugin) => (plugin.i18n ? [plugin.i18n] : []));
    for (const catalogue of [...BROWSER_CATALOGUES, ...refusalParts(pluginCatalogues)]) {
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
