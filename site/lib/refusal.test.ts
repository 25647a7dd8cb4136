import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toErrorBody } from '../../core/http/errors.ts';
import { parseInput } from '../../core/http/zod.ts';
import { refusalOf } from './refusal.ts';

const Body = z.strictObject({
  name: z.string().trim().min(1).max(5),
  icon: z.string().refine((icon) => [...icon].length === 1, 'Pick one emoji.'),
});

/** The 400 message the server answers for `body` (or another part of the request). */
function serverMessage(body: unknown, schema: z.ZodType = Body, part = 'body'): string {
  try {
    parseInput(schema, body, part);
    return '';
  } catch (error) {
    return toErrorBody(error).message;
  }
}

describe('a refusal worked out before the call', () => {
  it("says what the server's 400 says, and names the field's control", () => {
    for (const body of [
      { name: '', icon: '🍔' },
      { name: 'Burgers', icon: '🍔' },
      { name: 'Fries', icon: 'ab' },
    ]) {
      expect(refusalOf(Body, body)?.message).toBe(serverMessage(body));
    }
    expect(refusalOf(Body, { name: 'Fries', icon: 'ab' }, { icon: 'team-icon' })).toEqual({
      message: 'Pick one emoji.',
      field: 'team-icon',
    });
    expect(refusalOf(Body, { name: '', icon: '🍔' }, { icon: 'team-icon' })).toEqual({
      message: expect.stringMatching(/^Invalid body\.name: /),
    });
  });

  it("says what the server's 400 says of a query string", () => {
    const Query = z.strictObject({ query: z.string().trim().min(1).max(5) });
    const query = { query: 'Too long' };
    expect(refusalOf(Query, query, {}, 'query')?.message).toBe(serverMessage(query, Query, 'query'));
    expect(refusalOf(Query, query, {}, 'query')?.message).toMatch(/^Invalid query\.query: /);
  });

  it('finds nothing wrong with a body the route takes', () => {
    expect(refusalOf(Body, { name: 'Fries', icon: '🍟' })).toBeNull();
  });
});
