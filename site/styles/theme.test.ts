import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile as compileFile, compileString, type Options } from 'sass';
import { describe, expect, it } from 'vitest';

const STYLES = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(STYLES, '../..');

const OPTIONS: Options<'sync'> = { loadPaths: [STYLES, path.join(ROOT, 'node_modules')], quietDeps: true };
const compile = (source: string) => compileString(source, OPTIONS).css;

/** The custom properties of the light :root and of the dark scheme's, each var() resolved to its value. */
function themeProperties(css: string): Record<'light' | 'dark', Map<string, string>> {
  const light = new Map<string, string>();
  const dark = new Map<string, string>();
  for (const block of css.matchAll(/(@media \(prefers-color-scheme: dark\) \{\s*)?:root \{([^}]*)\}/g)) {
    const target = block[1] ? dark : light;
    for (const declaration of block[2]!.matchAll(/(--[\w-]+):\s*([^;]*);/g)) {
      target.set(declaration[1]!, declaration[2]!.trim());
    }
  }
  const resolve = (scheme: Map<string, string>, value: string): string =>
    value.replace(/var\((--[\w-]+)\)/g, (whole, name: string) => {
      const found = scheme.get(name);
      return found === undefined ? whole : resolve(scheme, found);
    });
  const resolved = (scheme: Map<string, string>, own: Map<string, string>) =>
    new Map([...own].map(([name, value]) => [name, resolve(scheme, value)]));
  return { light: resolved(light, light), dark: resolved(new Map([...light, ...dark]), dark) };
}

// Bulma's own themes with the site's colours: its light theme writes these seven palettes with generate-color-palette
// and generate-on-scheme-colors (themes/light.scss), its dark theme their on-scheme colours (themes/dark.scss).
const BULMA_THEMES = `
@use "sass:map";
@use "bulma-palette";
@use "bulma/sass/utilities/css-variables" as cv;
@use "bulma/sass/themes/light";
@use "bulma/sass/themes/dark";
@use "bulma/sass/themes/setup";
$palette: map.remove(bulma-palette.$colors, "white", "black", "light", "dark");
:root {
  @include light.light-theme;
  @each $name, $color in $palette {
    @include cv.generate-color-palette($name, $color);
    @include cv.generate-on-scheme-colors($name, $color, light.$scheme-main);
  }
  @include setup.setup-theme;
}
@include cv.system-theme("dark") {
  @include dark.dark-theme;
  @each $name, $color in $palette {
    @include cv.generate-on-scheme-colors($name, $color, dark.$scheme-main);
  }
}`;

const SITE_THEMES = `
@use "theme";
@use "bulma/sass/utilities/css-variables" as cv;
:root {
  @include theme.light-theme;
}
@include cv.system-theme("dark") {
  @include theme.dark-theme;
}`;

/** Every custom property a stylesheet of site/styles or a component (.astro, .tsx, .ts) reads. */
function propertiesRead(): Set<string> {
  const sheets = readdirSync(STYLES).filter((name) => name.endsWith('.scss') && !name.startsWith('_'));
  const compiled = sheets.map((name) => compileFile(path.join(STYLES, name), OPTIONS).css);
  const components = readdirSync(path.join(ROOT, 'site'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(astro|tsx?)$/.test(name))
    .map((name) => readFileSync(path.join(ROOT, 'site', name), 'utf8'));
  return new Set(
    [...compiled, ...components].flatMap((text) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!)),
  );
}

describe("the site's themes", () => {
  const bulma = themeProperties(compile(BULMA_THEMES));
  const site = themeProperties(compile(SITE_THEMES));

  it("write Bulma's values", () => {
    for (const scheme of ['light', 'dark'] as const) {
      const written = [...site[scheme].keys()];
      expect(Object.fromEntries(site[scheme])).toEqual(
        Object.fromEntries(written.map((name) => [name, bulma[scheme].get(name)])),
      );
    }
  });

  it("write every property of Bulma's themes that a stylesheet or a component reads", () => {
    const read = propertiesRead();
    expect(read.size).toBeGreaterThan(300);
    for (const scheme of ['light', 'dark'] as const) {
      const missing = [...bulma[scheme].keys()].filter((name) => read.has(name) && !site[scheme].has(name));
      expect(missing).toEqual([]);
    }
    // What the themes leave out: for each of the seven colours, its 21 numbered shades and the colour strings of its
    // named shades.
    expect(bulma.light.size - site.light.size).toBeGreaterThan(7 * 21 * 4);
  });
});
