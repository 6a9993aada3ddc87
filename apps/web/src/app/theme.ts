import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * The brand face, then the phone's own typefaces sized and spaced as it is (app/font-fallbacks.css): the page
 * paints with them until the face is there, and nothing moves when it arrives (decision 0041).
 */
const fontFamily =
  "'IBM Plex Sans Arabic', 'Kwenda Fallback Noto Sans Arabic', 'Kwenda Fallback Noto Naskh Arabic', 'Kwenda Fallback Arial', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

export const theme = createTheme({
  fontFamily,
  headings: { fontFamily },
  primaryColor: 'teal',
  primaryShade: 8,
  defaultRadius: 'md',
  colors: {
    teal: ['#e6f6f4', '#cdeae6', '#9dd5cd', '#69beb2', '#42ab9c', '#2a9e8e', '#1b9787', '#0b8475', '#0b5e55', '#004c44'],
  },
});

/**
 * Mantine's error red (red.6) is 3.5:1 on white; red.8 passes WCAG AA (4.6:1) for the small
 * messages under inputs.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-error': t.colors.red[8]! },
  dark: {},
});
