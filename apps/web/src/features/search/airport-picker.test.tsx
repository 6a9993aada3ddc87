// @vitest-environment jsdom
import type { Airport } from '@kwenda/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render-in-app';
import { AirportPicker, type AirportData } from './airport-picker';

/** Enter typed before the airport list or its matcher has arrived (a slow phone, a fast typist). */

const PZU = { iataCode: 'PZU', name: 'Port Sudan New International', city: 'Port Sudan', country: 'SD' } as unknown as Airport;

const airports = (isLoading: boolean): AirportData => ({
  search: (query) => (!isLoading && /pzu|port/i.test(query) ? [PZU] : []),
  byCode: new Map(isLoading ? [] : [['PZU', PZU]]),
  isLoading,
  isError: false,
  retry: () => undefined,
});

afterEach(cleanup);
// jsdom lays nothing out: the list's scroll to its highlighted option is a no-op here.
Element.prototype.scrollIntoView ??= () => undefined;

/** The picker whose airports arrive when the test says so. */
function renderPicker(onChange: (code: string) => void) {
  let arrive = () => undefined as void;
  function Harness() {
    const [loading, setLoading] = useState(true);
    arrive = () => setLoading(false);
    return (
      <AirportPicker
        label="From"
        placeholder="Departure city"
        icon={null}
        value=""
        onChange={onChange}
        airports={airports(loading)}
      />
    );
  }
  renderInApp(<Harness />);
  fireEvent.click(screen.getByRole('button', { name: /From/ }));
  return { input: screen.getByRole('combobox', { name: 'From' }), arrive: () => act(() => arrive()) };
}

describe('the airport picker', () => {
  it('picks the match for an Enter pressed while the airports were loading, once they arrive', () => {
    const onChange = vi.fn();
    const { input, arrive } = renderPicker(onChange);
    fireEvent.change(input, { target: { value: 'PZU' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    arrive();
    expect(onChange).toHaveBeenCalledWith('PZU');
  });

  it('forgets that Enter when the traveller typed on', () => {
    const onChange = vi.fn();
    const { input, arrive } = renderPicker(onChange);
    fireEvent.change(input, { target: { value: 'P' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'PZU' } });
    arrive();
    expect(onChange).not.toHaveBeenCalled();
  });
});
