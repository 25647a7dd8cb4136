import { createHash } from 'node:crypto';
import { publicAccess } from '../auth/guards.ts';
import type { App } from '../plugin.ts';
import { buildOpenApiDocument, OpenApiDocumentSchema } from './openapi.ts';
import type { RouteEntry } from './routes.ts';
import { nonJsonAnswer } from './zod.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 1.5rem;color:#1a1a1a;background:#fff}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:2px solid #f5821f;text-transform:capitalize}
section{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f5f5f5;padding:.5rem;overflow:auto;max-height:24rem}
.m{display:inline-block;min-width:4.5rem;font-weight:700;color:#fff;background:#3a6ea5;border-radius:4px;padding:0 .4rem;text-align:center}
.m-post{background:#2e7d32}.m-patch,.m-put{background:#8a5a00}.m-delete{background:#b3261e}
@media (prefers-color-scheme:dark){body{background:#141414;color:#eee}section{border-color:#444}pre{background:#222}}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

type Operation = {
  description: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
};

/** The API reference as one readable page: every operation by plugin, with its guard, parameters and body schema. */
function renderDocs(document: ReturnType<typeof buildOpenApiDocument>): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(
    document.paths as Record<string, Record<string, Operation & { tags: string[] }>>,
  )) {
    for (const [method, operation] of Object.entries(methods)) {
      const params = operation.parameters
        .map((p) => `<code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})`)
        .join(', ');
      const body = Object.entries(operation.requestBody?.content ?? {})
        .map(
          ([type, { schema }]) =>
            `<details><summary>Request body (${escapeHtml(type)})</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`,
        )
        .join('');
      const answers = Object.keys(operation.responses)
        .filter((status) => status !== 'default')
        .join(', ');
      const html = `<section><h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3><p>${escapeHtml(operation.description)}</p>${params ? `<p>Parameters: ${params}</p>` : ''}<p>Answers: ${answers}</p>${body}</section>`;
      const tag = operation.tags[0] ?? 'core';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const groups = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('')}`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Virtual Diner API</title><style>${STYLE}</style></head><body><main><h1>Virtual Diner API</h1><p>Every route, generated from the routes' own schemas. Errors are <code>{ statusCode, error, message }</code> (with <code>issues</code> on a 400). Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>${groups.join('')}</main></body></html>`;
}

/** `GET /api/openapi.json` and `GET /api/docs`: built once, from the complete route table, on first request. */
export function registerApiDocs(app: App, routes: readonly RouteEntry[], serverUrl: string): void {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  let page: string | undefined;
  const current = () =>
    (document ??= buildOpenApiDocument(routes, { title: 'Virtual Diner API', version: '1', serverUrl }));
  app.get(
    '/api/openapi.json',
    { onRequest: publicAccess, schema: { response: { 200: OpenApiDocumentSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return current();
    },
  );
  app.get(
    '/api/docs',
    { onRequest: publicAccess, schema: { response: { 200: nonJsonAnswer('text/html', 'The reference page.') } } },
    async (_request, reply) => {
      page ??= renderDocs(current());
      reply
        .header('cache-control', 'no-cache')
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
        )
        .type('text/html; charset=utf-8');
      return page;
    },
  );
}
