// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { hydratesApart } from './hydrates-apart';

let renders = 0;
function Part({ label }: { label: string }) {
  renders++;
  return <p>{label}</p>;
}
const Apart = hydratesApart(Part);

describe('a part of the booking page that hydrates on its own', () => {
  afterEach(() => {
    cleanup();
    renders = 0;
  });

  it('is left alone when the page renders again with the same props (an update would hydrate it at once)', () => {
    let rerender!: () => void;
    function Page() {
      const [count, setCount] = useState(0);
      rerender = () => setCount((n) => n + 1);
      return (
        <div data-count={count}>
          <Apart label="trip" />
        </div>
      );
    }
    render(<Page />);
    act(() => rerender());
    expect(renders).toBe(1);
  });

  it("hydrates the server's markup as it is, in a boundary of its own", async () => {
    const html = renderToString(<Apart label="trip" />);
    expect(html).toBe('<!--$--><p>trip</p><!--/$-->');
    const container = document.createElement('div');
    container.innerHTML = html;
    const paragraph = container.querySelector('p');
    await act(async () => {
      hydrateRoot(container, <Apart label="trip" />);
    });
    expect(container.querySelector('p')).toBe(paragraph);
  });
});
