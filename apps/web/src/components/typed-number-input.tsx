import { NumberInput, type NumberInputProps } from '@mantine/core';
import { latinDigits } from '@kwenda/contracts/rules';
import type { ChangeEvent } from 'react';

/**
 * Mantine's number field, reading what a staff member types on an Arabic keyboard: Arabic-Indic and
 * Eastern Arabic-Indic digits, the Arabic decimal separator (٫) and thousands separator (٬). The field
 * itself keeps only Latin digits, so the text is turned into them before it sees the keystroke or the
 * paste (the capture phase runs before the field's own change handler on the same element).
 */
export function TypedNumberInput({ onChangeCapture, ...props }: NumberInputProps) {
  return (
    <NumberInput
      {...props}
      onChangeCapture={(event: ChangeEvent<HTMLInputElement>) => {
        const input = event.currentTarget;
        const typed = input.value;
        const latin = latinDigits(typed)
          .replace(/\u066b/g, '.')
          .replace(/\u066c/g, ',');
        if (latin !== typed) {
          const caret = input.selectionStart;
          input.value = latin;
          // One character became one character: the caret stays where it was.
          if (caret !== null) input.setSelectionRange(caret, caret);
        }
        onChangeCapture?.(event);
      }}
    />
  );
}
