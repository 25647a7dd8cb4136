import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api.ts';
import { answerOf } from './client.ts';

const answered = (status: number, body: unknown) =>
  Promise.resolve({
    data: status < 400 ? body : undefined,
    error: status >= 400 ? body : undefined,
    response: new Response(null, { status: status === 204 ? 204 : status }),
  });

describe('answerOf: what a typed call gives the island', () => {
  it('gives the answer of a call that succeeded', async () => {
    await expect(answerOf(answered(200, { balance: 12 }))).resolves.toEqual({ balance: 12 });
  });

  it('throws the server’s refusal with its status and message', async () => {
    const refusal = answerOf(answered(403, { statusCode: 403, message: 'Missing permissions' }));
    await expect(refusal).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refusal).rejects.toMatchObject({ statusCode: 403, message: 'Missing permissions' });
  });

  it('throws the specification’s unknown error when no answer came', async () => {
    await expect(answerOf(Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject({
      statusCode: 500,
      message: 'Unknown error has occurred',
    });
  });

  it('throws the unknown error for a refusal without a body', async () => {
    await expect(answerOf(answered(502, undefined))).rejects.toMatchObject({
      statusCode: 502,
      message: 'Unknown error has occurred',
    });
  });
});
