/** The units of an ISO 8601 duration, in the order they are written. */
export const DURATION_UNITS = ['years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** An ISO 8601 duration as written: nothing is bounded or rebalanced, each caller applies its own rules. */
export interface DurationText {
  readonly sign: '+' | '-' | undefined;
  /** The units written, each count as digits read; an absent unit has no member. */
  readonly counts: Readonly<Partial<Record<DurationUnit, bigint>>>;
  /** The seconds' fraction, as its 1–9 digits, when written. */
  readonly fraction: string | undefined;
}

/** Why a text is not a duration, in the order the reasons are checked. */
export type DurationFault = 'empty' | 'malformed' | 'no-unit' | 'bare-t';

export type DurationReading =
  { readonly ok: true; readonly duration: DurationText } | { readonly ok: false; readonly fault: DurationFault };

const DURATION = /^([+-])?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:[.,](\d{1,9}))?S)?)?$/i;

/**
 * Reads the ISO 8601 duration grammar of `/unix-timestamp/add` (contract §3d), which `/jwt/sign`'s times narrow
 * (§4g): surrounding whitespace trimmed, an optional `-` or `+`, `P`, then `nY`, `nM`, `nW`, `nD` in that order,
 * then optionally `T` and `nH`, `nM`, `nS`; only seconds take a fraction (`.` or `,`, 1–9 digits); letters in
 * either case; at least one unit, and `T` only with a time unit after it.
 */
export function readDuration(text: string): DurationReading {
  const trimmed = text.trim();
  const match = DURATION.exec(trimmed);
  if (match === null) return { ok: false, fault: trimmed === '' ? 'empty' : 'malformed' };
  const values = match.slice(2, 9);
  if (values.every((value) => value === undefined)) return { ok: false, fault: 'no-unit' };
  if (/T$/i.test(trimmed)) return { ok: false, fault: 'bare-t' };
  const counts: Partial<Record<DurationUnit, bigint>> = {};
  DURATION_UNITS.forEach((unit, index) => {
    const value = values[index];
    if (value !== undefined) counts[unit] = BigInt(value);
  });
  // The first group is `[+-]` or did not match.
  return { ok: true, duration: { sign: match[1] as '+' | '-' | undefined, counts, fraction: match[9] } };
}
