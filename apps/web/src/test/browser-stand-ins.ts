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
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
