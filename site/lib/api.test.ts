import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_LOADING_DISPLAY_MS, withMinimumDisplay } from './api.ts';

/** Where a promise stands, read without waiting for it. */
function track<T>(promise: Promise<T>): { state: 'pending' | 'resolved' | 'rejected' } {
  const seen = { state: 'pending' as 'pending' | 'resolved' | 'rejected' };
  promise.then(
    () => (seen.state = 'resolved'),
    () => (seen.state = 'rejected'),
  );
  return seen;
}

describe('the fetch minimum display delay (specification §9: 200 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 200 ms', () => {
    expect(MIN_LOADING_DISPLAY_MS).toBe(200);
  });

  it('holds a quick answer until the loading state has shown for 200 ms', async () => {
    const call = track(withMinimumDisplay(Promise.resolve('done')));
    await vi.advanceTimersByTimeAsync(199);
    expect(call.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(call.state).toBe('resolved');
  });

  it('holds a quick failure too, then passes it on', async () => {
    const promise = withMinimumDisplay(Promise.reject(new Error('refused')));
    const call = track(promise);
    await vi.advanceTimersByTimeAsync(199);
    expect(call.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).rejects.toThrow('refused');
  });

  it('adds nothing to a call that took longer', async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('late'), 350));
    const promise = withMinimumDisplay(slow);
    const call = track(promise);
    await vi.advanceTimersByTimeAsync(349);
    expect(call.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(call.state).toBe('resolved');
    await expect(promise).resolves.toBe('late');
  });
});
