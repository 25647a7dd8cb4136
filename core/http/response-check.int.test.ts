import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { publicAccess } from '../auth/guards.ts';
import { DomainError } from '../errors.ts';
import { definePlugin } from '../plugin.ts';
import { refusalProblem, responseProblem } from './response-check.ts';
import { NoContentSchema, nonJsonAnswer } from './zod.ts';

const Answer = z.strictObject({ count: z.int() });

describe('checking answers against their route’s declared responses', () => {
  it('finds an undeclared success status and a body its schema refuses, and lets the rest pass', () => {
    const declared = { 200: Answer, 204: NoContentSchema };
    expect(responseProblem(declared, 200, '{"count":1}')).toBeNull();
    expect(responseProblem(declared, 204, '')).toBeNull();
    expect(responseProblem(declared, 201, '{"count":1}')).toMatch(
      /answered 201, which it does not declare \(200, 204\)/,
    );
    expect(responseProblem(declared, 200, '{"count":"1"}')).toMatch(
      /count: Invalid input: expected number, received string/,
    );
    expect(responseProblem(declared, 200, '{"count":1,"secret":2}')).toMatch(/Unrecognized key: "secret"/);
    expect(responseProblem(declared, 200, 'not json')).toMatch(/not JSON/);
    // An answer that is not JSON is checked by its Content-Type.
    const image = { 200: nonJsonAnswer('image/*', 'An image') };
    expect(responseProblem(image, 200, Buffer.from('GIF89a'), { contentType: 'image/gif' })).toBeNull();
    expect(responseProblem(image, 200, '<p>', { contentType: 'text/html; charset=utf-8' })).toMatch(
      /answered 200 as text\/html, where it declares image\/\*/,
    );
    // Errors have the one error shape; a route that declares nothing yet is not checked.
    expect(responseProblem(declared, 404, '{"statusCode":404}')).toBeNull();
    expect(responseProblem(undefined, 200, '{"anything":true}')).toBeNull();
  });

  it('holds every refusal but 405 to the statuses the route’s API document lists', () => {
    const documented = new Set(['200', '400', '401', '403', '404']);
    expect(refusalProblem(documented, 404)).toBeNull();
    expect(refusalProblem(documented, 409)).toMatch(/refused with 409, which its API document does not list/);
    // 405 is the document's rule for every path; a 5xx is a failure, not an answer the route chooses.
    expect(refusalProblem(documented, 405)).toBeNull();
    expect(refusalProblem(documented, 503)).toBeNull();
    // A route the document does not describe (a page, the /api/* fallback) is not held to it.
    expect(refusalProblem(null, 409)).toBeNull();
  });

  describe('in the test app', () => {
    const liar = definePlugin({
      name: 'liar',
      routes(app) {
        app.get('/api/test/honest', { onRequest: publicAccess, schema: { response: { 200: Answer } } }, async () => ({
          count: 1,
        }));
        app.get(
          '/api/test/undocumented-refusal',
          { onRequest: publicAccess, schema: { response: { 200: Answer } } },
          async (): Promise<{ count: number }> => {
            throw new DomainError('conflict', 'Already done.');
          },
        );
        // Typed against its schema, so only a cast gets a wrong body past tsc: what the check is for.
        app.get(
          '/api/test/liar',
          { onRequest: publicAccess, schema: { response: { 200: Answer } } },
          async () => ({ count: 'one' }) as unknown as { count: number },
        );
      },
    });
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp({ plugins: [liar] });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('fails the inject that got a wrong answer, naming the route and the field', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/test/honest' })).json()).toEqual({ count: 1 });
      await expect(app.inject({ method: 'GET', url: '/api/test/liar' })).rejects.toThrow(
        /GET \/api\/test\/liar \(\/api\/test\/liar\) answered 200 with a body its schema refuses: count/,
      );
    });

    it('fails the inject that got a refusal its route does not document', async () => {
      await expect(app.inject({ method: 'GET', url: '/api/test/undocumented-refusal' })).rejects.toThrow(
        /refused with 409, which its API document does not list/,
      );
    });
  });
});
