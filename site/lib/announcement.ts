import { renderInlineMarkdown } from '../../core/markdown.ts';
import type { Announcement } from '../../plugins/settings/schemas.ts';

/**
 * The announcement banner's inside, for the banner itself (AnnouncementBanner.astro, on the server) and the Announce
 * page's live preview (in the browser): one function, so the preview is the banner. Pure: unit-tested.
 */
export const ANNOUNCEMENT_MAX = 2000;
/** The specification's text for an enabled announcement without content. */
export const ANNOUNCEMENT_EMPTY = 'Announcement could not be fetched';

/** The banner's inner HTML: the content's inline markdown, or the specification's text when it is empty. */
export function announcementHtml(content: string): string {
  return content.trim() ? renderInlineMarkdown(content) : `<span>${ANNOUNCEMENT_EMPTY}</span>`;
}

/** Each colour type as the Announce page names it (the swatch shows the colour itself). */
export const ANNOUNCEMENT_TYPE_LABELS: Record<Announcement['type'], string> = {
  'is-info': 'Info',
  'is-primary': 'Primary',
  'is-link': 'Link',
  'is-success': 'Success',
  'is-warning': 'Warning',
  'is-danger': 'Danger',
  'is-dark': 'Dark',
};

export type CounterState = 'ok' | 'near' | 'over';

/** From this share of the limit on, the counter warns. */
const NEAR = 0.9;

/** `1,234 / 2,000` and whether it is fine, near the limit (warn) or over it (saving is blocked). */
export function characterCounter(length: number, max = ANNOUNCEMENT_MAX): { text: string; state: CounterState } {
  const state: CounterState = length > max ? 'over' : length >= Math.floor(max * NEAR) ? 'near' : 'ok';
  return { text: `${length.toLocaleString('en')} / ${max.toLocaleString('en')}`, state };
}

/** A line about the announcement for the General tab: on or off, its colour, its length. */
export function announcementSummary(announcement: Announcement): string {
  const state = announcement.enabled ? 'On: every page shows it' : 'Off: no page shows it';
  return `${state} · ${ANNOUNCEMENT_TYPE_LABELS[announcement.type]} · ${characterCounter(announcement.content.length).text} characters`;
}
