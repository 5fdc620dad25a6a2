// Whether this host's zone rules are the service's (contract §3b: the zone data is the runtime's, its ICU tzdata; §11:
// the local host runs on the host's own Temporal). No host can be given the service's rules, so the local host says
// which zones it answers by other rules: each zone's UTC offsets from 1800 to 2100 here, hashed, against the service's,
// pinned in zone-rules-table.ts (written by scripts/generate-zone-rules.ts from Node's Temporal).
import { base64url } from '../core/shared/bytes.js';
import { digest } from '../core/shared/hash.js';
import { ensureUint8ArrayBase64 } from './uint8array-base64.js';
import { SERVICE_ZONE_RULES } from './zone-rules-table.js';

export { SERVICE_TZDATA } from './zone-rules-table.js';

/**
 * A zone's UTC offsets from 1800-01-01 to 2100-01-01 (UTC) by this host's Temporal: the offset at the start, then each
 * change as `unix-seconds:offset`, offsets in seconds east of UTC, space-separated (`3208 -2422054408:3600 …` for
 * Europe/Berlin, whose local mean time ended in 1893). Throws RangeError where the host knows no such zone.
 * Self-contained, reading nothing but `Temporal`, so that a test can run its source in a page.
 */
export function zoneOffsets(zone: string): string {
  const until = Temporal.Instant.from('2100-01-01T00:00:00Z');
  const start = Temporal.Instant.from('1800-01-01T00:00:00Z').toZonedDateTimeISO(zone);
  const offsets = [String(start.offsetNanoseconds / 1e9)];
  for (let next = start.getTimeZoneTransition('next'); next !== null; next = next.getTimeZoneTransition('next')) {
    if (Temporal.Instant.compare(next.toInstant(), until) >= 0) break;
    offsets.push(`${next.epochMilliseconds / 1000}:${next.offsetNanoseconds / 1e9}`);
  }
  return offsets.join(' ');
}

/** A short fingerprint of a zone's rules here: the first 48 bits of the SHA-256 of its `zoneOffsets`, in base64url. */
export function zoneFingerprint(zone: string): string {
  ensureUint8ArrayBase64();
  return base64url(digest('sha256', zoneOffsets(zone)).subarray(0, 6));
}

export interface ZoneRules {
  /** Whether this host's rules for `zone` are the table's; a zone the table does not name counts as matching. */
  zoneRulesMatch(zone: string): boolean;
  /** The zones of `zones` whose rules here are not the table's: each once, as first spelt, in the order given. */
  differingZones(zones: Iterable<string>): string[];
}

/** Zone IDs are ASCII and read case-insensitively, as Temporal reads them. */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * This host's zone rules against `table` (zone ID → `zoneFingerprint` where the table was made), each zone measured
 * on first use and remembered. A zone the table names but this host does not know differs (the service answers for
 * it; this host refuses). Throws where there is no `Temporal` yet, rather than guess.
 */
export function zoneRulesAgainst(table: Readonly<Record<string, string>>): ZoneRules {
  let expected: Map<string, string> | undefined;
  const measured = new Map<string, boolean>();
  const fingerprintHere = (zone: string): string | undefined => {
    if (!('Temporal' in globalThis)) {
      throw new Error('zone rules are measured with Temporal: where the host has none, the local client loads it on its first call');
    }
    try {
      return zoneFingerprint(zone);
    } catch (error) {
      if (error instanceof RangeError) return undefined;
      throw error;
    }
  };
  const zoneRulesMatch = (zone: string): boolean => {
    expected ??= new Map(Object.entries(table).map(([id, fingerprint]) => [asciiLower(id), fingerprint]));
    const key = asciiLower(zone);
    const theirs = expected.get(key);
    if (theirs === undefined) return true;
    let match = measured.get(key);
    if (match === undefined) {
      match = fingerprintHere(zone) === theirs;
      measured.set(key, match);
    }
    return match;
  };
  return {
    zoneRulesMatch,
    differingZones(zones) {
      const seen = new Set<string>();
      const differing: string[] = [];
      for (const zone of zones) {
        const key = asciiLower(zone);
        if (seen.has(key)) continue;
        seen.add(key);
        if (!zoneRulesMatch(zone)) differing.push(zone);
      }
      return differing;
    },
  };
}

const serviceRules = zoneRulesAgainst(SERVICE_ZONE_RULES);

/**
 * Whether this host's rules for the IANA zone `zone` (any case) are the service's, those of SERVICE_TZDATA: the same
 * UTC offset at every instant from 1800 to 2100. Where they are not, an answer in that zone may differ from the
 * service's. A name the service does not list (a fixed offset such as `+05:30`, or no zone at all) counts as matching.
 */
export const zoneRulesMatch = (zone: string): boolean => serviceRules.zoneRulesMatch(zone);

/** The zones of `zones` whose rules on this host are not the service's (zoneRulesMatch): each once, in order. */
export const differingZones = (zones: Iterable<string>): string[] => serviceRules.differingZones(zones);

/** The zone IDs the service's table names, as spelt there. */
export const serviceZoneIds = (): string[] => Object.keys(SERVICE_ZONE_RULES);
