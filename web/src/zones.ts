import { CURRENT_ZONE_NAMES } from './zone-names.js';

/** A zone under IANA's current name: the browser's ICU still gives some by an older one (Asia/Calcutta for Asia/Kolkata). */
export const currentZoneName = (zone: string): string => CURRENT_ZONE_NAMES.get(zone) ?? zone;

/** What the zone picker offers: UTC first, then every zone of `supported` once, under its current name, in order. */
export function zoneChoices(supported: readonly string[]): string[] {
  const named = new Set(supported.map(currentZoneName));
  named.delete('UTC');
  return ['UTC', ...[...named].sort()];
}

/** A zone that a value names itself: as the value writes it (sent as `tz`, so the service sees one zone), and as the picker shows it. */
export interface NamedZone {
  readonly written: string;
  readonly name: string;
}

/**
 * The zone an RFC 9557 value names in its closing brackets (`2024-03-31T02:30:00[Europe/Berlin]`, `…[!Europe/Berlin]`),
 * when the browser knows it as a zone; the date-time itself is the service's to read. A CLF time in brackets
 * (`[10/Oct/2000:13:55:36 -0700]`) names none: a zone holds no space.
 */
export function zoneNamedBy(value: string): NamedZone | undefined {
  const written = /\[!?([^\][\s]+)\]$/.exec(value.trim())?.[1];
  if (written === undefined) return undefined;
  try {
    return { written, name: currentZoneName(new Intl.DateTimeFormat('en', { timeZone: written }).resolvedOptions().timeZone) };
  } catch {
    return undefined;
  }
}
