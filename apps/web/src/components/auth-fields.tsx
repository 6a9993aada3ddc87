import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';

// An address and a password read left to right whatever the page's direction: only the <input> is
// turned, its label, hint and error follow the page.

/** An e-mail box the browser can fill in (autoComplete "email" unless told otherwise). */
export function EmailField(props: TextInputProps) {
  return <TextInput type="email" autoComplete="email" dir="ltr" required {...props} />;
}

/**
 * A password box with a labelled show/hide toggle; its hint, if any, under the label in a grey dark
 * enough to read on white (Mantine's dimmed one is too faint, WCAG AA).
 */
export function PasswordField({ showLabel, hint, ...props }: PasswordInputProps & { showLabel: string; hint?: string }) {
  return (
    <PasswordInput
      description={hint}
      styles={hint ? { description: { color: 'var(--mantine-color-gray-7)' } } : undefined}
      visibilityToggleButtonProps={{ 'aria-label': showLabel }}
      dir="ltr"
      required
      {...props}
    />
  );
}
