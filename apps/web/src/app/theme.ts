import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * The phone's own typefaces sized and spaced as the brand face (app/font-fallbacks.css), led by the brand
 * face itself (IBM Plex Sans Arabic) once this browser has fetched it: `--kw-brand-face` names it under a
 * class on <html> (app/brand-font.css, lib/brand-font.ts) and is unset otherwise, when the first fallback
 * stands in its place. A first visit never waits for the faces nor paints its text twice (decision 0041).
 */
export const fallbackFonts =
  "'Kwenda Fallback Noto Sans Arabic', 'Kwenda Fallback Noto Naskh Arabic', 'Kwenda Fallback Arial', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const fontFamily = `var(--kw-brand-face, 'Kwenda Fallback Noto Sans Arabic'), ${fallbackFonts}`;

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
