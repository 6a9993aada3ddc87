// @vitest-environment jsdom
import type { Airport } from '@kwenda/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bookingQueryKey, pageDataJson, readPageData, seedPageBooking, PAGE_DATA_ELEMENT_ID } from './page-data';

const hostile: Airport = {
  iataCode: 'PZU',
  nameAr: 'مطار</script><script>alert(1)</script>',
  nameEn: 'Port <!-- Sudan \u2028',
  cityNameAr: 'بورتسودان',
  cityNameEn: 'Port Sudan',
  countryCode: 'SD',
};

/** A page as the server writes it: the JSON inside its script element. */
function pageWith(json: string) {
  return new DOMParser().parseFromString(
    `<html><body><div id="root"></div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script><p id="after">after</p></body></html>`,
    'text/html',
  );
}

describe('page data', () => {
  it('survives inside the page whatever the names hold, and reads back the same', () => {
    const json = pageDataJson({ airports: [hostile] });
    expect(json).not.toMatch(/<|\u2028/);
    const page = pageWith(json);
    expect(page.querySelectorAll('script')).toHaveLength(1);
    expect(page.getElementById('after')?.textContent).toBe('after');
    expect(readPageData(page)).toEqual({ airports: [hostile] });
  });

  it('is empty on a page without it or with something else in it', () => {
    expect(readPageData(new DOMParser().parseFromString('<p>no data</p>', 'text/html'))).toEqual({ airports: [] });
    expect(readPageData(pageWith('{not json'))).toEqual({ airports: [] });
    expect(readPageData(pageWith('{"airports":"PZU"}'))).toEqual({ airports: [] });
  });

  it("carries a booking's page's booking and time, which seed the booking's query as a fresh read", () => {
    const booking = { id: 'bk_abc', bookingReference: 'KW2345AB', notes: '</script><script>alert(1)</script>' };
    const data = readPageData(pageWith(pageDataJson({ airports: [], booking: booking as never, now: 1_700_000_000_000 })));
    expect(data).toEqual({ airports: [], booking, now: 1_700_000_000_000 });
    const client = new QueryClient();
    seedPageBooking(client, data);
    expect(client.getQueryData(bookingQueryKey('bk_abc'))).toEqual(booking);
    // Fresh: a query with the app's staleTime does not read it again on mount.
    expect(client.getQueryState(bookingQueryKey('bk_abc'))!.dataUpdatedAt).toBeGreaterThan(Date.now() - 1000);
    // A booking without an id, or a time that is no number, is left out.
    expect(readPageData(pageWith('{"airports":[],"booking":{"ref":"x"},"now":"soon"}'))).toEqual({ airports: [] });
  });
});
