/**
 * Festive mode in the browser (a lazy chunk, loaded only when the festiveMode setting is on): the snow layer and
 * the countdown, each switched by the visitor and remembered (festive-snow, festive-countdown).
 */
import { festiveCountdown, snowActive } from '../stores/preferences.ts';
import { type Snow, startSnow } from './snow.ts';

/** '3d 04h 05m 06s' to go, the largest unit first; days only when there are some. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}h ${pad(Math.floor((total % 3600) / 60))}m ${pad(total % 60)}s`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

export function countdownText(target: number, label: string, now: number): string {
  return target > now ? `${formatRemaining(target - now)} until ${label}` : `Happy ${label}!`;
}

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)');

export function startFestive(bar: HTMLElement): void {
  const target = Date.parse(bar.dataset.countdownTo ?? '');
  const label = bar.dataset.countdownLabel ?? '';
  const countdown = bar.querySelector<HTMLElement>('[data-festive-countdown]');
  const remaining = bar.querySelector<HTMLElement>('[data-festive-remaining]');
  const snowToggle = bar.querySelector<HTMLButtonElement>('[data-festive-toggle="snow"]');
  const countdownToggle = bar.querySelector<HTMLButtonElement>('[data-festive-toggle="countdown"]');

  // ---- Snow: never under prefers-reduced-motion (the toggle goes too: it could not do anything) ----
  let snow: Snow | null = null;
  const motion = reducedMotion();
  const applySnow = () => {
    const on = snowActive.get() && !motion.matches;
    if (snowToggle) {
      snowToggle.hidden = motion.matches;
      snowToggle.setAttribute('aria-pressed', String(snowActive.get()));
    }
    if (on && !snow) snow = startSnow();
    if (!on && snow) {
      snow.stop();
      snow = null;
    }
  };
  snowActive.subscribe(applySnow);
  motion.addEventListener('change', applySnow);
  snowToggle?.addEventListener('click', () => snowActive.set(!snowActive.get()));

  // ---- Countdown: a tick a second while it is shown and the tab is visible ----
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    if (remaining) remaining.textContent = countdownText(target, label, Date.now());
  };
  const applyCountdown = () => {
    const on = festiveCountdown.get() && Number.isFinite(target);
    countdownToggle?.setAttribute('aria-pressed', String(festiveCountdown.get()));
    if (countdown) countdown.hidden = !on;
    clearInterval(timer);
    timer = undefined;
    if (on && !document.hidden) {
      tick();
      timer = setInterval(tick, 1000);
    }
  };
  festiveCountdown.subscribe(applyCountdown);
  document.addEventListener('visibilitychange', applyCountdown);
  countdownToggle?.addEventListener('click', () => festiveCountdown.set(!festiveCountdown.get()));
}
