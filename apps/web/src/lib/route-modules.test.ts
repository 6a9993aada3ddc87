// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadRouteModules, ROUTE_MODULES_META, ROUTE_PRELOADS_PER_TASK, routeModules } from './route-modules';

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];

function nameScripts(content: string) {
  const meta = document.createElement('meta');
  meta.name = ROUTE_MODULES_META;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
});

describe('route modules', () => {
  const scripts = Array.from({ length: 9 }, (_, i) => `/assets/chunk-${i}-Ab_C1.js`);

  it('adds a module preload for each script the page names, a few per task, after the current task', async () => {
    vi.useFakeTimers();
    nameScripts(scripts.join(' '));
    let done = false;
    const preloading = preloadRouteModules().then(() => (done = true));
    expect(preloads()).toHaveLength(0);
    await vi.advanceTimersToNextTimerAsync();
    expect(preloads()).toHaveLength(ROUTE_PRELOADS_PER_TASK);
    expect(done).toBe(false);
    await vi.runAllTimersAsync();
    await preloading;
    expect(done).toBe(true);
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual(scripts);
    // As Vite's loader would add them, so the module scripts use what they fetched.
    for (const link of preloads()) {
      expect(link.as).toBe('script');
      expect(link.hasAttribute('crossorigin')).toBe(true);
    }
  });

  it('takes only the build’s scripts from the page, and resolves at once when it names none', async () => {
    nameScripts('/assets/ok-1.js https://elsewhere.example/x.js /assets/../x.js javascript:alert(1) /assets/y.css');
    expect(routeModules(document)).toEqual(['/assets/ok-1.js']);
    document.head.innerHTML = '';
    await expect(preloadRouteModules()).resolves.toBeUndefined();
    expect(preloads()).toHaveLength(0);
  });
});
