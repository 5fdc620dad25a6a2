import { describe, expect, it } from 'vitest';
import { zoneNamedBy } from '../../../web/src/zones.js';

describe('zoneNamedBy', () => {
  it.each([
    ['2024-03-31T02:30:00[Europe/Berlin]', 'Europe/Berlin', 'Europe/Berlin'],
    ['2024-03-31T12:00:00+02:00[europe/berlin]', 'europe/berlin', 'Europe/Berlin'],
    ['2024-03-31T12:00:00+02:00[!Europe/Berlin]', 'Europe/Berlin', 'Europe/Berlin'],
    ['2024-01-01T10:00+01:00[Europe/Paris]', 'Europe/Paris', 'Europe/Paris'],
    ['2024-01-01T10:00:00Z[UTC]', 'UTC', 'UTC'],
    ['2024-03-31T12:00:00[+02:00]', '+02:00', '+02:00'],
    // Written under an older name, shown under the current one, and sent as written.
    [' 2024-03-31T12:00:00[Europe/Kiev] ', 'Europe/Kiev', 'Europe/Kyiv'],
  ])('reads the zone %j names: sent as %s, shown as %s', (value, written, name) => {
    expect(zoneNamedBy(value)).toEqual({ written, name });
  });

  it.each([
    '2024-03-31T02:30:00',
    '[14/Nov/2023:22:13:20 +0000]',
    '2024-03-31T12:00:00[Mars/Base]',
    '2024-03-31T12:00:00[Europe/Berlin] trailing',
    '2024-03-31T12:00:00[]',
    '',
  ])('finds no zone in %j', (value) => {
    expect(zoneNamedBy(value)).toBeUndefined();
  });
});
