// js-yaml (installed with Astro) ships no types: only what tests/process/compose.test.ts uses.
declare module 'js-yaml' {
  export function load(text: string, options?: { filename?: string }): unknown;
}
