import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { type BrotliCompress, constants, createBrotliCompress, createGzip, type Gzip } from 'node:zlib';

/**
 * Compression of what Astro renders on request (server-rendered pages, server-island answers): brotli or gzip as
 * the browser asks. Built files are compressed once at build time (scripts/compress-assets.ts) and served as they
 * are; API answers are not compressed (small JSON, and the browser's own cache never sees most of them).
 */
export type Encoding = 'br' | 'gzip';

/** Smaller answers go as they are: a compressed frame and its headers would cost about as much as it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/** Brotli at quality 5 and gzip at level 6: most of the gain at a small part of the CPU of their maximum. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/** The encoding to use for `Accept-Encoding`: the better-rated of br and gzip (br on a tie), or null. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const br = qualityOf(acceptEncoding, 'br');
  const gzip = qualityOf(acceptEncoding, 'gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** Whether `Accept-Encoding` takes `encoding` (named, or `*`, with a quality above 0). */
export function acceptsEncoding(acceptEncoding: string | string[] | undefined, encoding: Encoding): boolean {
  return qualityOf(acceptEncoding, encoding) > 0;
}

/** The quality `Accept-Encoding` gives `encoding`: its own `q`, else `*`'s, else 0 (RFC 9110, 12.5.3). */
function qualityOf(acceptEncoding: string | string[] | undefined, encoding: Encoding): number {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 0;
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    const quality = Number.isFinite(value) ? value : 0;
    const coding = name?.trim();
    // x-gzip is gzip (RFC 9110, 8.4.1.3).
    if (coding === encoding || (coding === 'x-gzip' && encoding === 'gzip')) return quality;
    if (coding === '*') wildcard = quality;
  }
  return wildcard;
}

/** A header from `writeHead`'s own headers, else one set on the response before it. */
export function headerOf(
  headers: OutgoingHttpHeaders | undefined,
  res: ServerResponse,
  name: string,
): string | undefined {
  if (headers) {
    for (const [key, value] of Object.entries(headers)) {
      if (key.toLowerCase() === name && value !== undefined)
        return Array.isArray(value) ? value.join(', ') : String(value);
    }
  }
  const value = res.getHeader(name);
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

/** Removes a header from both `writeHead`'s headers and the response. */
export function removeHeader(headers: OutgoingHttpHeaders | undefined, res: ServerResponse, name: string): void {
  if (headers) for (const key of Object.keys(headers)) if (key.toLowerCase() === name) delete headers[key];
  res.removeHeader(name);
}

function addVary(headers: OutgoingHttpHeaders | undefined, res: ServerResponse): void {
  const vary = headerOf(headers, res, 'vary');
  if (vary && /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) return;
  removeHeader(headers, res, 'vary');
  res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

/**
 * From the moment the answer's head is written: when it is HTML of unknown or large enough length and the
 * browser accepts br or gzip, everything written to `res` goes through the compressor. Astro streams a page as it
 * renders, so what has been written is flushed at the end of each turn of the event loop, not held back.
 */
export function compressHtml(req: IncomingMessage, res: ServerResponse): void {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as
      | OutgoingHttpHeaders
      | undefined;
    const isHtml = /^text\/html\b/i.test(headerOf(headers, res, 'content-type') ?? '');
    if (isHtml) {
      addVary(headers, res);
      const length = headerOf(headers, res, 'content-length');
      const small = length !== undefined && Number(length) < MIN_COMPRESS_BYTES;
      const bodiless = req.method === 'HEAD' || status === 204 || status === 304 || status < 200;
      if (encoding && !small && !bodiless && headerOf(headers, res, 'content-encoding') === undefined) {
        removeHeader(headers, res, 'content-length');
        res.setHeader('content-encoding', encoding);
        pipeThrough(res, encoding);
      }
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
}

function pipeThrough(res: ServerResponse, encoding: Encoding): void {
  const write = res.write.bind(res) as (chunk: Chunk) => boolean;
  const end = res.end.bind(res) as (callback?: () => void) => ServerResponse;
  const compressor: BrotliCompress | Gzip =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : createGzip({ level: GZIP_LEVEL });
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let flushScheduled = false;
  let ended = false;
  compressor.on('data', (chunk: Buffer) => write(chunk));
  compressor.on('error', (error) => res.destroy(error));
  res.on('close', () => {
    if (!ended) compressor.destroy();
  });

  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      if (!ended && !compressor.destroyed) compressor.flush(flushKind);
    });
  };
  const split = (args: unknown[]) => ({
    encoding: args.find((a): a is BufferEncoding => typeof a === 'string'),
    callback: args.find((a): a is Callback => typeof a === 'function'),
  });

  res.write = ((chunk: Chunk, ...args: unknown[]): boolean => {
    const { encoding: chunkEncoding, callback } = split(args);
    compressor.write(typeof chunk === 'string' ? Buffer.from(chunk, chunkEncoding ?? 'utf8') : chunk, callback);
    scheduleFlush();
    return true;
  }) as typeof res.write;

  res.end = ((...args: unknown[]): ServerResponse => {
    const chunk = args.find((a): a is Chunk => typeof a === 'string' || a instanceof Uint8Array);
    const { callback } = split(args.filter((a) => a !== chunk));
    const chunkEncoding = args.find((a, i) => typeof a === 'string' && i > 0) as BufferEncoding | undefined;
    if (ended) return res;
    ended = true;
    compressor.once('end', () => end(callback));
    if (chunk !== undefined)
      compressor.end(typeof chunk === 'string' ? Buffer.from(chunk, chunkEncoding ?? 'utf8') : chunk);
    else compressor.end();
    return res;
  }) as typeof res.end;
}
