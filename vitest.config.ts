import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/src/**/*.test.ts', 'apps/api/{src,test}/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The API bundle the process tests start (apps/api/test/helpers/server-process.ts), built from the sources.
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite instances are heavy, keep parallelism modest.
    maxWorkers: 2,
    onConsoleLog: (log, type) => (type === 'stderr' && /console\.error|Error:/.test(log) ? false : undefined),
  },
});
