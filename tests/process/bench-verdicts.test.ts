import { describe, expect, it } from 'vitest';
import { BUSY_CORES, othersCores, parseProcStat, verdict } from '../../bench/machine.ts';

/**
 * `npm run bench` gives a budget a verdict only when other processes left the CPU to it (bench/README.md, "Verdicts"):
 * what others used is the machine's busy time from /proc/stat less the bench's own.
 */
describe("the bench's verdicts", () => {
  const stat = (user: number, nice: number, system: number, idle: number, iowait = 0, irq = 0, softirq = 0) =>
    `cpu  ${user} ${nice} ${system} ${idle} ${iowait} ${irq} ${softirq} 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1 2\n`;

  it('count user, nice and system as busy, and interrupts, I/O waits and idle only in the total', () => {
    expect(parseProcStat(stat(100, 10, 50, 800, 20, 5, 15))).toEqual({ busy: 160, total: 1000 });
  });

  it("take the bench's own CPU time out of the machine's", () => {
    // 2 cores for 1 s: 200 ticks, 120 busy (1.2 cores); the bench used 0.9 CPU seconds of them.
    const before = parseProcStat(stat(0, 0, 0, 0));
    const after = parseProcStat(stat(100, 0, 20, 80));
    expect(othersCores(before, after, 2, 0.9, 1)).toBeCloseTo(0.3);
    // The bench's time is read apart from the machine's: never less than nothing.
    expect(othersCores(before, after, 2, 1.5, 1)).toBe(0);
    expect(othersCores(before, before, 2, 0, 1)).toBe(0);
  });

  it('give met or NOT met only when others used at most the threshold', () => {
    expect(verdict(true, 0)).toBe('met');
    expect(verdict(false, BUSY_CORES)).toBe('NOT met');
    expect(verdict(true, 0.8)).toBe(
      'no verdict: the machine was busy (other processes used 0.80 cores, more than 0.25)',
    );
    expect(verdict(false, null)).toMatch(/^no verdict/);
    expect(verdict(null, 0)).toBe('not measured');
    // A size in bytes is the same however busy the machine was.
    expect(verdict(false, 0.8, false)).toBe('NOT met');
  });
});
