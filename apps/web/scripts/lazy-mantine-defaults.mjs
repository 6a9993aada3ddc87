// Mantine computes its default theme's CSS variables (482 of them, colours converted one by one) when
// its MantineProvider module is first evaluated, for a component (MantineCssVariables) this site never
// renders in production: the theme's variables come with the HTML (src/app/providers.tsx). On a slow
// phone that was about a quarter of the entry script's evaluation, in the task before the first page is
// hydrated. This build step makes the computation lazy: done at the first call that needs it (in
// development, or if the provider ever renders its variables again), never at start.

/** The module whose top level does the work, and the statement that does it. */
export const MANTINE_MODULE =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
const EAGER = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';

/**
 * The module's code with the defaults computed at their first use. Throws when the statement is not
 * there (a Mantine upgrade changed the module): the build fails rather than quietly keeping the cost.
 */
export function lazyDefaultVariables(code) {
  if (!code.includes(EAGER))
    throw new Error('lazy-mantine-defaults: remove-default-variables.mjs no longer computes the defaults as expected');
  const lazy =
    'let defaultCssVariablesMemo;\nconst defaultCssVariablesNow = () => (defaultCssVariablesMemo ??= defaultCssVariablesResolver(DEFAULT_THEME));';
  return code.replace(EAGER, lazy).replaceAll('defaultCssVariables.', 'defaultCssVariablesNow().');
}

/** The Vite plugin applying it to the client and server builds. */
export function lazyMantineDefaults() {
  return {
    name: 'kwenda-lazy-mantine-defaults',
    transform(code, id) {
      if (!MANTINE_MODULE.test(id.split('?')[0])) return null;
      return { code: lazyDefaultVariables(code), map: null };
    },
  };
}
