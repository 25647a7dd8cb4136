import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * One gzip member made of parts deflated apart (RFC 1951, 1952), so that a change re-deflates only its part: each part
 * is a raw deflate stream ended by a sync flush (byte-aligned, no final block), and such streams follow one another
 * as one stream. The CRC-32 of the whole comes from the parts' own (zlib's crc32_combine), so joining them reads no
 * uncompressed byte. Browsers decode it as any gzip; brotli has no such seam (docs/adr/0024-the-active-list-in-gzip-parts.md).
 */
export interface GzipPart {
  /** Deflated, ending byte-aligned and not final. */
  readonly deflated: Buffer;
  /** CRC-32 of the part's uncompressed bytes. */
  readonly crc: number;
  /** Their length. */
  readonly length: number;
  /** x^(8 × length) mod the CRC polynomial: what shifts the CRC of the bytes before this part past it. */
  readonly shift: number;
}

/**
 * `bytes` deflated at `level` as a part. `before`, at most 32 KiB: the bytes just before the part in the whole, which
 * a decoder holds in its window when it reaches the part, so the part may refer to them (a part of a few KiB then
 * compresses about as well as it would inside the whole); the part must then be made again when they change.
 */
export function deflatedPart(bytes: Buffer, level: number, before?: Buffer): GzipPart {
  const options = { level, finishFlush: constants.Z_SYNC_FLUSH, ...(before ? { dictionary: before } : {}) };
  return partOf(bytes, deflateRawSync(bytes, options));
}

/** `bytes` as a part stored, not compressed (fixed text of a few bytes, which deflate would only frame). */
export function storedPart(bytes: Buffer): GzipPart {
  if (bytes.length > 0xffff) throw new RangeError('A stored block holds at most 65,535 bytes');
  // A byte for "not final, stored" (the parts before end byte-aligned), then the length and its complement.
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return partOf(bytes, Buffer.concat([header, bytes]));
}

function partOf(bytes: Buffer, deflated: Buffer): GzipPart {
  return { deflated, crc: crc32(bytes), length: bytes.length, shift: powerOfX(bytes.length) };
}

/** gzip's header: deflate, no name or time, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final empty block (fixed Huffman: the end-of-block code alone), closing the stream the parts left open. */
const LAST_BLOCK = Buffer.from([3, 0]);

/** The parts, in order, as one gzip member. */
export function gzipOf(parts: readonly GzipPart[]): Buffer {
  let crc = 0;
  let length = 0;
  const chunks: Buffer[] = [HEADER];
  for (const part of parts) {
    crc = (multiplied(part.shift, crc) ^ part.crc) >>> 0;
    length += part.length;
    chunks.push(part.deflated);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}

// CRC-32 arithmetic, as zlib's crc32.c (multmodp, x2nmodp): polynomials over GF(2), bit-reversed, x^0 the top bit.
const POLYNOMIAL = 0xedb88320;
const ONE = 0x80000000;

/** a × b modulo the CRC polynomial. */
function multiplied(a: number, b: number): number {
  let product = 0;
  for (let m = ONE; a !== 0; m >>>= 1) {
    if (a & m) {
      product ^= b;
      a ^= m;
    }
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) for k = 0…31, modulo the CRC polynomial. */
const SQUARES: number[] = [ONE >>> 1];
for (let k = 1; k < 32; k++) SQUARES.push(multiplied(SQUARES[k - 1]!, SQUARES[k - 1]!));

/** x^(8 × bytes) modulo the CRC polynomial. */
function powerOfX(bytes: number): number {
  let power = ONE;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) power = multiplied(SQUARES[k % 32]!, power);
  return power;
}
