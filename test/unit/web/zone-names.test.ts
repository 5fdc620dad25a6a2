import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLDR_TIMEZONES, renamedZones } from '../../../scripts/zone-names.js';
import { CURRENT_ZONE_NAMES } from '../../../web/src/zone-names.js';
import { currentZoneName, zoneChoices } from '../../../web/src/zones.js';

describe("the playground's table of renamed zones", () => {
  it('is made from CLDR 48’s BCP 47 time zone data, byte for byte', () => {
    expect(createHash('sha256').update(readFileSync(CLDR_TIMEZONES.file)).digest('hex')).toBe(CLDR_TIMEZONES.sha256);
  });

  it('is still the table that data gives: every zone and order', () => {
    expect([...CURRENT_ZONE_NAMES]).toEqual(renamedZones(readFileSync(CLDR_TIMEZONES.file, 'utf8')));
    expect(CURRENT_ZONE_NAMES.get('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(CURRENT_ZONE_NAMES.get('Europe/Kiev')).toBe('Europe/Kyiv');
  });

  // Node's ICU is the outside oracle: it takes each current name, and says it is the zone of the older one.
  it.each([...CURRENT_ZONE_NAMES])('names %s by %s, which ICU reads as the same zone', (older, current) => {
    expect(new Intl.DateTimeFormat('en', { timeZone: current }).resolvedOptions().timeZone).toBe(older);
  });
});

describe('zoneChoices', () => {
  const supported = Intl.supportedValuesOf('timeZone');

  it('offers UTC first, then every zone ICU lists once, each under its current name', () => {
    const choices = zoneChoices(supported);
    expect(choices[0]).toBe('UTC');
    expect(choices).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'America/Nuuk', 'Europe/Berlin']));
    expect(choices).not.toContain('Asia/Calcutta');
    expect(choices).not.toContain('Europe/Kiev');
    expect(new Set(choices).size).toBe(choices.length);
    expect(choices.slice(1)).toEqual([...choices.slice(1)].sort());
    expect(choices).toHaveLength(new Set(['UTC', ...supported.map(currentZoneName)]).size);
  });

  it('keeps UTC once when the list holds it, and leaves a zone of no older name as it is', () => {
    expect(zoneChoices(['Europe/Kiev', 'UTC', 'Asia/Tokyo', 'Europe/Kyiv'])).toEqual(['UTC', 'Asia/Tokyo', 'Europe/Kyiv']);
    expect(currentZoneName('Europe/Berlin')).toBe('Europe/Berlin');
    expect(currentZoneName('toString')).toBe('toString');
  });
});
