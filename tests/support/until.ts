import { setTimeout as sleep } from 'node:timers/promises';

/** Waits for a condition (checked every 25 ms) and answers its value; the timeout is a ceiling for a busy machine, not a wait. */
export async function until<T>(what: () => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(25);
  }
}
