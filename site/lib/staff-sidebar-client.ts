import { sidebarActive } from '../stores/preferences.ts';

/**
 * The staff sidebar's behaviour (specification section 2 and 9):
 * - desktop (≥ 1024 px): full (260 px) or mini (80 px), the user's choice, remembered in `sidebarActive`;
 *   a mini sidebar expands over the page when hovered for 200 ms (or focused from the keyboard);
 * - phones and tablets: a drawer, collapsed on first load and again after every navigation (a link click).
 */
export const HOVER_EXPAND_DELAY_MS = 200;

const root = document.documentElement;
const sidebar = document.querySelector<HTMLElement>('[data-staff-sidebar]');
const panel = sidebar?.querySelector<HTMLElement>('[data-sidebar-panel]');
const collapse = sidebar?.querySelector<HTMLButtonElement>('[data-sidebar-collapse]');
const toggle = document.querySelector<HTMLButtonElement>('[data-sidebar-toggle]');
const backdrop = document.querySelector<HTMLElement>('[data-sidebar-backdrop]');
const close = sidebar?.querySelector<HTMLButtonElement>('[data-sidebar-close]');
const desktop = matchMedia('(min-width: 1024px)');
let hoverTimer: ReturnType<typeof setTimeout> | undefined;

sidebarActive.subscribe((active) => {
  root.dataset.sidebar = active ? 'full' : 'mini';
  collapse?.setAttribute('aria-expanded', String(active));
  const label = collapse?.querySelector('.sidebar-label');
  // Its two words in the page's language, written on the button by the server.
  const words = (active ? collapse?.dataset.collapseLabel : collapse?.dataset.expandLabel) ?? '';
  if (label) label.textContent = words;
  if (collapse) collapse.title = words;
});
collapse?.addEventListener('click', () => {
  clearTimeout(hoverTimer);
  panel?.classList.remove('is-peeking');
  sidebarActive.set(!sidebarActive.get());
});

function peek(on: boolean): void {
  clearTimeout(hoverTimer);
  if (!on) {
    panel?.classList.remove('is-peeking');
    return;
  }
  if (!desktop.matches || sidebarActive.get()) return;
  hoverTimer = setTimeout(() => {
    if (!sidebarActive.get()) panel?.classList.add('is-peeking');
  }, HOVER_EXPAND_DELAY_MS);
}
panel?.addEventListener('mouseenter', () => peek(true));
panel?.addEventListener('mouseleave', () => peek(false));
// Keyboard users get the same expansion when focus enters the mini sidebar (a mouse click focuses too, but the
// hover rule already covers the mouse, and expanding between mousedown and mouseup would swallow the click).
panel?.addEventListener('focusin', (event) => {
  if (desktop.matches && !sidebarActive.get() && (event.target as Element).matches(':focus-visible'))
    panel.classList.add('is-peeking');
});
panel?.addEventListener('focusout', (event) => {
  if (!panel.contains(event.relatedTarget as Node | null)) peek(false);
});

function setDrawer(open: boolean): void {
  root.toggleAttribute('data-sidebar-open', open);
  toggle?.setAttribute('aria-expanded', String(open));
  if (backdrop) backdrop.hidden = !open;
  if (!open) return;
  // The page's own entry in view (a long sidebar on a short phone), then focus on it, or on the first control.
  const current = sidebar?.querySelector<HTMLElement>('[aria-current="page"]');
  current?.scrollIntoView({ block: 'nearest' });
  (current ?? sidebar?.querySelector<HTMLElement>('a, button:not([disabled])'))?.focus({ preventScroll: true });
}
toggle?.addEventListener('click', () => setDrawer(!root.hasAttribute('data-sidebar-open')));
backdrop?.addEventListener('click', () => setDrawer(false));
close?.addEventListener('click', () => {
  setDrawer(false);
  toggle?.focus();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && root.hasAttribute('data-sidebar-open')) {
    setDrawer(false);
    toggle?.focus();
  }
});
// Collapsed after navigation on phones and tablets.
sidebar?.addEventListener('click', (event) => {
  if (!desktop.matches && (event.target as Element).closest('a')) setDrawer(false);
});
desktop.addEventListener('change', () => setDrawer(false));
