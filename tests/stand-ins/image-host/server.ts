import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Imgur's anonymous upload API (https://apidocs.imgur.com/, "Image Upload"), for tests and
 * local runs without the internet: `POST /3/image` with `Authorization: Client-ID <id>` and the image as the
 * multipart field `image` (or a base64 form field), answering `{ data: { id, link, … }, success, status }`.
 * Links point back at this server (`GET /<id>.<ext>`), as Imgur's point at i.imgur.com. State lives in memory.
 */

export interface StoredImage {
  id: string;
  type: string;
  bytes: Buffer;
  link: string;
}

export interface ImageHostStandIn {
  /** e.g. `http://127.0.0.1:43210`: what IMAGE_HOST_URL should be. */
  url: string;
  clientId: string;
  /** Every accepted upload, oldest first. */
  images: StoredImage[];
  /** Every request's method, path and Authorization header, oldest first. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  /** The next upload answers this status (an outage), once. */
  failNext(status: number): void;
  close(): Promise<void>;
}

export interface ImageHostOptions {
  port?: number;
  host?: string;
  clientId?: string;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function error(res: ServerResponse, status: number, message: string, path: string, method: string): void {
  send(res, status, { data: { error: message, request: path, method }, success: false, status });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startImageHostStandIn(options: ImageHostOptions = {}): Promise<ImageHostStandIn> {
  const clientId = options.clientId ?? 'stand-in-client-id';
  const images: StoredImage[] = [];
  const requests: ImageHostStandIn['requests'] = [];
  let failure: number | null = null;
  let url = '';

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const method = req.method ?? 'GET';
      requests.push({ method, path, authorization: req.headers.authorization });
      if (path === '/3/image' || path === '/3/upload') {
        if (method !== 'POST') return error(res, 405, 'Method not allowed', path, method);
        if (req.headers.authorization !== `Client-ID ${clientId}`)
          return error(res, 403, 'Invalid client_id', path, method);
        if (failure !== null) {
          const status = failure;
          failure = null;
          return error(res, status, 'Imgur is temporarily over capacity. Please try again later.', path, method);
        }
        const body = await readBody(req);
        let bytes: Buffer | null = null;
        let type = 'application/octet-stream';
        try {
          const form = await new Request('http://stand-in/', {
            method: 'POST',
            headers: { 'content-type': req.headers['content-type'] ?? '' },
            body: new Uint8Array(body),
          }).formData();
          const image = form.get('image');
          if (image instanceof Blob) {
            bytes = Buffer.from(await image.arrayBuffer());
            type = image.type || type;
          } else if (typeof image === 'string') {
            bytes = Buffer.from(image, 'base64');
          }
        } catch {
          bytes = null;
        }
        if (!bytes || bytes.length === 0)
          return error(res, 400, 'No image data was sent to the upload api', path, method);
        const id = randomBytes(5).toString('base64url');
        const extension = EXTENSIONS[type] ?? 'png';
        const stored = { id, type: EXTENSIONS[type] ? type : 'image/png', bytes, link: `${url}/${id}.${extension}` };
        images.push(stored);
        return send(res, 200, {
          data: {
            id,
            link: stored.link,
            type: stored.type,
            size: bytes.length,
            deletehash: randomBytes(8).toString('hex'),
            animated: false,
            width: 0,
            height: 0,
          },
          success: true,
          status: 200,
        });
      }
      const image =
        method === 'GET' ? images.find((i) => path === `/${i.id}.${EXTENSIONS[i.type] ?? 'png'}`) : undefined;
      if (image) {
        res.writeHead(200, { 'content-type': image.type, 'content-length': image.bytes.length });
        return res.end(image.bytes);
      }
      return error(res, 404, 'Not found', path, method);
    })().catch(() => error(res, 500, 'Internal error', req.url ?? '/', req.method ?? 'GET'));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    url,
    clientId,
    images,
    requests,
    failNext(status: number) {
      failure = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
