import { describe, expect, it } from 'vitest';
import { containsPattern } from './like.ts';

describe('containsPattern', () => {
  it("wraps the text in wildcards and makes the user's own wildcards literal", () => {
    expect(containsPattern('pizza')).toBe('%pizza%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
