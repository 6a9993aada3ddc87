import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite instances are heavy, keep parallelism modest.
    maxWorkers: 2,
    onConsoleLog: (log, type) => (type === 'stderr' && /console\.error|Error:/.test(log) ? false : undefined),
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/{src,test}/**/*.test.ts'],
          // The API bundle the process tests start, and the migrated databases every file's database copies.
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Each worker loads the app's modules once for all its files, not once per file (3.4 s a file on
          // this machine); every file still makes its own app, database and servers.
          isolate: false,
        },
      },
      {
        extends: true,
        // Small modules, some of which change the process (its time zone, the DOM): one fresh context per file.
        test: {
          name: 'web',
          include: ['packages/**/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/cleanup-after-each.ts'],
        },
      },
    ],
  },
});
