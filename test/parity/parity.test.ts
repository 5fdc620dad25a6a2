import { describe, expect, it } from 'vitest';
import { createLocalClient } from '../../src/local/client.js';
import { curlCommandsOf, DOCUMENTS, documentText, examplesOf } from '../support/doc-examples.js';
import { GENERATORS } from '../support/parity-arbitraries.js';
import { PROCEDURES } from '../support/parity-corpus.js';
import { clientHost, describeParity, PARITY_NOW_MS } from '../support/parity-hosts.js';

describe('the parity corpus', () => {
  it('reads every curl command of the README and docs/api.md, those the README test replays among them', () => {
    for (const document of DOCUMENTS) {
      const text = documentText(document);
      const commands = curlCommandsOf(text);
      expect(commands.length, document).toBe(text.split('\n').filter((line) => line.startsWith('$ curl ')).length);
      const read = new Set(commands.map(({ url, body }) => `${url.href} ${body ?? ''}`));
      for (const [url, , body] of examplesOf(text)) expect(read, document).toContain(`${url.href} ${body ?? ''}`);
    }
  });

  it('has a generator for every procedure of the catalog, and for nothing else', () => {
    expect(Object.keys(GENERATORS).sort()).toEqual([...PROCEDURES].sort());
  });
});

describeParity('createLocalClient in Node', () => Promise.resolve(clientHost(createLocalClient({ now: () => PARITY_NOW_MS }))));
