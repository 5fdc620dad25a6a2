// The zones that CLDR, and so the ICU inside browsers and Node, still names by an older IANA name,
// read from CLDR's BCP 47 time zone data (cldr-bcp47's bcp47/timezone.json, kept byte for byte in
// scripts/registries/). Shared by scripts/generate-zone-names.ts and the test that checks its output.

export const CLDR_TIMEZONES = {
  file: 'scripts/registries/cldr-48-bcp47-timezone.json',
  release: 'CLDR 48 (npm cldr-bcp47 48.2.0)',
  sha256: 'c11423884420f00cf52733c854de5c898ddb6657ce560334c638a2bd994a1448',
} as const;

interface CldrZone {
  readonly _alias?: string;
  readonly _iana?: string;
  readonly _deprecated?: boolean;
}

/**
 * `[CLDR's name, IANA's current name]` for each zone whose two differ (`Asia/Calcutta`,
 * `Asia/Kolkata`), in the file's order. CLDR's name is an entry's first alias, the one ICU returns
 * from `Intl.supportedValuesOf('timeZone')` and `resolvedOptions().timeZone`; `_iana` is set only
 * where IANA has since renamed the zone.
 */
export function renamedZones(json: string): [string, string][] {
  const zones = (JSON.parse(json) as { keyword: { u: { tz: Record<string, CldrZone | string> } } }).keyword.u.tz;
  const renamed: [string, string][] = [];
  for (const zone of Object.values(zones)) {
    if (typeof zone !== 'object' || zone._deprecated === true || zone._iana === undefined || zone._alias === undefined) continue;
    const [cldr] = zone._alias.split(' ');
    if (cldr !== undefined && cldr !== zone._iana) renamed.push([cldr, zone._iana]);
  }
  return renamed;
}
