/**
 * A part of a text with markup (`richTranslator`, core/i18n/catalogue.ts) that a page renders with
 * site/components/RichText.astro: a link or an emphasis around the words the language puts there, or a name shown as
 * code. The words are text: the page escapes them as any other.
 */
export type RichPart =
  | { kind: 'link'; href: string; words: string; rel?: string; download?: boolean }
  | { kind: 'strong'; words: string }
  | { kind: 'code'; name: string };

/** The tags and values a text with markup takes: `{ profile: link('/users/@me'), b: strong, session: code('VD_SESSION') }`. */
export const rich = {
  link:
    (href: string, options: { rel?: string; download?: boolean } = {}) =>
    (words: string): RichPart => ({ kind: 'link', href, words, ...options }),
  strong: (words: string): RichPart => ({ kind: 'strong', words }),
  code: (name: string): RichPart => ({ kind: 'code', name }),
};
