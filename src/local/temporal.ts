let installing: Promise<void> | undefined;

/**
 * Resolves once `Temporal` is a global: at once where the host has its own (current Chromium, Node 26), and otherwise
 * after temporal-polyfill is loaded and installed, then and only then. The core reads `Temporal` only while a call
 * runs, never when its modules load, so the first call waiting for this is enough.
 */
export function temporalReady(): Promise<void> {
  if ('Temporal' in globalThis) return Promise.resolve();
  // The polyfill's `Temporal` is set as the global here, not by importing its `global` module for that module's side
  // effect: the client package is `sideEffects: false`, so a bundler (Vite, webpack) may drop an import kept for its
  // side effect alone. The core uses `Temporal` itself, not the polyfill's Intl or Date additions.
  installing ??= import('temporal-polyfill').then(({ Temporal }) => {
    Object.defineProperty(globalThis, 'Temporal', { value: Temporal, writable: true, configurable: true, enumerable: false });
  });
  return installing;
}
