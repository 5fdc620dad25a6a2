import { defineConfig } from 'vite';

// The page is served at the service's root (or BASE_PATH): relative asset URLs work under either.
export default defineConfig({
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Chromium and every current browser preload modules natively; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    // No data: URLs: the page's policy loads images from its own origin only.
    assetsInlineLimit: 0,
    reportCompressedSize: true,
    // The local core (timestamp-jwt-client/local) is one chunk by design, loaded after the first paint; its
    // budget (250 KB compressed, contract §11) is the client package's test, not Vite's warning.
    chunkSizeWarningLimit: 1024,
  },
});
