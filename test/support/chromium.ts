import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

/** Says loudly, once per file, that a browser test will not run. */
export function warnIfNoChromium(what: string): void {
  if (!chromiumAvailable) {
    process.stderr.write(`\n#### ${what} SKIPPED: ${CHROMIUM} is missing. Install Debian's chromium package (.ci/run does). ####\n\n`);
  }
}

/** Headless Chromium with the flags this closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
