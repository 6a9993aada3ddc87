import type { Airport } from '@kwenda/contracts';
import { createContext, useContext } from 'react';

/**
 * What the server knew when it rendered the page for this address (the offers page is rendered per
 * request, apps/api/src/plugins/web-app.ts): the airports the search names, so its summary shows their
 * cities from the first paint. The page carries it as JSON (#kwenda-page-data) and the browser hydrates
 * with the same, before the full airport list has arrived. Empty on pages rendered in the browser.
 */
export interface PageData {
  airports: Airport[];
}

export const PAGE_DATA_ELEMENT_ID = 'kwenda-page-data';

const empty: PageData = { airports: [] };

export const PageDataContext = createContext<PageData>(empty);

export const usePageData = () => useContext(PageDataContext);

/** The page data the server wrote into the page, if any (a page the browser renders has none). */
export function readPageData(document: Document): PageData {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return empty;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    return { airports: Array.isArray(data.airports) ? data.airports : [] };
  } catch {
    return empty;
  }
}

/** The JSON for #kwenda-page-data, safe inside a <script> element: no "</script>" or "<!--" can close it. */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
