import { describe, expect, it } from 'vitest';
import { greeting } from './greeting.ts';

describe('greeting', () => {
  it('says Morning before 12, Afternoon before 17, else Evening', () => {
    expect([0, 11, 12, 16, 17, 23].map(greeting)).toEqual([
      'Morning',
      'Morning',
      'Afternoon',
      'Afternoon',
      'Evening',
      'Evening',
    ]);
  });
});
