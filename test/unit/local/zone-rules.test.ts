import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ZONE_RULES_TABLE, zoneRulesTableSource } from '../../../scripts/generate-zone-rules.js';
import {
  differingZones,
  SERVICE_TZDATA,
  serviceZoneIds,
  zoneFingerprint,
  zoneOffsets,
  zoneRulesAgainst,
  zoneRulesMatch,
} from '../../../src/local/zone-rules.js';

describe('the service’s zone rules, pinned for the local host', () => {
  it('are what scripts/generate-zone-rules.ts writes now, from this Node’s Temporal', async () => {
    expect(readFileSync(ZONE_RULES_TABLE, 'utf8')).toBe(await zoneRulesTableSource());
  }, 30_000);

  it('name the tz database release that /healthz reports', () => {
    expect(SERVICE_TZDATA).toBe(process.versions.tz);
  });

  it('name every zone this runtime lists, UTC and the links the parity corpus asks for', () => {
    expect(serviceZoneIds()).toEqual(
      expect.arrayContaining([
        ...Intl.supportedValuesOf('timeZone'),
        'UTC',
        'EST5EDT',
        'PST8PDT',
        'EST',
        'MET',
        'Asia/Kolkata',
        'US/Eastern',
      ]),
    );
  });
});

describe('zoneOffsets', () => {
  // tzdata's europe file: "Zone Europe/Berlin 0:53:28 - LMT 1893 Apr", then CET (+1:00); Berlin's LMT ended at
  // 1893-04-01T00:00 local, 1893-03-31T23:06:32Z; its first summer time began 1916-04-30T23:00 local (C-Eur rule).
  it('writes Berlin’s local mean time, its end in 1893 and the first summer time of 1916', () => {
    expect(zoneOffsets('Europe/Berlin')).toMatch(/^3208 -2422054408:3600 -1693706400:7200 /);
  });

  it('writes one offset for a zone that never changed, and stops before 2100', () => {
    expect(zoneOffsets('UTC')).toBe('0');
    const last = zoneOffsets('America/New_York').split(' ').at(-1) ?? '';
    // 2099-11-01T06:00:00Z, the last change before 2100 by the US rule of 2007 (first Sunday in November, 02:00 EDT).
    expect(last).toBe('4097196000:-18000');
  });

  it('refuses a zone the host does not know, as Temporal does', () => {
    expect(() => zoneOffsets('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('zoneRulesMatch and differingZones, in the service’s own runtime', () => {
  it('find every zone of the table matching', () => {
    expect(differingZones(serviceZoneIds())).toEqual([]);
  });

  it('read a zone in any case, and count a name the service does not list as matching', () => {
    expect(zoneRulesMatch('europe/BERLIN')).toBe(true);
    for (const zone of ['+05:45', 'Mars/Olympus_Mons', '', 'toString', '__proto__']) expect(zoneRulesMatch(zone), zone).toBe(true);
  });
});

describe('zoneRulesAgainst a table of other rules', () => {
  // What a host with other zone rules measures: the table's fingerprint is not this host's.
  const rules = zoneRulesAgainst({
    'Europe/Berlin': zoneFingerprint('Europe/Paris'),
    'America/Winnipeg': zoneFingerprint('America/Winnipeg'),
    'Mars/Olympus_Mons': 'AAAAAAAA',
  });

  it('finds a zone whose rules here are not the table’s, and one the table names that this host does not know', () => {
    expect(rules.zoneRulesMatch('Europe/Berlin')).toBe(false);
    expect(rules.zoneRulesMatch('EUROPE/berlin')).toBe(false);
    expect(rules.zoneRulesMatch('Mars/Olympus_Mons')).toBe(false);
    expect(rules.zoneRulesMatch('America/Winnipeg')).toBe(true);
    expect(rules.zoneRulesMatch('Europe/Paris')).toBe(true);
  });

  it('lists the differing zones once each, as first spelt, in the order given', () => {
    expect(rules.differingZones(['UTC', 'europe/berlin', 'America/Winnipeg', 'Mars/Olympus_Mons', 'Europe/Berlin'])).toEqual([
      'europe/berlin',
      'Mars/Olympus_Mons',
    ]);
  });
});
