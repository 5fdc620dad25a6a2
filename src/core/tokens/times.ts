import { NS_PER_MS, exactInstant, floorDiv, isInRange } from '../time/calendar.js';
import { localTime } from '../time/zones.js';
import type { TokenTime } from './model.js';

/** A time a value carries, as its reader found it, before it is checked against years 0001–9999. */
export interface RawTime {
  readonly name: string;
  readonly unixNs: bigint;
}

/**
 * A time a token carries, as `/token/identify` and `/token/verify` give it (contract §3c, §12): `utc`, `exact` and
 * `unix_nanoseconds`, whether a checked signature covers it, and `local` when a zone (already resolved) is given.
 * Undefined outside years 0001–9999, which the caller notes.
 */
export function tokenTime(name: string, unixNs: bigint, authenticated: boolean, zone: string | undefined): TokenTime | undefined {
  const unixMs = floorDiv(unixNs, NS_PER_MS);
  if (!isInRange(unixMs)) return undefined;
  const { utc, exact } = exactInstant(unixNs);
  return {
    name,
    utc,
    exact,
    unix_nanoseconds: unixNs.toString(),
    authenticated,
    ...(zone === undefined ? {} : { local: localTime(unixMs, zone) }),
  };
}
