import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { stringFields } from '../../tests/support/zod-walk.ts';
import { ID_PATTERN } from '../shared/ids.ts';

/** The API document (issue 10): valid OpenAPI 3.1, every registered route in it, each with its guard. */
describe('the API document', () => {
  let app: TestApp;
  let document: {
    paths: Record<
      string,
      Record<
        string,
        {
          security: Record<string, string[]>[];
          requestBody?: unknown;
          parameters: { name: string; in: string; schema: { type?: string; pattern?: string } }[];
        }
      >
    >;
  };

  beforeAll(async () => {
    app = await createTestApp({ env: { DISCORD_PUBLIC_KEY: 'a'.repeat(64) } });
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => app?.close());

  it('is a valid OpenAPI 3.1 document (a maintained parser validates it)', async () => {
    const validated = await SwaggerParser.validate(structuredClone(document) as never);
    expect((validated as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('lists every registered route and method but the site’s pages and the /api/* fallback', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const route of app.server.routes) {
      if (route.plugin === 'site' || route.url === '/api/*') continue;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        checked += 1;
        if (!document.paths[path]?.[method.toLowerCase()]) missing.push(`${method} ${route.url}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('states each route’s guard as its security requirement, and documents its schemas', () => {
    const ban = document.paths['/api/client/admin/users/{id}/ban']!.post!;
    expect(ban.security).toEqual([{ bearer: ['MANAGE_USERS'] }, { session: ['MANAGE_USERS'] }]);
    expect(ban.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(ban.requestBody).toMatchObject({
      content: {
        'application/json': { schema: { type: 'object', properties: { reason: { type: 'string', maxLength: 500 } } } },
      },
    });
    expect(document.paths['/api/client/settings']!.get!.security).toEqual([]);
    expect(document.paths['/api/client/settings/teamsEnabled']!.post!.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { val: { type: 'boolean' } } } } },
    });
  });

  it('states any-of guards as alternatives, one requirement per permission, and `both` as one', () => {
    const leave = document.paths['/api/client/onleave/requests']!.get!;
    expect(leave.security).toEqual([
      { bearer: ['SUBMIT_ON_LEAVE_REQUEST'] },
      { session: ['SUBMIT_ON_LEAVE_REQUEST'] },
      { bearer: ['MANAGE_ON_LEAVE_REQUESTS'] },
      { session: ['MANAGE_ON_LEAVE_REQUESTS'] },
    ]);
    expect(document.paths['/api/client/report/orders']!.post!.security).toEqual([
      { bearer: ['VIEW_BACKLOG', 'FEEDBACK_BETA'] },
      { session: ['VIEW_BACKLOG', 'FEEDBACK_BETA'] },
    ]);
  });

  it('shows the ID pattern on every ID in a path or query, the user ID of /api/v3/users/{id} among them', () => {
    const user = document.paths['/api/v3/users/{id}']!.get!.parameters.find((p) => p.name === 'id');
    expect(user?.schema).toMatchObject({ type: 'string', pattern: '^\\d{16,20}$' });
    const missing: string[] = [];
    let checked = 0;
    for (const route of app.server.routes) {
      if (route.plugin === 'site' || route.url === '/api/*') continue;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      for (const [part, where] of [
        ['params', 'path'],
        ['querystring', 'query'],
      ] as const) {
        for (const field of stringFields(route.schema[part]).filter((f) => f.usesSnowflake && f.path.length === 1)) {
          for (const method of route.methods.filter((m) => m !== 'HEAD')) {
            checked += 1;
            const parameter = document.paths[path]?.[method.toLowerCase()]?.parameters.find(
              (p) => p.name === field.path[0] && p.in === where,
            );
            if (parameter?.schema.pattern !== ID_PATTERN.source)
              missing.push(`${method} ${path} ${where} ${String(field.path[0])}: ${JSON.stringify(parameter?.schema)}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('declares every parameter its path template names, and none it does not, in every operation', () => {
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const named = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
      for (const [method, operation] of Object.entries(operations)) {
        const declared = operation.parameters
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        if (JSON.stringify(declared) !== JSON.stringify(named))
          wrong.push(`${method} ${path}: declares ${declared.join(',') || 'none'}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(document.paths['/uploads/{name}']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'name', in: 'path', required: true }),
    ]);
  });

  it('documents what routes read and answer outside their schemas: a signature, a multipart body, a WebSocket', () => {
    const operations = document.paths as unknown as Record<string, Record<string, Record<string, unknown>>>;
    const interactions = operations['/api/interactions']!.post!;
    expect(interactions.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'X-Signature-Ed25519', in: 'header', required: true }),
        expect.objectContaining({ name: 'X-Signature-Timestamp', in: 'header', required: true }),
      ]),
    );
    expect(Object.keys(interactions.responses as object)).toEqual(expect.arrayContaining(['200', '401']));
    const upload = operations['/api/client/orders/images/upload']!.post!;
    expect(upload.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { required: ['image'] } } },
    });
    expect(Object.keys(upload.responses as object)).toEqual(expect.arrayContaining(['201', '413']));
    expect(upload.responses).not.toHaveProperty('200');
    const gateway = operations['/gateway']!.get!;
    expect(gateway.responses).toHaveProperty('101');
    expect(gateway.description).toMatch(/WebSocket/);
  });

  it('documents the success answers a route declares, with their bodies, instead of a generic 200', () => {
    type Answer = { content: { 'application/json': { schema: unknown } } };
    const operations = document.paths as unknown as Record<
      string,
      Record<string, { responses: Record<string, Answer> }>
    >;
    const all = operations['/api/client/settings']!.get!.responses;
    expect(all['200']!.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['settings'],
      properties: { settings: { properties: { teamsEnabled: { type: 'boolean' } } } },
    });
    const update = operations['/api/client/settings/hourlyReward']!.post!.responses;
    expect(update['200']!.content['application/json'].schema).toMatchObject({
      properties: { updatedValue: { type: 'integer', minimum: 1 } },
    });
    expect(Object.keys(operations['/api/client/settings/{key}']!.post!.responses)).not.toContain('200');
  });

  it('has every route declare its answers (the site’s pages aside)', () => {
    const undeclared = app.server.routes
      .filter((route) => route.plugin !== 'site' && !route.url.includes('*') && !route.schema.response)
      .map((route) => `${route.methods.join(',')} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('has a readable reference page listing every path, under a strict Content-Security-Policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    for (const path of Object.keys(document.paths)) expect(res.body).toContain(path.replace(/&/g, '&#38;'));
  });
});
