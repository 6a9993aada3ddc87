import { createTheme } from '@mantine/core';

const fontFamily = "'IBM Plex Sans Arabic', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

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
