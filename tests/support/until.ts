import { setTimeout as sleep } from 'node:timers/promises';

type Maybe<T> = T | undefined | null | false;

/**
 * Waits for a condition (checked every 25 ms; it may ask the database) and answers its value; the timeout is a ceiling
 * for a busy machine, not a wait. `explain` adds what helps read a timeout (a process's output, a count so far).
 */
export async function until<T>(
  what: () => Maybe<T> | Promise<Maybe<T>>,
  timeoutMs = 10_000,
  explain = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out\n${explain()}`.trim());
    await sleep(25);
  }
}
