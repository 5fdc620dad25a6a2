import { expect, it } from 'vitest';
import { chromiumAvailable, warnIfNoChromium } from '../support/chromium.js';
import { describeParity, PARITY_NOW_MS } from '../support/parity-hosts.js';
import { chromiumHost } from '../support/parity-page.js';

// Contract §11 "Parity": the corpus of test/parity/parity.test.ts, answered by createLocalClient() in headless
// Chromium (the client's bundle, client/dist/local.js, in a page of the test's own) and by the service over HTTP.
warnIfNoChromium('PARITY BROWSER TEST');

let host: Awaited<ReturnType<typeof chromiumHost>> | undefined;

describeParity(
  'createLocalClient in Chromium',
  async () => {
    host = await chromiumHost(PARITY_NOW_MS);
    return host;
  },
  { skip: !chromiumAvailable },
);

it.skipIf(!chromiumAvailable)('sends nothing beyond the page’s own origin while it answers', () => {
  expect(host?.strayRequests).toEqual([]);
});
