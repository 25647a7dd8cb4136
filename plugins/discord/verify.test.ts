import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createInteractionSigner } from '../../tests/stand-ins/discord/interactions.ts';
import { flattenOptions, toResponseData } from './dispatch.ts';
import { ed25519PublicKey, verifyInteraction } from './verify.ts';

describe('interaction signatures (Ed25519 over timestamp + body)', () => {
  const signer = createInteractionSigner();
  const key = ed25519PublicKey(signer.publicKey);
  const now = 1_800_000_000_000;
  const ts = Math.floor(now / 1000);
  const body = '{"type":1}';

  it('accepts what the key signed, for those exact bytes and timestamp', () => {
    const h = signer.headers(body, ts);
    expect(verifyInteraction(key, h['x-signature-ed25519'], h['x-signature-timestamp'], Buffer.from(body), now)).toBe(
      true,
    );
    expect(
      verifyInteraction(key, h['x-signature-ed25519'], h['x-signature-timestamp'], Buffer.from(`${body} `), now),
    ).toBe(false);
    expect(verifyInteraction(key, h['x-signature-ed25519'], String(ts + 1), Buffer.from(body), now)).toBe(false);
  });

  it('refuses malformed headers, other keys and old timestamps', () => {
    const h = signer.headers(body, ts);
    const { privateKey } = generateKeyPairSync('ed25519');
    const foreign = sign(null, Buffer.from(`${ts}${body}`), privateKey).toString('hex');
    for (const [signature, timestamp] of [
      [undefined, String(ts)],
      [h['x-signature-ed25519'], undefined],
      ['00', String(ts)],
      ['g'.repeat(128), String(ts)],
      [foreign, String(ts)],
      [h['x-signature-ed25519'], 'now'],
    ]) {
      expect(verifyInteraction(key, signature, timestamp, Buffer.from(body), now)).toBe(false);
    }
    const old = signer.headers(body, ts - 301);
    expect(
      verifyInteraction(key, old['x-signature-ed25519'], old['x-signature-timestamp'], Buffer.from(body), now),
    ).toBe(false);
  });
});

describe('the dispatcher’s shapes', () => {
  it('flattens options, a subcommand’s name and its options included', () => {
    expect(flattenOptions([{ name: 'item', type: 3, value: 'Fries' }])).toEqual({ item: 'Fries' });
    expect(flattenOptions([{ name: 'close', type: 1, options: [{ name: 'reason', type: 3, value: 'Busy' }] }])).toEqual(
      { subcommand: 'close', reason: 'Busy' },
    );
    expect(flattenOptions(undefined)).toEqual({});
  });

  it('replies never ping; ephemeral is flag 64', () => {
    expect(toResponseData({ content: 'hi', ephemeral: true })).toEqual({
      content: 'hi',
      flags: 64,
      allowed_mentions: { parse: [] },
    });
    expect(toResponseData({ embeds: [], ephemeral: false })).toEqual({ embeds: [], allowed_mentions: { parse: [] } });
  });
});
