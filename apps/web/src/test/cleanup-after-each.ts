import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup: every test file in a
// DOM unmounts what it rendered after each test. A root left mounted keeps React's scheduled work (a
// transition's commit, its effects) running after the file's DOM is gone: "window is not defined".
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
