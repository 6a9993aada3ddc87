// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OfferFacets } from '@kwenda/contracts';
import { MantineProvider } from '@mantine/core';
import { act, Suspense, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Translator } from '../../../i18n/translator';
import { TranslatorProvider } from '../../../i18n/use-translation';
import { beginHydration, markRootHydrated } from '../../../lib/hydrates-later';
import { useIdle } from '../../../lib/use-idle';
import { screenMatching, standInForTheBrowser } from '../../../test/browser-stand-ins';
import { aFormat as format } from '../testing/offer-results';
import { SidebarFilters } from './offers-results';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../i18n/locales');
const i18n = new Translator({
  lng: 'en',
  resources: {
    en: { offers: JSON.parse(fs.readFileSync(path.join(locales, 'en', 'offers.json'), 'utf8')) as Record<string, unknown> },
  },
});

const airline = { iataCode: 'SD', nameEn: 'Sudan Airways', nameAr: 'سودانير', logo: '/airlines/SD.png' };
const facets: OfferFacets = {
  unfiltered: 3,
  stops: [{ value: 'direct', count: 3 }],
  airlines: [{ airline, count: 3 }],
  slices: [{ departure: [{ value: 'morning', count: 3 }], arrival: [{ value: 'morning', count: 3 }] }],
  price: { min: 100, max: 300 },
  duration: { min: 120, max: 200 },
  bagsIncluded: 1,
};

const inApp = (children: ReactNode) => (
  <TranslatorProvider i18n={i18n}>
    <MantineProvider env="test">
      <Suspense>{children}</Suspense>
    </MantineProvider>
  </TranslatorProvider>
);

const sidebar = (shown: OfferFacets | undefined) =>
  inApp(
    <SidebarFilters
      filters={{}}
      facets={shown}
      offline={false}
      legs={[{ origin: 'PZU', destination: 'CAI' }]}
      tripType="one-way"
      currency="SDG"
      format={format}
      onChange={() => {}}
      onReset={() => {}}
    />,
  );

const roots: Root[] = [];
afterEach(() => act(() => roots.splice(0).forEach((root) => root.unmount())));

/** The server's markup of `server`, hydrated in the browser with `client`; the errors React recovered from. */
async function hydrate(server: ReactNode, client: ReactNode) {
  standInForTheBrowser();
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(server);
  const errors: unknown[] = [];
  // As main.tsx hydrates the page the server painted: the stores' hooks start from the server's snapshot.
  beginHydration();
  roots.push(await act(async () => hydrateRoot(container, client, { onRecoverableError: (error) => errors.push(error) })));
  markRootHydrated();
  return { container, errors };
}

/** A screen `width` px wide, as window.matchMedia answers the min-width queries the page asks. */
function screenWidth(width: number) {
  window.matchMedia = screenMatching((query) => {
    const minEm = /min-width:\s*([\d.]+)em/.exec(query);
    return minEm ? width >= Number(minEm[1]) * 16 : false;
  });
}

describe('parts of the offers page hydrated after the rest', () => {
  it('the filters beside the list hydrate as the server rendered them though the facets arrived meanwhile, then show them', async () => {
    screenWidth(1280);
    // The server renders the searching page: no facets yet. Its boundary hydrates a task later, by when they may have come.
    const { container, errors } = await hydrate(sidebar(undefined), sidebar(facets));
    expect(errors).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.textContent).toContain('Sudan Airways');
  });

  it('on a phone, where the stylesheet hides them, the filters beside the list are not rendered with the facets', async () => {
    screenWidth(412);
    const { container, errors } = await hydrate(sidebar(undefined), sidebar(facets));
    expect(errors).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.textContent).not.toContain('Sudan Airways');
    expect(container.querySelector('aside')).not.toBeNull();
  });

  it('a part kept until the browser is idle is not in the server markup, hydrates without a mismatch, then renders', async () => {
    function Later() {
      return useIdle() ? <p>later</p> : null;
    }
    const { container, errors } = await hydrate(inApp(<Later />), inApp(<Later />));
    expect(errors).toEqual([]);
    expect(container.querySelector('p')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(container.querySelector('p')?.textContent).toBe('later');
  });
});
