import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../core/config.ts';
import type { DomainError } from '../../core/errors.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { ordersText } from './i18n/index.ts';
import { UPLOAD_NAME_RE } from './schemas.ts';

/** What we take: pictures browsers show, recognised by their bytes, never by the name or type the client sent. */
const ACCEPTED = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);
const TYPE_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const HOST_TIMEOUT_MS = 15_000;

export function tooLarge(maxBytes: number): DomainError {
  // English writes the size as it always has (2.5 MB); the other languages as they write numbers (2,5 Mo).
  if (maxBytes < 1024 * 1024)
    return localizedError(ordersText, 'bad_request', 'refusal.imageTooLargeKb', { size: Math.round(maxBytes / 1024) });
  const size = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return localizedError(ordersText, 'bad_request', 'refusal.imageTooLargeMb', { size });
}

/**
 * Order pictures: an upload is sniffed (PNG, JPEG, GIF or WebP by magic bytes, at most UPLOAD_MAX_BYTES), then
 * sent to the image host (IMAGE_HOST_URL, Imgur's anonymous API) or stored under `$DATA_DIR/uploads` with a random
 * name and served at `/uploads/<name>`. Nothing is stored for a refused file.
 */
export class ImageStore {
  readonly #config: Config;

  constructor(config: Config) {
    this.#config = config;
  }

  get localDir(): string {
    return path.join(this.#config.dataDir, 'uploads');
  }

  /** The link the prepare dialog puts in an order's images. */
  async upload(bytes: Buffer): Promise<string> {
    const { maxBytes, hostUrl, hostClientId } = this.#config.plugins.orders.images;
    if (bytes.length === 0) throw localizedError(ordersText, 'bad_request', 'refusal.imageEmpty');
    if (bytes.length > maxBytes) throw tooLarge(maxBytes);
    // file-type (and the tokenizers under it) loads with the first upload, not with every start.
    const { fileTypeFromBuffer } = await import('file-type');
    const type = await fileTypeFromBuffer(bytes);
    const extension = type ? ACCEPTED.get(type.mime) : undefined;
    if (!type || !extension) throw localizedError(ordersText, 'bad_request', 'refusal.imageType');
    if (hostUrl) return this.#toHost(hostUrl, hostClientId, bytes, type.mime, extension);
    return this.#toDisk(bytes, extension);
  }

  /** Imgur-style: `POST {host}/3/image` with `Authorization: Client-ID …`, multipart field `image`; `{ data: { link } }`. */
  async #toHost(
    hostUrl: string,
    clientId: string | undefined,
    bytes: Buffer,
    mime: string,
    extension: string,
  ): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: mime }), `image.${extension}`);
    form.append('type', 'file');
    let link: unknown;
    try {
      const response = await fetch(`${hostUrl}/3/image`, {
        method: 'POST',
        headers: { authorization: `Client-ID ${clientId ?? ''}`, accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(HOST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`image host answered ${response.status}`);
      link = ((await response.json()) as { data?: { link?: unknown } }).data?.link;
    } catch (error) {
      void error;
      throw localizedError(ordersText, 'unavailable', 'refusal.imageHostDown');
    }
    if (typeof link !== 'string' || !/^https?:\/\//.test(link) || link.length > 512) {
      throw localizedError(ordersText, 'unavailable', 'refusal.imageHostLink');
    }
    return link;
  }

  async #toDisk(bytes: Buffer, extension: string): Promise<string> {
    const dir = path.join(this.#config.dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    const name = `${randomBytes(18).toString('base64url')}.${extension}`;
    const file = path.join(dir, name);
    try {
      await writeFile(file, bytes, { flag: 'wx' });
    } catch (error) {
      await unlink(file).catch(() => {});
      throw error;
    }
    return `/uploads/${name}`;
  }

  /** A stored upload to serve, or null (bad name or no such file). */
  async open(name: string): Promise<{ stream: NodeJS.ReadableStream; type: string; size: number } | null> {
    if (!UPLOAD_NAME_RE.test(name)) return null;
    const file = path.join(path.join(this.#config.dataDir, 'uploads'), name);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      const extension = name.slice(name.lastIndexOf('.') + 1);
      return { stream: createReadStream(file), type: TYPE_OF_EXTENSION[extension]!, size: info.size };
    } catch {
      return null;
    }
  }
}
