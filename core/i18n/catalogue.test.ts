import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { defineCatalogue, richTranslator, translator } from './catalogue.ts';
import { catalogueProblems } from './check.ts';
import { localizeCommand } from './commands.ts';

const en = {
  'coins.left': 'You have {count, plural, one {# coin} other {# coins}} left.',
  'command.tip.name': 'tip',
  'command.tip.description': 'Tip a driver',
  'command.tip.amount.name': 'amount',
  'command.tip.amount.description': 'How many coins',
  brand: 'Virtual Diner',
};
const fr = {
  'coins.left': 'Il vous reste {count, plural, one {# pièce} other {# pièces}}.',
  'command.tip.name': 'pourboire',
  'command.tip.description': 'Donner un pourboire à un livreur',
  'command.tip.amount.name': 'montant',
  'command.tip.amount.description': 'Combien de pièces',
  brand: 'Virtual Diner',
};
const de = { ...fr, 'coins.left': 'Du hast noch {count, plural, one {# Münze} other {# Münzen}}.' };
const catalogue = defineCatalogue({
  name: 'example',
  messages: { en, fr, de, es: fr, 'pt-BR': fr },
  sameAsEnglish: { fr: ['brand'], de: ['brand'], es: ['brand'], 'pt-BR': ['brand'] },
});

describe('catalogues', () => {
  it('formats plurals and numbers as each language writes them', () => {
    const t = translator(catalogue);
    expect(t('en')('coins.left', { count: 1 })).toBe('You have 1 coin left.');
    expect(t('en')('coins.left', { count: 1200 })).toBe('You have 1,200 coins left.');
    expect(t('fr')('coins.left', { count: 1200 })).toBe('Il vous reste 1\u202f200 pièces.');
    expect(t('de')('coins.left', { count: 1200 })).toBe('Du hast noch 1.200 Münzen.');
  });

  it('fails loudly on a value a message needs and was not given', () => {
    expect(() => translator(catalogue)('en')('coins.left')).toThrow(/example \(en\)/);
  });

  it('finds nothing wrong with a complete catalogue', () => {
    expect(catalogueProblems(catalogue)).toEqual([]);
  });

  it('reports a missing key, an extra key, bad ICU, other placeholders and a text left in English', () => {
    const broken = defineCatalogue({
      name: 'broken',
      messages: {
        en,
        fr: { ...fr, 'coins.left': 'Il vous reste {n} pièces.' },
        de: { ...de, brand: 'Virtual Diner', extra: 'x' } as typeof de,
        es: { ...fr, 'command.tip.description': 'Tip a driver', 'coins.left': '{count, plural, one {# moneda}' },
        'pt-BR': (({ brand: _, ...rest }) => rest)(fr) as typeof fr,
      },
      sameAsEnglish: { fr: ['brand'], es: ['brand'], 'pt-BR': ['brand'] },
    });
    expect(catalogueProblems(broken)).toEqual([
      'broken fr "coins.left": placeholders n, English has others',
      'broken de "extra": not in English',
      'broken de "brand": left in English',
      'broken es "coins.left": not a valid ICU message',
      'broken es "command.tip.description": left in English',
      'broken pt-BR "brand": missing',
    ]);
  });

  it('formats a text with markup as parts: its words, and what each tag and value made, in the language’s order', () => {
    const rich = defineCatalogue({
      name: 'rich',
      messages: {
        en: { download: 'Signed in, <link>download it now</link>: one {format} file.' },
        fr: { download: 'Une fois connecté, un fichier {format} : <link>téléchargez-le</link>.' },
        de: { download: 'Angemeldet: eine {format}-Datei, <link>jetzt herunterladen</link>.' },
        es: { download: 'Con sesión iniciada, <link>descárgalo ya</link>: un archivo {format}.' },
        'pt-BR': { download: 'Conectado, <link>baixe agora</link>: um arquivo {format}.' },
      },
    });
    type Part = { href: string; words: string } | { code: string };
    const link = (words: string): Part => ({ href: '/export', words });
    const format: Part = { code: 'JSON' };
    expect(richTranslator(rich)('en')('download', { link, format })).toEqual([
      'Signed in, ',
      { href: '/export', words: 'download it now' },
      ': one ',
      { code: 'JSON' },
      ' file.',
    ]);
    expect(richTranslator(rich)('fr')('download', { link, format })).toEqual([
      'Une fois connecté, un fichier ',
      { code: 'JSON' },
      ' : ',
      { href: '/export', words: 'téléchargez-le' },
      '.',
    ]);
    expect(catalogueProblems(rich)).toEqual([]);
    const broken = defineCatalogue({
      name: 'broken',
      messages: { ...rich.messages, de: { download: 'Angemeldet: eine {format}-Datei, jetzt herunterladen.' } },
    });
    expect(catalogueProblems(broken)).toEqual(['broken de "download": tags none, English has others']);
  });

  it("makes a command's description and its localizations from the catalogue, options included", () => {
    const data = localizeCommand(catalogue, {
      name: 'tip',
      options: [{ type: ApplicationCommandOptionType.Integer, name: 'amount', required: true }],
    });
    expect(data).toMatchObject({
      name: 'tip',
      description: 'Tip a driver',
      name_localizations: { fr: 'pourboire', de: 'pourboire', 'es-ES': 'pourboire', 'es-419': 'pourboire' },
      description_localizations: {
        fr: 'Donner un pourboire à un livreur',
        'pt-BR': 'Donner un pourboire à un livreur',
      },
      options: [
        {
          name: 'amount',
          required: true,
          description: 'How many coins',
          name_localizations: { fr: 'montant' },
          description_localizations: { fr: 'Combien de pièces' },
        },
      ],
    });
  });

  it("refuses a command whose English name in the catalogue is not the command's", () => {
    expect(() => localizeCommand(catalogue, { name: 'brand' })).toThrow();
    const renamed = defineCatalogue({
      name: 'renamed',
      messages: { en: { ...en, 'command.tip.name': 'tips' }, fr, de, es: fr, 'pt-BR': fr },
    });
    expect(() => localizeCommand(renamed, { name: 'tip' })).toThrow(/command.tip.name is "tips" in English, not "tip"/);
  });
});
