import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The suite Stryker runs for each mutant: everything in-process. Tests that spawn
// processes, start Redis or drive a browser exercise no instrumented code there.
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/unit/**/*.test.ts', 'test/http/**/*.test.ts', 'test/property/**/*.test.ts'],
    // The client-types and client-token-shapes tests compare a file generated from the
    // instrumented sources with the committed one, which Stryker's instrumentation always changes.
    exclude: ['test/unit/client-types.test.ts', 'test/unit/client-token-shapes.test.ts'],
    // The playground's tests serve web/dist, which a clean clone has not built yet.
    globalSetup: base.test?.globalSetup,
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
