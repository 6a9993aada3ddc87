import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTheme, DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { lazyDefaultVariables, MANTINE_MODULE } from '../../scripts/lazy-mantine-defaults.mjs';

type Variables = ReturnType<typeof defaultCssVariablesResolver>;
type Module = { removeDefaultVariables: (input: Variables) => Variables };

/** Mantine's own module, as installed. */
const original = path.resolve(
  'node_modules/@mantine/core/esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
);

/** Imports module code that sits beside `original` (its relative imports made absolute). */
async function importBeside(code: string): Promise<Module> {
  const absolute = code.replace(/^\/\/# sourceMappingURL=.*$/m, '').replace(/from "(\.[^"]+)"/g, (_, relative: string) => {
    return `from "${pathToFileURL(path.resolve(path.dirname(original), relative)).href}"`;
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-mantine-')), 'module.mjs');
  fs.writeFileSync(file, absolute);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Module;
}

describe('lazy Mantine default variables (scripts/lazy-mantine-defaults.mjs)', () => {
  it('finds the module the build transforms', () => {
    expect(MANTINE_MODULE.test(original)).toBe(true);
  });

  it('leaves no computation at the top level, and removes the defaults as Mantine does', async () => {
    const source = fs.readFileSync(original, 'utf8');
    const lazy = lazyDefaultVariables(source);
    expect(lazy).not.toMatch(/^const defaultCssVariables = /m);
    const [before, after] = await Promise.all([importBeside(source), importBeside(lazy)]);
    const site = mergeMantineTheme(DEFAULT_THEME, createTheme({ primaryColor: 'teal', defaultRadius: 'lg' }));
    for (const theme of [DEFAULT_THEME, site]) {
      const variables = defaultCssVariablesResolver(theme);
      expect(after.removeDefaultVariables(variables)).toEqual(before.removeDefaultVariables(variables));
    }
    // The site's theme differs from the default: some variables are kept, the default theme's none.
    expect(Object.keys(after.removeDefaultVariables(defaultCssVariablesResolver(site)).variables).length).toBeGreaterThan(0);
    expect(after.removeDefaultVariables(defaultCssVariablesResolver(DEFAULT_THEME))).toEqual({
      variables: {},
      light: {},
      dark: {},
    });
  });

  it('runs in the client and the server builds', async () => {
    const { default: config } = await import('../../vite.config');
    for (const isSsrBuild of [false, true]) {
      const resolved = typeof config === 'function' ? await config({ command: 'build', mode: 'production', isSsrBuild }) : config;
      const names = (resolved.plugins ?? []).flat().map((plugin) => (plugin && 'name' in plugin ? plugin.name : null));
      expect(names).toContain('kwenda-lazy-mantine-defaults');
    }
  });

  it('fails the build when Mantine changed the module', () => {
    expect(() => lazyDefaultVariables('export const x = 1;')).toThrow(/no longer computes/);
  });
});
