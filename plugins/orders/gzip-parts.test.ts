import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedPart, gzipOf, storedPart } from './gzip-parts.ts';

/** Decoded as a browser's page script decodes it (the Compression Streams API), which refuses anything after the end. */
async function webGunzip(bytes: Buffer): Promise<Buffer> {
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream('gzip'));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
}

describe('gzip made of parts', () => {
  it('decodes to the parts joined, however the bytes are cut, deflated, stored or left empty', async () => {
    const next = random(7);
    const words = ['{"id":"1300000000000000', '"status":"ORDERED"', 'é ü 漢字 🍔', ',', '"item":"fries"', '}'];
    for (let round = 0; round < 40; round++) {
      const chunks = Array.from({ length: next(12) }, () =>
        Buffer.from(Array.from({ length: next(400) }, () => words[next(words.length)]! + next(1000)).join('')),
      );
      const whole = Buffer.concat(chunks);
      const parts = chunks.map((chunk, i) => {
        if (chunk.length <= 0xffff && next(4) === 0) return storedPart(chunk);
        const before = i > 0 && next(2) === 0 ? chunks[i - 1]!.subarray(-32_768) : undefined;
        return deflatedPart(chunk, 1 + next(9), before);
      });
      const gzip = gzipOf(parts);
      expect(gunzipSync(gzip).equals(whole)).toBe(true);
      expect((await webGunzip(gzip)).equals(whole)).toBe(true);
      expect(gzip.readUInt32LE(gzip.length - 8)).toBe(crc32(whole));
      expect(gzip.readUInt32LE(gzip.length - 4)).toBe(whole.length);
    }
  });

  it('makes an empty gzip of no parts', async () => {
    expect(gunzipSync(gzipOf([])).length).toBe(0);
    expect((await webGunzip(gzipOf([]))).length).toBe(0);
  });

  it('stores at most one stored block', () => {
    expect(gunzipSync(gzipOf([storedPart(Buffer.alloc(0xffff, 'a'))])).length).toBe(0xffff);
    expect(() => storedPart(Buffer.alloc(0x10000))).toThrow(RangeError);
  });
});
