// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { standInForTheBrowser } from '../test/browser-stand-ins';
import { TypedNumberInput } from './typed-number-input';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
standInForTheBrowser();

let root: Root | null = null;
let container: HTMLDivElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** Types `text` into the field as a browser does: the new value, then an input event. */
function type(input: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function renderField(props: { decimalScale?: number; thousandSeparator?: string } = {}) {
  const seen: (number | string)[] = [];
  function Field() {
    const [value, setValue] = useState<number | string>('');
    return (
      <TypedNumberInput
        label="amount"
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
        {...props}
      />
    );
  }
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <MantineProvider>
        <Field />
      </MantineProvider>,
    ),
  );
  return { input: container.querySelector('input')!, seen };
}

describe('a desk number field', () => {
  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    const { input, seen } = renderField({ decimalScale: 2, thousandSeparator: ',' });
    type(input, '١٢٣٤٫٥');
    expect(seen.at(-1)).toBe(1234.5);
    expect(input.value).toBe('1,234.5');
  });

  it('reads Eastern Arabic-Indic digits and the Arabic thousands separator', () => {
    const { input, seen } = renderField({ thousandSeparator: ',' });
    type(input, '۲٬۵۰۰');
    expect(seen.at(-1)).toBe(2500);
  });

  it('still reads Latin digits', () => {
    const { input, seen } = renderField();
    type(input, '42.25');
    expect(seen.at(-1)).toBe(42.25);
  });
});
