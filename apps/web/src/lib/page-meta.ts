import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * Prerendering (src/entry-server.tsx) has no effects: it passes a collector, and the hooks below
 * write the page's title and description into it while rendering, for the prerendered <head>.
 */
export interface PageMetaCollector {
  site?: PageMeta;
  page?: PageMeta;
}
export const PageMetaCollectorContext = createContext<PageMetaCollector | null>(null);

/** The site-wide title and description (the layout's), shown whenever no page has its own. */
let siteMeta: PageMeta | null = null;
/** Mounted pages that set their own: React runs a page's effects before the layout's, so the layout must not overwrite them. */
let pageClaims = 0;

function setMetaTag(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

function applyMeta({ title, description }: PageMeta) {
  document.title = title;
  setMetaTag('name', 'description', description);
  setMetaTag('property', 'og:title', title);
  setMetaTag('property', 'og:description', description);
}

/** A page's title and description for search engines and link previews (Open Graph), in its language. */
export function usePageMeta(title: string, description: string) {
  const collector = useContext(PageMetaCollectorContext);
  if (collector) collector.page = { title, description };
  useEffect(() => {
    pageClaims += 1;
    applyMeta({ title, description });
    return () => {
      pageClaims -= 1;
      if (pageClaims === 0 && siteMeta) applyMeta(siteMeta);
    };
  }, [title, description]);
}

/** The site-wide title and description, for the layout: pages without their own show these. */
export function useDefaultPageMeta(title: string, description: string) {
  const collector = useContext(PageMetaCollectorContext);
  if (collector) collector.site = { title, description };
  useEffect(() => {
    siteMeta = { title, description };
    if (pageClaims === 0) applyMeta(siteMeta);
  }, [title, description]);
}
