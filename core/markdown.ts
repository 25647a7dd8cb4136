import { micromark } from 'micromark';

/**
 * Markdown from staff (announcements) to HTML that is safe to put on every page: raw HTML is escaped, not passed
 * through, and link and image URLs with a dangerous protocol (javascript:, data:, vbscript:) are dropped.
 * micromark does both by default; the options are spelled out so nobody turns them on by accident.
 */
export function renderMarkdown(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false });
}

/** One paragraph of inline markdown (a banner line) without the wrapping <p>. */
export function renderInlineMarkdown(markdown: string): string {
  return renderMarkdown(markdown)
    .trim()
    .replace(/^<p>([\s\S]*)<\/p>$/, '$1');
}
