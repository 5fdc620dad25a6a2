import { expect, it } from 'vitest';
import { describeParity, PARITY_NOW_MS } from '../support/parity-hosts.js';
import { NODE22_BIN, nodeHost, warnIfNoNode22 } from '../support/parity-node.js';

// Contract §11 "Parity" and "in Node 22 or later": the corpus of test/parity/parity.test.ts, answered by
// createLocalClient() in Node 22 (the client's bundle, client/dist/local.js, in a child process of NODE22_BIN) and by
// the service over HTTP.
warnIfNoNode22('PARITY NODE 22 TEST');

let host: Awaited<ReturnType<typeof nodeHost>> | undefined;

describeParity(
  'createLocalClient in Node 22',
  async () => {
    host = await nodeHost(NODE22_BIN ?? '', PARITY_NOW_MS);
    return host;
  },
  { skip: NODE22_BIN === undefined },
);

it.skipIf(NODE22_BIN === undefined)('runs on Node 22, through the Temporal polyfill and the entry’s own base64 methods', () => {
  expect(host?.runtime).toMatchObject({ node: expect.stringMatching(/^v22\./), ownTemporal: false, ownBase64: false });
});
