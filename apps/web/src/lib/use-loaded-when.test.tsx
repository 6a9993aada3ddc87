// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoadedWhen } from './use-loaded-when';

describe('a module loaded when first needed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

  it('is not asked for until needed, then kept', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'dialogs' }));
    const { result, rerender } = renderHook(({ when }) => useLoadedWhen(load, when), { initialProps: { when: false } });
    await settle();
    expect(load).not.toHaveBeenCalled();
    rerender({ when: true });
    await settle();
    expect(result.current).toEqual({ name: 'dialogs' });
    rerender({ when: false });
    await settle();
    expect(result.current).toEqual({ name: 'dialogs' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('downloads again once the browser is back online after a download failed offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ name: 'dialogs' });
    const { result } = renderHook(() => useLoadedWhen(load, true));
    await settle();
    expect(result.current).toBeUndefined();
    // Offline: no retry on a timer.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual({ name: 'dialogs' });
  });

  it('tries again after 5 s when a download failed while online, then waits twice as long each time', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ name: 'dialogs' });
    const { result } = renderHook(() => useLoadedWhen(load, true));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(load).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(load).toHaveBeenCalledTimes(3);
    expect(result.current).toEqual({ name: 'dialogs' });
  });
});
