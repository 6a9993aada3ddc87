import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleCycles from './scripts/eslint-no-module-cycle.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The API's modules never import each other in a circle (type-only imports aside): a module that
    // learns something for another hands it to a port the other declares.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { kwenda: moduleCycles },
    rules: { 'kwenda/no-module-cycle': ['error', { root: 'apps/api/src' }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Features never import each other; shared code never imports a feature.
      'no-restricted-imports': [
        'error',
        {
          // The site's own translator replaced them (docs/decisions/0032-in-house-i18n-and-router.md); i18next
          // stays for its types, which type the catalog keys.
          paths: [
            { name: 'react-i18next', message: "Use useTranslation from 'src/i18n/use-translation'." },
            {
              name: 'i18next',
              importNames: ['default', 'createInstance', 't', 'changeLanguage', 'init', 'use'],
              message: "Use `i18n` from 'src/i18n/translator'; only types come from i18next.",
            },
          ],
          patterns: [
            {
              group: ['../../features/*/**', '../features/*/**'],
              message: 'Import a feature only through its index from src/app.',
            },
          ],
        },
      ],
      // The home page's first download stays free of zod (docs/decisions/0005-home-page-js-budget.md).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kwenda/contracts',
              allowTypeImports: true,
              message:
                "Use '@kwenda/contracts/rules', `import type`, or a lazy schema: apiRequest(path, () => import('@kwenda/contracts').then((m) => m.fooSchema)).",
            },
            {
              name: '@kwenda/contracts/reference',
              allowTypeImports: true,
              message: "Load it lazily: apiRequest(path, () => import('@kwenda/contracts/reference').then((m) => m.fooSchema)).",
            },
            {
              name: 'zod',
              allowTypeImports: true,
              message: 'Schemas live in @kwenda/contracts; load them lazily (see lib/api-client.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Lazy route chunks may load the schemas eagerly. Not the accounts' pages: the log-in page's first
    // render built zod and their schemas in one long task; their calls import account-schemas.ts with the request.
    files: [
      'apps/web/src/features/offers/**',
      'apps/web/src/features/booking/**',
      'apps/web/src/features/auth/api/account-schemas.ts',
      // A worker's own bundle: nothing of it reaches a page's scripts.
      'apps/web/src/lib/contract.worker.ts',
      'apps/web/src/app/routes/offers-page.tsx',
      'apps/web/src/app/routes/booking-page.tsx',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
