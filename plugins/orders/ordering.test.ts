import { describe, expect, it } from 'vitest';
import { resolveItemText } from './ordering.ts';

const alice = {
  '123456789012345678': { username: 'alice', globalName: 'Alice' },
  '223456789012345678': { username: 'bob', globalName: null },
};

describe('an order’s text', () => {
  it('resolves user mentions to names (the stored item pings nobody) and trims spaces', () => {
    expect(resolveItemText('  Tea for <@123456789012345678> and <@!223456789012345678>  ', alice)).toEqual({
      item: 'Tea for @Alice and @bob',
      mentions: [
        { id: '123456789012345678', name: 'Alice' },
        { id: '223456789012345678', name: 'bob' },
      ],
    });
    expect(resolveItemText('Tea for <@999999999999999999>', alice)).toEqual({ item: 'Tea for @someone', mentions: [] });
  });

  it.each([
    ['Burger https://evil.example', 'Links are not allowed in an order.'],
    ['Burger http://x.y', 'Links are not allowed in an order.'],
    ['join discord.gg/abc', 'Links are not allowed in an order.'],
    ['Burger @everyone', 'An order cannot mention @everyone, @here or a role.'],
    ['Burger @HERE', 'An order cannot mention @everyone, @here or a role.'],
    ['Burger <@&123456789012345678>', 'An order cannot mention @everyone, @here or a role.'],
    ['   ', 'Tell the kitchen what you would like to eat.'],
    ['a'.repeat(201), 'An order is at most 200 characters.'],
  ])('refuses %j', (text, message) => {
    expect(() => resolveItemText(text, alice)).toThrow(expect.objectContaining({ kind: 'bad_request', message }));
  });

  it('counts the length after mentions are resolved', () => {
    expect(resolveItemText('a'.repeat(200), {}).item).toHaveLength(200);
    expect(() => resolveItemText(`${'a'.repeat(195)} <@123456789012345678>`, alice)).toThrow(/at most 200/);
  });
});
