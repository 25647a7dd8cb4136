import { SNOWFLAKE_EPOCH } from './shared/ids.ts';

let lastMs = 0;
let sequence = 0;
const worker = BigInt(process.pid & 0x3ff);

/**
 * A new snowflake-shaped ID (timestamp, worker, sequence), so every ID the product mints passes the specification's
 * ID rule and carries its creation date like Discord's own.
 */
export function newId(now: number = Date.now()): string {
  // A clock that goes backwards, or 4096 IDs in one millisecond, borrow from the next millisecond.
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) ms += 1;
  } else {
    sequence = 0;
  }
  lastMs = ms;
  return ((BigInt(ms - SNOWFLAKE_EPOCH) << 22n) | (worker << 12n) | BigInt(sequence)).toString();
}

/**
 * Forgets what was minted so far. Only for tests: vitest runs many apps in one process, one after another, some with a
 * clock of their own days ahead, and the next app's IDs would otherwise be dated after that clock
 * (tests/support/test-app.ts calls it as it makes an app).
 */
export function forgetMintedIds(): void {
  lastMs = 0;
  sequence = 0;
}
