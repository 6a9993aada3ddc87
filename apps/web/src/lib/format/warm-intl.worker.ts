/**
 * Builds the number formats it is sent, then answers. ICU's data and caches belong to the page's whole
 * renderer process, not to this thread: once a worker has built a format, the page's main thread builds
 * the same one in a fraction of a millisecond (lib/format/format-price.ts preparePriceFormats).
 */
export interface WarmIntlRequest {
  locale: string;
  options: Intl.NumberFormatOptions;
}

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<WarmIntlRequest[]>) => void) | null;
  postMessage(message: null): void;
};

scope.onmessage = (event) => {
  for (const { locale, options } of event.data) new Intl.NumberFormat(locale, options).formatToParts(1);
  scope.postMessage(null);
};
