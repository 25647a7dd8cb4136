import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, compileString, type Options } from 'sass';
import { describe, expect, it } from 'vitest';

const STYLES = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(STYLES, '../..');
const OPTIONS: Options<'sync'> = {
  loadPaths: [STYLES, path.join(ROOT, 'node_modules')],
  quietDeps: true,
  style: 'compressed',
};

/** Each rule of a compressed stylesheet whose selector is one class: `media|.class{declarations}`. */
function classRules(css: string): Set<string> {
  const rules = new Set<string>();
  const add = (block: string, media: string) => {
    for (const [, selectors, declarations] of block.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      for (const selector of selectors!.split(',')) {
        if (/^\.[\w-]+$/.test(selector)) rules.add(`${media}|${selector}{${declarations}}`);
      }
    }
  };
  const media = /@media([^{]+)\{((?:[^{}]*\{[^{}]*\})*)\}/g;
  for (const [, query, block] of css.matchAll(media)) add(block!, query!.trim());
  add(css.replace(media, ''), '');
  return rules;
}

/** Every word of the markup and scripts of site/ and plugins/ (tests left out): the class names they can write. */
function markupWords(): Set<string> {
  const words = new Set<string>();
  for (const dir of ['site', 'plugins']) {
    for (const name of readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.(astro|tsx?)$/.test(name) || /\.(test|spec)\./.test(name)) continue;
      for (const word of readFileSync(path.join(ROOT, dir, name), 'utf8').match(/[\w-]+/g) ?? []) words.add(word);
    }
  }
  return words;
}

describe("Bulma's helpers", () => {
  it('that the markup names are in every page’s stylesheet, as Bulma writes them', () => {
    const bulma = classRules(
      compileString(
        '@use "bulma-palette";\n@use "bulma/sass/helpers/typography";\n@use "bulma/sass/helpers/visibility";',
        OPTIONS,
      ).css,
    );
    const words = markupWords();
    const named = [...bulma].filter((rule) => words.has(rule.slice(rule.indexOf('|.') + 2, rule.indexOf('{'))));
    expect(named.length).toBeGreaterThan(5);
    expect(bulma.size).toBeGreaterThan(250);
    const main = classRules(compile(path.join(STYLES, 'main.scss'), OPTIONS).css);
    expect(named.filter((rule) => !main.has(rule))).toEqual([]);
  });
});
