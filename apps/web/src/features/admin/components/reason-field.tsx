import { DESK_LIMITS } from '@kwenda/contracts/admin';
import { Textarea, type TextareaProps } from '@mantine/core';

/** A reason staff must give is a few words at the least (the server asks the same). */
export const reasonTooShort = (reason: string) => reason.trim().length < 3;

/**
 * Why staff do something (a reason, a note): a few lines that grow as they type, up to the length
 * the server keeps, with its hint dark enough to read on white (Mantine's grey is below 4.5:1).
 */
export function ReasonField({
  value,
  onChange,
  ...props
}: Omit<TextareaProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <Textarea
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={DESK_LIMITS.reasonMaxLength}
      autosize
      minRows={2}
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      {...props}
    />
  );
}
