// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, FIRST_PAINT_WAIT_MS } from './first-paint';

/** The browser's paint timing, as a page sees it: entries already recorded, and an observer told of new ones. */
class PaintTiming {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  static observers: PaintTiming[] = [];
  static recorded: string[] = [];
  observing = false;
  constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    PaintTiming.observers.push(this);
  }
  observe(options: { type: string; buffered?: boolean }) {
    expect(options).toEqual({ type: 'paint', buffered: true });
    this.observing = true;
  }
  disconnect() {
    this.observing = false;
  }
  static paint(name: string) {
    PaintTiming.recorded.push(name);
    for (const observer of PaintTiming.observers.filter((o) => o.observing))
      observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  PaintTiming.observers = [];
  PaintTiming.recorded = [];
  visibility = 'visible';
  vi.stubGlobal('PerformanceObserver', PaintTiming);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
    PaintTiming.recorded.filter((entry) => entry === name).map(() => ({ name }) as PerformanceEntry),
  );
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Whether the promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('after the first contentful paint', () => {
  it('waits for the page’s first text or picture to be shown, not for a first paint without them', async () => {
    const waiting = afterFirstContentfulPaint();
    expect(await settled(waiting)).toBe(false);
    PaintTiming.paint('first-paint');
    expect(await settled(waiting)).toBe(false);
    PaintTiming.paint('first-contentful-paint');
    expect(await settled(waiting)).toBe(true);
    // It stops listening once told.
    expect(PaintTiming.observers.every((observer) => !observer.observing)).toBe(true);
  });

  it('goes on at once when the page has already painted, or the browser reports no paints', async () => {
    PaintTiming.recorded.push('first-contentful-paint');
    expect(await settled(afterFirstContentfulPaint())).toBe(true);
    expect(PaintTiming.observers).toHaveLength(0);
    PaintTiming.recorded = [];
    PaintTiming.supportedEntryTypes = ['largest-contentful-paint'];
    try {
      expect(await settled(afterFirstContentfulPaint())).toBe(true);
    } finally {
      PaintTiming.supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    }
  });

  it('does not wait in a background tab, which paints nothing until shown', async () => {
    visibility = 'hidden';
    expect(await settled(afterFirstContentfulPaint())).toBe(true);
    visibility = 'visible';
    const waiting = afterFirstContentfulPaint();
    expect(await settled(waiting)).toBe(false);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(waiting)).toBe(true);
  });

  it(`goes on after ${FIRST_PAINT_WAIT_MS} ms when no paint is reported`, async () => {
    const waiting = afterFirstContentfulPaint();
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
    expect(PaintTiming.observers[0]?.observing).toBe(false);
  });
});
