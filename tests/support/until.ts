import { setTimeout as sleep } from 'node:timers/promises';

type Maybe<T> = T | undefined | null | false;

/**
 * Waits for a condition (checked every 25 ms; it may ask the database) and answers its value; the timeout is a ceiling
 * for a busy machine, not a wait.
 */
export async function until<T>(what: () => Maybe<T> | Promise<Maybe<T>>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(25);
  }
}
