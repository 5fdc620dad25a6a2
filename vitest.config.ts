import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The package's own client entry point, as a frontend imports it (package.json "exports").
    alias: { 'timestamp-jwt-service/client': new URL('./src/client.ts', import.meta.url).pathname },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
