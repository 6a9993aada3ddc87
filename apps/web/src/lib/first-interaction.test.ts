// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (it keeps one promise for the page's life), and whether it has resolved. */
async function watch() {
  vi.resetModules();
  const { afterFirstInteraction } = await import('./first-interaction');
  const state = { touched: false };
  void afterFirstInteraction().then(() => (state.touched = true));
  return state;
}
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('afterFirstInteraction', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="strip" style="overflow-x:auto"><button>day</button></div>';
  });

  it('waits while the page scrolls a part of itself (a strip bringing its day into view)', async () => {
    const state = await watch();
    document.getElementById('strip')!.dispatchEvent(new Event('scroll'));
    await settle();
    expect(state.touched).toBe(false);
  });

  it.each([
    ['the page scrolled', () => document.dispatchEvent(new Event('scroll', { bubbles: true }))],
    ['a tap', () => document.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['a key', () => document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' }))],
    ['a focus moved', () => document.querySelector('button')!.focus()],
    ['a wheel turned', () => document.body.dispatchEvent(new WheelEvent('wheel', { bubbles: true }))],
  ])('resolves at %s', async (_, touch) => {
    const state = await watch();
    touch();
    await settle();
    expect(state.touched).toBe(true);
  });
});
