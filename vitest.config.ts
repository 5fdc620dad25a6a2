import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The client workspace by its package name, from source (test/process/client-package.test.ts uses the packed build).
    alias: { 'timestamp-jwt-client': new URL('./client/src/index.ts', import.meta.url).pathname },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The playground, built as make build builds it, for the tests that serve it.
    globalSetup: ['./test/support/build-web.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
