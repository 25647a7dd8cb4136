import { describe, expect, it } from 'vitest';
import { meanSeconds } from './queries.ts';

/** Means are taken once from a sum of microseconds and a count, rounded half up to a tenth, in integers. */
describe('meanSeconds', () => {
  it('is null with nothing counted', () => {
    expect(meanSeconds({ us: 0n, n: 0 })).toBeNull();
  });

  it('rounds half up to a tenth of a second, exactly', () => {
    expect(meanSeconds({ us: 12_050_000n, n: 1 })).toBe(12.1);
    expect(meanSeconds({ us: 12_049_999n, n: 1 })).toBe(12);
    // 24.1 s over 2: 12.05 s, a tie a float average could round either way.
    expect(meanSeconds({ us: 24_100_000n, n: 2 })).toBe(12.1);
    expect(meanSeconds({ us: 1n, n: 3 })).toBe(0);
  });

  it('adds up the same in any grouping of days', () => {
    const days = [
      { us: 310_123_456n, n: 3 },
      { us: 95_000_001n, n: 1 },
      { us: 1_200_999_999n, n: 7 },
    ];
    const total = days.reduce((sum, d) => ({ us: sum.us + d.us, n: sum.n + d.n }), { us: 0n, n: 0 });
    expect(meanSeconds(total)).toBe(Math.round(((310.123456 + 95.000001 + 1200.999999) / 11) * 10) / 10);
  });

  it('keeps sums beyond what a double holds exactly', () => {
    // 2^60 µs over 2^40 counts: 1,048,576 µs each, 1.048576 s.
    expect(meanSeconds({ us: 2n ** 60n, n: 2 ** 40 })).toBe(1);
  });

  it('rounds a negative mean half up too', () => {
    expect(meanSeconds({ us: -1_250_000n, n: 1 })).toBe(-1.2);
    expect(meanSeconds({ us: -1_260_000n, n: 1 })).toBe(-1.3);
  });
});
