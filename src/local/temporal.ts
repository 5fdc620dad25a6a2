let installing: Promise<void> | undefined;

/**
 * Resolves once `Temporal` is a global: at once where the host has its own (current Chromium, Node 26), and otherwise
 * after temporal-polyfill is loaded and installed, then and only then. The core reads `Temporal` only while a call
 * runs, never when its modules load, so the first call waiting for this is enough.
 */
export function temporalReady(): Promise<void> {
  if ('Temporal' in globalThis) return Promise.resolve();
  installing ??= import('temporal-polyfill/global').then(() => undefined);
  return installing;
}
