// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_REVEALED, REVEAL_STEP, useRevealedCount } from './use-revealed-count';

describe('cards revealed a few at a time', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Runs the pending timer and the transition it starts. */
  const nextStep = () => act(() => vi.advanceTimersToNextTimer());

  it('shows the first cards at once and adds the rest a step per task until all are there', async () => {
    const { result } = renderHook(({ total, key }) => useRevealedCount(total, key), { initialProps: { total: 10, key: 'a' } });
    expect(result.current).toBe(FIRST_REVEALED);
    const seen = [result.current];
    while (result.current < 10) {
      await nextStep();
      seen.push(result.current);
    }
    const steps: number[] = [];
    for (let shown = FIRST_REVEALED; shown < 10; shown += REVEAL_STEP) steps.push(shown);
    expect(seen).toEqual([...steps, 10]);
    expect(steps.length).toBeGreaterThan(2);
    // Nothing more is scheduled once all are shown.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never shows more than there are, and reveals a next page appended at the end the same way', async () => {
    const { result, rerender } = renderHook(({ total, key }) => useRevealedCount(total, key), {
      initialProps: { total: 2, key: 'a' },
    });
    expect(result.current).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
    rerender({ total: 10, key: 'a' });
    expect(result.current).toBe(FIRST_REVEALED);
    while (result.current < 10) await nextStep();
    rerender({ total: 20, key: 'a' });
    expect(result.current).toBe(10);
    await nextStep();
    expect(result.current).toBe(10 + REVEAL_STEP);
  });

  it('starts again from the first cards for a list that starts with another item', async () => {
    const { result, rerender } = renderHook(({ total, key }) => useRevealedCount(total, key), {
      initialProps: { total: 10, key: 'a' },
    });
    while (result.current < 10) await nextStep();
    rerender({ total: 10, key: 'b' });
    expect(result.current).toBe(FIRST_REVEALED);
  });
});
