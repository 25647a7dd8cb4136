/**
 * Ad-block detection exactly as the specification orders it: probe the ad network 250 ms after start, up to 3
 * tries 250 ms apart. Not confirmed: blocking is flagged and the time stored; a later confirmation (the visitor
 * cleared their blocker) stores how long it stayed blocked.
 */
export const PROBE_DELAY_MS = 250;
export const PROBE_ATTEMPTS = 3;
/** How long after detection the notice appears: the page is readable first, so the notice is not a wall at once. */
export const NOTICE_DELAY_MS = 1500;

/** localStorage: when blocking was first seen (ms since the epoch), kept until a probe confirms again. */
export const BLOCKED_AT_KEY = 'adblock-blockedAt';
/** localStorage: how long (ms) blocking lasted, written when a probe confirms after a blocked one. */
export const UNBLOCKED_AFTER_KEY = 'adblock-unblockedAfter';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True when blocked: no attempt confirmed the ad network. */
export async function detectBlocking(
  probe: () => Promise<boolean>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<boolean> {
  for (let attempt = 0; attempt < PROBE_ATTEMPTS; attempt++) {
    await wait(PROBE_DELAY_MS);
    if (await probe()) return false;
  }
  return true;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Stores the outcome: the blocked timestamp (first sighting kept), or on clearing the unblocked duration. */
export function recordOutcome(blocked: boolean, storage: Store, now = Date.now()): void {
  const blockedAt = Number(storage.getItem(BLOCKED_AT_KEY) ?? 0);
  if (blocked) {
    if (!blockedAt) storage.setItem(BLOCKED_AT_KEY, String(now));
    return;
  }
  if (blockedAt) {
    storage.setItem(UNBLOCKED_AFTER_KEY, String(Math.max(0, now - blockedAt)));
    storage.removeItem(BLOCKED_AT_KEY);
  }
}

/** One attempt: the ad network's pixel loads (an ad-blocker makes it fail), with a fresh URL so no cache answers. */
export function probePixel(url: string, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => resolve(false), timeoutMs);
    img.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    img.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const probe = new URL(url, location.href);
    probe.searchParams.set('_', String(Date.now()));
    img.src = probe.href;
  });
}
