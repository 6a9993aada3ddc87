// Two weights, regular and bold (Mantine's "medium" 600 renders with the bold face): each face is
// about 45 KB in Arabic plus 20 KB in Latin, and a third weight on the first screen cost Lighthouse
// 3 to 4 points on a phone. `fonts.test.ts` keeps the 500 weight out.
import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
// The phone's own typefaces, metric-matched to the brand face, for a page painted before it arrives.
import './font-fallbacks.css';
import './brand-font.css';
// Mantine's styles per component, in its `mantine` cascade layer: this file brings what the layout and
// the home page use; each lazy route imports its own components' styles (the full sheet was 41 KB
// gzipped of render-blocking CSS). Being layered, they never win over our CSS modules, whichever loads
// first. `npm run budget` checks that each chunk brings the styles of the Mantine classes it uses.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { directionOf } from '../i18n';
import { PageDataContext, type PageData } from '../lib/page-data';
import { useLoadedQueryClient } from '../lib/load-query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * In a production build the theme's CSS variables and Mantine's responsive classes arrive in the
 * HTML's <head> (scripts/prerender.mjs writes them from `renderThemeStyles` in entry-server.tsx), so
 * the browser does not build the same 6 KB of CSS text at every start (40 ms on a slow phone).
 */
const themeStylesInHtml = import.meta.env.PROD;

interface AppProvidersProps {
  children: ReactNode;
  /**
   * The server renders each page with a client of its own (on a server, queries are never collected); the
   * browser's loads with the first lazy part (lib/load-query-client.ts).
   */
  queryClient?: QueryClient;
  /** What the server rendered the page with (lib/page-data.ts). */
  pageData?: PageData;
}

export function AppProviders({ children, queryClient, pageData }: AppProvidersProps) {
  const { i18n } = useTranslation();
  const dir = directionOf(i18n.language);
  const loaded = useLoadedQueryClient();
  const client = queryClient ?? loaded;
  // What QueryClientProvider does, for a client that arrives after the first render: the same element
  // throughout, so the page below is not mounted afresh when it does.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  const app = (
    <QueryClientContext.Provider value={client}>
      {/* key remounts Mantine so portals and floating elements pick up the new direction */}
      <DirectionProvider initialDirection={dir} detectDirection={false} key={dir}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          withCssVariables={!themeStylesInHtml}
          withGlobalClasses={!themeStylesInHtml}
        >
          {children}
        </MantineProvider>
      </DirectionProvider>
    </QueryClientContext.Provider>
  );
  return pageData ? <PageDataContext.Provider value={pageData}>{app}</PageDataContext.Provider> : app;
}
