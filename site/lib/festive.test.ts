import { describe, expect, it } from 'vitest';
import { countdownText, formatRemaining } from './festive.ts';

describe('festive countdown', () => {
  it('formats what is left, days only when there are some', () => {
    expect(formatRemaining(((3 * 24 + 4) * 3600 + 5 * 60 + 6) * 1000)).toBe('3d 04h 05m 06s');
    expect(formatRemaining(59_999)).toBe('00h 00m 59s');
    expect(formatRemaining(-5)).toBe('00h 00m 00s');
  });

  it('counts down to the label, then celebrates it', () => {
    expect(countdownText(90_000, 'Christmas', 0)).toBe('00h 01m 30s until Christmas');
    expect(countdownText(0, 'Christmas', 1)).toBe('Happy Christmas!');
  });
});
