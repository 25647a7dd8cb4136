import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** DER prefix of an Ed25519 SubjectPublicKeyInfo: the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Discord's application public key (64 hex characters) as a Node key object. */
export function ed25519PublicKey(hex: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/** How far a request's timestamp may be from our clock (replays of an old, validly signed request are refused). */
export const MAX_SKEW_S = 300;

/**
 * Discord's interaction signature: Ed25519 over `timestamp + raw body`, hex in `X-Signature-Ed25519`. Anything
 * malformed is simply false (Discord also sends deliberately bad signatures and expects a 401).
 */
export function verifyInteraction(
  key: KeyObject,
  signature: unknown,
  timestamp: unknown,
  body: Buffer,
  nowMs: number,
): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{128}$/.test(signature)) return false;
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_S) return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signature, 'hex'));
  } catch {
    return false;
  }
}
