import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The suite Stryker runs for each mutant: everything in-process. Tests that spawn
// processes, start Redis or drive a browser exercise no instrumented code there.
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/unit/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/property/**/*.test.ts'],
    exclude: ['test/e2e/cli.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
