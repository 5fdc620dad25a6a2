import { CURRENT_ZONE_NAMES } from './zone-names.js';

/** A zone under IANA's current name: the browser's ICU still gives some by an older one (Asia/Calcutta for Asia/Kolkata). */
export const currentZoneName = (zone: string): string => CURRENT_ZONE_NAMES.get(zone) ?? zone;

/** What the zone picker offers: UTC first, then every zone of `supported` once, under its current name, in order. */
export function zoneChoices(supported: readonly string[]): string[] {
  const named = new Set(supported.map(currentZoneName));
  named.delete('UTC');
  return ['UTC', ...[...named].sort()];
}
