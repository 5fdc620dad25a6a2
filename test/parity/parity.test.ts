import { describe, expect, it } from 'vitest';
import { createLocalClient } from '../../src/local/client.js';
import { curlCommandsOf, DOCUMENTS, documentText, examplesOf } from '../support/doc-examples.js';
import { GENERATORS } from '../support/parity-arbitraries.js';
import { PROCEDURES } from '../support/parity-corpus.js';
import { clientHost, describeParity, firstDifference, PARITY_NOW_MS, zonesNamedIn } from '../support/parity-hosts.js';

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

describe('what may set an answer apart', () => {
  const named = (input: unknown) => zonesNamedIn({ procedure: 'unixTimestamp.toUnix', input, label: 'a test' });

  it('is a zone the call names as a whole word of its input, in any case, or UTC', () => {
    expect(named(undefined)).toEqual(['UTC']);
    expect(named({ datetime: '2024-03-31T12:00:00[europe/BERLIN]', tz: 'Etc/GMT+5' })).toEqual(['UTC', 'Europe/Berlin', 'Etc/GMT+5']);
    expect(named({ value: 'Sun, 06 Nov 1994 08:49:37 EST America/Port-au-Prince' })).toEqual(['UTC', 'EST', 'America/Port-au-Prince']);
    // Part of a word is not a zone: EST inside EST5EDT or TEST, Berlin outside its region.
    expect(named({ tz: 'EST5EDT', value: 'TEST Berlin Europe/Berliner' })).toEqual(['UTC', 'EST5EDT']);
  });

  it('is said where two hosts’ offsets first part', () => {
    expect(firstDifference('-17762 -1633280400:-14400', '-18000 -1633280400:-14400')).toBe(
      "from 1800 on, the service's offset is -04:56:02, there -05:00",
    );
    expect(firstDifference('-23316 1772956800:-18000 1793516400:-21600', '-23316 1772956800:-18000')).toBe(
      "the service's offset changes at 2026-11-01T07:00:00Z to -06:00, there no more up to 2100",
    );
    expect(firstDifference('0', null)).toBe('there it is no zone at all');
  });
});

describeParity('createLocalClient in Node', () => Promise.resolve(clientHost(createLocalClient({ now: () => PARITY_NOW_MS }))));
