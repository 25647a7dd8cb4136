import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { listGzip, listJson } from './list-bytes.ts';
import type { OrderView } from './schemas.ts';

/** Decoded as a browser's page script decodes it (the Compression Streams API), which refuses anything after the end. */
async function webGunzip(bytes: Buffer): Promise<Buffer> {
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream('gzip'));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

let made = 0;
const view = (status = 'ORDERED') => {
  const n = made++;
  return { id: String(1300000000000000000n + BigInt(n) * 4099n), status, item: `Order ${n}: fries ✓` } as OrderView;
};

function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
}

/** The list after one random change: an order changed in place, taken out, put in, moved, or every order gone. */
function changed(list: OrderView[], next: (n: number) => number): OrderView[] {
  const copy = [...list];
  const at = next(copy.length + 1);
  const kind = next(100);
  if (kind < 40 && at < copy.length) copy[at] = { ...copy[at]!, status: 'CLAIMED' };
  else if (kind < 65 && at < copy.length) copy.splice(at, 1);
  else if (kind < 90) copy.splice(at, 0, view());
  else if (kind < 99 && at < copy.length) copy.splice(next(copy.length), 0, ...copy.splice(at, 1));
  else return [];
  return copy;
}

describe('the active list as bytes', () => {
  it('gzips to the list itself after any run of changes, empty list included', async () => {
    const next = random(42);
    let list = Array.from({ length: 300 }, () => view());
    for (let step = 0; step < 400; step++) {
      list = changed(list, next);
      const json = listJson(list);
      expect(json.toString()).toBe(JSON.stringify({ orders: list }));
      const gzip = listGzip(list);
      expect(gunzipSync(gzip).equals(json)).toBe(true);
      if (step % 20 === 0 || list.length === 0) expect((await webGunzip(gzip)).equals(json)).toBe(true);
    }
  });

  it('keeps the gzip of the orders a change did not touch: a claim, an order out or in changes one run of it', () => {
    let list = Array.from({ length: 300 }, () => view());
    const changes = [
      (l: OrderView[]) => l.with(150, { ...l[150]!, status: 'CLAIMED' }),
      (l: OrderView[]) => l.toSpliced(10, 1),
      (l: OrderView[]) => l.toSpliced(20, 0, view()),
    ];
    for (const change of changes) {
      const before = listGzip(list);
      list = change(list);
      const after = listGzip(list);
      let same = 0;
      while (before[same] === after[same]) same++;
      // The last 8 bytes are the CRC and length of the whole.
      for (let end = 9; before.at(-end) === after.at(-end); end++) same++;
      expect(same).toBeGreaterThan(before.length * 0.75);
    }
  });
});
