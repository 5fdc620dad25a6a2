import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AddDuration } from '../../src/core/time/use-cases/add-duration.js';
import { ConvertDatetimeToUnix } from '../../src/core/time/use-cases/convert-datetime-to-unix.js';
import { DiffInstants } from '../../src/core/time/use-cases/diff-instants.js';
import { FormatInstant } from '../../src/core/time/use-cases/format-instant.js';
import { IdentifyTimestamp } from '../../src/core/time/use-cases/identify-timestamp.js';
import { FixedClock } from '../support/fakes.js';

// Contract §3d, "A date-time operand reads what identify reads": a datetime, from or to written as text is the instant
// identify reads, with identify's first format and its resolution. The texts are spelt here from each format's own
// definition (RFC 5322 §3.3, RFC 9110 §5.6.7, Apache's CLF, ECMA-262 Date.prototype.toString, Go's time.Time.String,
// PostgreSQL/Jackson/Rails, coreutils date in the C locale), never from the service's readers.
const S = 1_000_000_000n;
const clock = new FixedClock(Date.UTC(2026, 10, 22));
const identify = new IdentifyTimestamp(clock);
const format = new FormatInstant(clock);
const diff = new DiffInstants(clock);
const add = new AddDuration(clock);
const toUnix = new ConvertDatetimeToUnix();
// The zones of test/property/format.property.test.ts.
const ZONES = [undefined, 'UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Apia', '+05:45'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const two = (n: number): string => String(n).padStart(2, '0');

/** The wall clock `offsetMinutes` east of UTC at `second` (seconds since 1970), read from Date's UTC fields. */
function wallAt(second: bigint, offsetMinutes: number) {
  const date = new Date(Number(second + BigInt(offsetMinutes * 60)) * 1000);
  return {
    year: String(date.getUTCFullYear()).padStart(4, '0'),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    date: `${String(date.getUTCFullYear()).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`,
    hms: `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`,
  };
}
const offsetText = (minutes: number, colon = false): string =>
  `${minutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(minutes) / 60))}${colon ? ':' : ''}${two(Math.abs(minutes) % 60)}`;
const fractionText = (ns: bigint): string => (ns === 0n ? '' : `.${ns.toString().padStart(9, '0').replace(/0+$/, '')}`);

/** The offset in minutes of `zone` (UTC when none) at `second`, or 0 when it has seconds (local mean time). */
function offsetOf(zone: string | undefined, second: bigint): number {
  const offsetNs = Temporal.Instant.fromEpochNanoseconds(second * S).toZonedDateTimeISO(zone ?? 'UTC').offsetNanoseconds;
  return offsetNs % 60_000_000_000 === 0 ? offsetNs / 60_000_000_000 : 0;
}

type Written = readonly [code: string, value: string];

/** The instant `second` + `ns` written in each text format, at the offset `minutes`. */
function writeAll(second: bigint, ns: bigint, minutes: number, choice: number): Written[] {
  const local = wallAt(second, minutes);
  const utc = wallAt(second, 0);
  const month = MONTHS[local.month] ?? '';
  const day = DAYS[local.weekday] ?? '';
  const clf = `${two(local.day)}/${month}/${local.year}:${local.hms} ${offsetText(minutes)}`;
  const variantZone =
    choice % 3 === 0 && minutes % 60 === 0
      ? `${minutes < 0 ? '-' : '+'}${two(Math.abs(minutes) / 60)}`
      : choice % 3 === 1 && minutes === 0
        ? ' UTC'
        : offsetText(minutes);
  return [
    ['rfc5322', `${day}, ${local.day} ${month} ${local.year} ${local.hms} ${offsetText(minutes)}`],
    ['http_date', `${DAYS[utc.weekday]}, ${two(utc.day)} ${MONTHS[utc.month]} ${utc.year} ${utc.hms} GMT`],
    ['clf', choice % 2 === 0 ? `[${clf}]` : clf],
    ['js_date', `${day} ${month} ${two(local.day)} ${local.year} ${local.hms} GMT${offsetText(minutes)} (Some Time)`],
    ['go_time', `${local.date} ${local.hms}${fractionText(ns)} ${offsetText(minutes)} XYZ`],
    ['iso_offset_variant', `${local.date}${choice % 2 === 0 ? 'T' : ' '}${local.hms}${fractionText(ns)}${variantZone}`],
    ['date_command', `${DAYS[utc.weekday]} ${MONTHS[utc.month]} ${String(utc.day).padStart(2, ' ')} ${utc.hms} UTC ${utc.year}`],
  ];
}

/** The instant a written value holds: the formats without a fraction hold the whole second. */
const heldNs = (code: string, second: bigint, ns: bigint): bigint =>
  code === 'go_time' || code === 'iso_offset_variant' ? second * S + ns : second * S;

const withTz = (tz: string | undefined) => (tz === undefined ? {} : { tz });

describe('a date-time operand reads what identify reads', () => {
  it('gives the instant identify gives with format=, in format, diff and add, for every text format', () => {
    fc.assert(
      fc.property(
        // 1900-01-02 to 9999-12-30, so that every local year has four digits.
        fc.bigInt({ min: -2_208_902_400n, max: 253_402_128_000n }),
        fc.bigInt({ min: 0n, max: S - 1n }),
        fc.constantFrom(...ZONES),
        fc.nat(5),
        (second, ns, tz, choice) => {
          for (const [code, value] of writeAll(second, ns, offsetOf(tz, second), choice)) {
            const label = `${code} ${value} ${tz}`;
            const [candidate, ...others] = identify.execute({ value, format: code, ...withTz(tz) }).candidates;
            expect(others, label).toEqual([]);
            expect(candidate?.unix_nanoseconds, label).toBe(String(heldNs(code, second, ns)));
            const exact = candidate?.exact;
            const first = identify.execute({ value, ...withTz(tz) }).candidates[0]?.format;

            const formatted = format.execute({ datetime: value, ...withTz(tz) });
            expect(formatted, label).toMatchObject({ input: value, format: first, exact });
            expect(formatted.formats.find((entry) => entry.format === 'unix_nanoseconds')?.value, label).toBe(candidate?.unix_nanoseconds);

            const fromText = diff.execute({ from: value, to: '0', unit: 'seconds', ...withTz(tz) });
            expect(fromText.from, label).toMatchObject({ format: first, exact });
            expect(fromText.nanoseconds, label).toBe(String(-heldNs(code, second, ns)));
            const toText = diff.execute({ from: '0', to: value, unit: 'seconds', ...withTz(tz) });
            expect(toText.to, label).toMatchObject({ format: first, exact });
            expect(toText.nanoseconds, label).toBe(candidate?.unix_nanoseconds);

            const added = add.execute({ from: value, duration: 'PT0S', ...withTz(tz) });
            expect(added.from, label).toMatchObject({ format: first, exact });
            expect(added.result.exact, label).toBe(exact);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** A DST change of `zone` after `fromSecond`: its instant and the offsets before and after, in seconds. */
function transitionAfter(zone: string, fromSecond: bigint) {
  const start = Temporal.Instant.fromEpochNanoseconds(fromSecond * S).toZonedDateTimeISO(zone);
  const next = start.getTimeZoneTransition('next');
  if (next === null) throw new Error(`${zone} has no transition after ${fromSecond}`);
  const before = next.subtract({ nanoseconds: 1 }).offsetNanoseconds / 1e9;
  return { at: next.epochNanoseconds / S, before: BigInt(before), after: BigInt(next.offsetNanoseconds / 1e9) };
}
const utcText = (second: bigint): string => `${new Date(Number(second) * 1000).toISOString().slice(0, 19)}Z`;

describe('a floating value in a DST gap or overlap', () => {
  it('carries the same resolution from identify, /to-unix with tz, and each operand', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Europe/Berlin', 'America/New_York'),
        // 1970 to 2037: both zones change offset twice a year there.
        fc.bigInt({ min: 0n, max: 2_145_916_800n }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        fc.constantFrom('compatible', 'earlier', 'later'),
        (zone, fromSecond, where, disambiguation) => {
          const { at, before, after } = transitionAfter(zone, fromSecond);
          const width = before > after ? before - after : after - before;
          // A wall time inside the skipped or repeated span: from the transition's instant on the lower offset.
          const wallSecond = at + (before < after ? before : after) + BigInt(Math.floor(where * Number(width)));
          const wall = wallAt(wallSecond, 0);
          const kind = after > before ? 'gap' : 'overlap';
          const both = [wallSecond - before, wallSecond - after].sort((a, b) => (a < b ? -1 : 1)).map(utcText);
          const expected = { kind, disambiguation, candidates: both };
          const chosen = disambiguation === 'earlier' || (disambiguation === 'compatible' && kind === 'overlap') ? both[0] : both[1];

          const tForm = `${wall.date}T${wall.hms}`;
          const spaceForm = `${wall.date} ${wall.hms}`;
          const options = { tz: zone, disambiguation };
          const label = `${tForm} ${zone} ${disambiguation}`;
          expect(toUnix.execute({ datetime: tForm, ...options }).resolution, label).toEqual(expected);
          for (const value of [tForm, spaceForm]) {
            const candidate = identify.execute({ value, format: 'iso_local', ...options }).candidates[0];
            expect(candidate?.resolution, value).toEqual(expected);
            expect(candidate?.exact, value).toBe(chosen);
            expect(format.execute({ datetime: value, ...options }), value).toMatchObject({ resolution: expected });
            const both = diff.execute({ from: value, to: value, ...options });
            expect(both.from, value).toMatchObject({ resolution: expected, exact: chosen });
            expect(both.to, value).toMatchObject({ resolution: expected, exact: chosen });
            expect(add.execute({ from: value, duration: 'PT0S', ...options }).from, value).toMatchObject({ resolution: expected });
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
