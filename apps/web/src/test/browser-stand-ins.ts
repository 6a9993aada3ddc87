/** Mantine asks for the colour scheme, the screen's width, the fonts' loading and elements' sizes, which jsdom does not answer. */
export function standInForTheBrowser() {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} },
    });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= screenMatching(() => false);
}

/** A window.matchMedia whose lists match as `matches` says, and never change. */
export function screenMatching(matches: (query: string) => boolean): typeof window.matchMedia {
  return ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
