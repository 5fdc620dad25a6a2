import type { DomainError } from '../shared/errors.js';
import type { WallClockResolution } from './zones.js';
import type { Disambiguation } from './vocabulary.js';

/**
 * What every reader of `identify`'s formats shares (contract §3c): the value
 * as lexed once, what a reader may need besides it, and what it answers. The
 * numeric formats (`identify-formats.ts`) and the dates written as text
 * (`text-formats.ts`) both build on this file, and on nothing of each other's.
 */

/** What else a value encodes besides its instant; hex is lowercase. */
export type Fields = Readonly<Record<string, string | number>>;

export interface Reading {
  /** The instant, in nanoseconds since 1970-01-01T00:00:00Z, floored. */
  readonly unixNs: bigint;
  readonly fields: Fields;
  /** What the reading says about the value besides its instant (a day name that does not fit, a zone assumed). */
  readonly notes?: readonly string[];
  /** How a floating wall time was read in its zone, as `/to-unix` writes it (contract §3b). */
  readonly resolution?: WallClockResolution;
  /** The value's second was 60 at a real leap second. */
  readonly leapSecond?: true;
}

/**
 * A value of a format's shape that it still does not read, and why: `nearMiss`
 * when a field is out of range (said only when nothing else reads the value),
 * `leftOut` when `disambiguation=reject` refused a floating reading in a gap or
 * an overlap (always said), with `/to-unix`'s refusal of the same wall time.
 */
export type Unread = { readonly nearMiss: string } | { readonly leftOut: DomainError };

/** What a reader may need besides the value: the zone of the request (`tz`), how to settle DST, and now. */
export interface ReadingContext {
  /** The zone `tz` names, as the runtime spells it; floating values are read there, else in UTC. */
  readonly zone: string | undefined;
  readonly disambiguation: Disambiguation;
  readonly nowMs: number;
}

/**
 * A value as every reader sees it, read once: the trimmed text and, when the
 * text is an optional `-`, digits and an optional `.` with 1–9 digits, that
 * number as the exact fraction `digits / 10^scale`.
 */
export interface Lexed {
  readonly text: string;
  readonly decimal: Decimal | undefined;
}

export interface Decimal {
  /** A `-` was written (so `-0` is signed too). */
  readonly negative: boolean;
  /** A fraction was written. */
  readonly fractional: boolean;
  readonly digits: bigint;
  readonly scale: number;
}

export interface FormatRow<Code extends string = string> {
  readonly format: Code;
  readonly description: string;
  /** The instant the value gives in this format, why a value of its shape gives none, or undefined when it is not of its shape. */
  readonly read: (value: Lexed, context: ReadingContext) => Reading | Unread | undefined;
}
