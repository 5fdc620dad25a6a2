import { DomainError } from '../../shared/errors.js';
import { TOKEN_SHAPES, maskedValue } from '../../shared/token-shapes.js';
import type { Clock } from '../../shared/ports/clock.js';
import { NS_PER_MS, NS_PER_SECOND, exactInstant, floorDiv, isInRange, type UtcInstant } from '../calendar.js';
import { FORMAT_TABLE, isRfcVariant, lex, readWith, uuidHex, uuidVersion, type Fields, type FormatRow } from '../identify-formats.js';
import { localTime, parseDisambiguation, resolveZone, type LocalTime, type WallClockResolution } from '../zones.js';
import { IDENTIFY_FORMATS, type IdentifyFormat } from '../vocabulary.js';

export interface IdentifyInput {
  readonly value: string;
  /** One format code: only that reading is given. */
  readonly format?: string | undefined;
  /** A zone to show every candidate in as well, and to read a value with no zone in. */
  readonly tz?: string | undefined;
  /** How a floating value in a DST gap or overlap is read (contract §3b); `compatible` by default. */
  readonly disambiguation?: string | undefined;
}

export interface Candidate {
  readonly format: IdentifyFormat;
  readonly description: string;
  readonly utc: UtcInstant;
  /** The instant with every non-zero fractional digit down to the nanosecond. */
  readonly exact: string;
  readonly unix_nanoseconds: string;
  readonly plausible: boolean;
  readonly fields: Fields;
  readonly local?: LocalTime;
  /** How a floating reading's wall time was read in its zone. */
  readonly resolution?: WallClockResolution;
  readonly leap_second?: true;
}

export interface Identification {
  readonly input: string;
  readonly candidates: Candidate[];
  readonly notes: string[];
  readonly source: 'identify';
}

export const MAX_VALUE_LENGTH = 128;
/** The longest value `/token/identify` reads (contract §12): a longer one is not tried against its grammars. */
const MAX_TOKEN_LENGTH = 16_384;
/** 1980-01-01T00:00:00Z: the earliest plausible instant. */
const PLAUSIBLE_FROM_NS = 315_532_800n * NS_PER_SECOND;
/** Twenty years of 365.25 days: how far past now an instant is still plausible. */
const PLAUSIBLE_AHEAD_NS = 631_152_000n * NS_PER_SECOND;

const BY_FORMAT: ReadonlyMap<string, FormatRow<IdentifyFormat>> = new Map(FORMAT_TABLE.map((row) => [row.format, row]));

function parseFormat(format: string): FormatRow<IdentifyFormat> {
  const row = BY_FORMAT.get(format);
  if (row === undefined) throw new DomainError('FORMAT_UNKNOWN', `format must be one of ${IDENTIFY_FORMATS.join(', ')}`);
  return row;
}

/** What a UUID that no format reads is, when it carries no time; undefined for anything else. */
function timelessUuidNote(value: string): string | undefined {
  const hex = uuidHex(value);
  if (hex === undefined) return undefined;
  if (/^0{32}$/.test(hex)) return 'value is the nil UUID, which carries no time';
  if (/^f{32}$/.test(hex)) return 'value is the max UUID, which carries no time';
  if (!isRfcVariant(hex)) return 'value is a UUID without the RFC 9562 variant bits, so no time is read from it';
  const version = uuidVersion(hex);
  if (version === 4) return 'value is a version-4 UUID: its bits are random and carry no time';
  if (version === 3 || version === 5) return `value is a version-${version} UUID: a name-based hash that carries no time`;
  if (version === 8) return 'value is a version-8 UUID: its layout is vendor-defined, so no time is read from it';
  if (version === 2) return 'value is a version-2 (DCE Security) UUID: its low time bits hold a local ID, so no time is read from it';
  return undefined;
}

/**
 * Lists every reading of a timestamp, time-bearing ID or date written as text
 * that the formats of `identify-formats.ts` and `text-formats.ts` allow within
 * years 0001–9999, best guess first:
 * plausible instants (1980-01-01 to twenty years past the `Clock`'s now) before
 * the rest, each group in table order. `format` keeps one reading; `tz` adds
 * the local time to each, and is the zone a date with no offset is read in
 * (UTC without it). Notes say what was recognised without a time (a version-4
 * or nil UUID), what a reading assumed (a zone) or ignored (a day name that
 * does not fit the date), or why nothing matched.
 *
 * Throws `VALUE_EMPTY` for an empty value, `VALUE_TOO_LONG` past 128
 * characters (trimmed), `FORMAT_UNKNOWN` and `TZ_UNKNOWN`. It never guesses
 * beyond the table: no hex seconds, no other epochs, no rounding.
 */
export class IdentifyTimestamp {
  constructor(private readonly clock: Clock) {}

  execute({ value, format, tz, disambiguation }: IdentifyInput): Identification {
    const rows = format === undefined ? FORMAT_TABLE : [parseFormat(format)];
    const zone = tz === undefined ? undefined : resolveZone(tz);
    const chosen = parseDisambiguation(disambiguation);
    const text = value.trim();
    if (text === '') throw new DomainError('VALUE_EMPTY', 'value must not be empty');
    if (text.length > MAX_VALUE_LENGTH) {
      const [pointer] = text.length <= MAX_TOKEN_LENGTH ? tokenNote(text) : [];
      throw new DomainError(
        'VALUE_TOO_LONG',
        `value must be at most ${MAX_VALUE_LENGTH} characters${pointer === undefined ? '' : `; it ${pointer.slice('value '.length)}`}`,
      );
    }
    const nowMs = this.clock.nowMs();
    const latest = BigInt(nowMs) * NS_PER_MS + PLAUSIBLE_AHEAD_NS;
    const plausible: Candidate[] = [];
    const others: Candidate[] = [];
    const outOfRange: IdentifyFormat[] = [];
    const readingNotes = new Set<string>();
    const { readings, nearMiss, leftOut } = readWith(rows, lex(text), { zone, disambiguation: chosen, nowMs });
    for (const { row, reading } of readings) {
      const unixMs = floorDiv(reading.unixNs, NS_PER_MS);
      if (!isInRange(unixMs)) {
        outOfRange.push(row.format);
        continue;
      }
      for (const note of reading.notes ?? []) readingNotes.add(note);
      const isPlausible = reading.unixNs >= PLAUSIBLE_FROM_NS && reading.unixNs <= latest;
      const { utc, exact } = exactInstant(reading.unixNs);
      (isPlausible ? plausible : others).push({
        format: row.format,
        description: row.description,
        utc,
        exact,
        unix_nanoseconds: reading.unixNs.toString(),
        plausible: isPlausible,
        fields: reading.fields,
        ...(zone === undefined ? {} : { local: localTime(unixMs, zone) }),
        ...(reading.resolution === undefined ? {} : { resolution: reading.resolution }),
        ...(reading.leapSecond ? { leap_second: true as const } : {}),
      });
    }
    const candidates = [...plausible, ...others];
    const misses = candidates.length === 0 && nearMiss !== undefined ? [nearMiss] : [];
    const refused = leftOut.map((error) => `value was left out with disambiguation=reject: ${error.message.replace(/^datetime /, '')}`);
    const notes = [...readingNotes, ...refused, ...misses, ...notesFor(text, candidates.length, outOfRange, format), ...tokenNote(text)];
    return { input: maskedValue(value), candidates, notes, source: 'identify' };
  }
}

const withArticle = (name: string): string => `${/^(?:[AEIOUaeiou]|npm )/.test(name) ? 'an' : 'a'} ${name}`;

/** Where to go for a value that is a token or a credential of contract §12 (its syntax alone decides). */
function tokenNote(text: string): string[] {
  const rows = TOKEN_SHAPES.filter((row) => row.matches(text));
  if (rows.length === 0) return [];
  const names = rows.map((row) => `${withArticle(row.description)} (${row.format})`).join(' or ');
  return [`value reads as ${names}: see /token/identify`];
}

function notesFor(text: string, found: number, outOfRange: readonly IdentifyFormat[], format: string | undefined): string[] {
  const uuid = found === 0 ? timelessUuidNote(text) : undefined;
  if (uuid !== undefined) return [uuid];
  if (found > 0) return [];
  if (outOfRange.length > 0) {
    return [`value reads as ${outOfRange.join(', ')}, but not as an instant within years 0001–9999`];
  }
  return [
    format === undefined
      ? 'value matches none of the formats identify reads: Unix time, snowflakes, FILETIME, .NET ticks, WebKit, Cocoa, HFS+, NTP, GPS, PostgreSQL, Excel, UUID v1/v6/v7, ULID, KSUID, ObjectId, Bluesky TID, or a date written as RFC 3339, RFC 9557, ISO 8601, RFC 5322, HTTP-date, Common Log Format, JavaScript, Go, the date command, PostgreSQL, Java or Rails'
      : `value is not of the syntax of ${format}`,
  ];
}
