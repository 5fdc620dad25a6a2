import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdentifyTimestamp } from '../../src/core/time/use-cases/identify-timestamp.js';
import { FixedClock } from '../support/fakes.js';
import { IDENTIFY_FORMATS, type IdentifyFormat } from '../../src/core/time/vocabulary.js';

// Each format's encoder, written here from the format's own definition and not from the
// service's decoders: a random count in the format's range, the value that spells it, and
// the instant it stands for in nanoseconds since 1970.
const S = 1_000_000_000n;
const MIN_NS = -62_135_596_800n * S; // 0001-01-01T00:00:00Z
const MAX_NS = 253_402_300_800n * S - 1n; // 9999-12-31T23:59:59.999999999Z
type Sample = readonly [value: string, unixNs: bigint];

/** A count of `unit` ns since `epochNs` in [min, max], written by `spell`. */
const counted = (epochNs: bigint, unit: bigint, min: bigint, max: bigint, spell: (count: bigint) => string = String) =>
  fc.bigInt({ min, max }).map((count): Sample => [spell(count), epochNs + count * unit]);

/** The counts of `unit` since `epochNs`, at least `lowest`, whose instant is within years 0001–9999. */
const inRange = (epochNs: bigint, unit: bigint, lowest?: bigint): readonly [bigint, bigint] => {
  const min = ceilDiv(MIN_NS - epochNs, unit);
  return [lowest !== undefined && lowest > min ? lowest : min, floorDiv(MAX_NS - epochNs, unit)];
};
const floorDiv = (a: bigint, b: bigint): bigint => (a % b !== 0n && a < 0n !== b < 0n ? a / b - 1n : a / b);
const ceilDiv = (a: bigint, b: bigint): bigint => -floorDiv(-a, b);

/** A decimal with up to nine fractional digits: `units` / 10^9 written out. */
const nanoDecimal = (units: bigint): string => {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const fraction = (abs % S).toString().padStart(9, '0').replace(/0+$/, '');
  return `${sign}${abs / S}${fraction === '' ? '' : `.${fraction}`}`;
};

const hex = (value: bigint, digits: number): string => value.toString(16).padStart(digits, '0');
const uuid = (digits: string): string =>
  `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
const spellIn = (alphabet: string, value: bigint, length: number): string => {
  let text = '';
  for (let rest = value; text.length < length; rest /= BigInt(alphabet.length))
    text = alphabet[Number(rest % BigInt(alphabet.length))] + text;
  return text;
};
const MS = 1_000_000n;
const US = 1000n;
const TICK = 100n;
const DAY = 86_400n * S;
const bitsOf = (width: number) => fc.bigInt({ min: 0n, max: (1n << BigInt(width)) - 1n });

// The leap seconds after the GPS epoch, as the Unix second each ended at (IERS Bulletin C).
const LEAPS_SINCE_GPS = [
  '1981-07-01',
  '1982-07-01',
  '1983-07-01',
  '1985-07-01',
  '1988-01-01',
  '1990-01-01',
  '1991-01-01',
  '1992-07-01',
  '1993-07-01',
  '1994-07-01',
  '1996-01-01',
  '1997-07-01',
  '1999-01-01',
  '2006-01-01',
  '2009-01-01',
  '2012-07-01',
  '2015-07-01',
  '2017-01-01',
].map((day) => BigInt(Date.parse(`${day}T00:00:00Z`) / 1000));
const GPS_EPOCH = 315_964_800n;

// The dates written as text, spelt here from each format's definition (RFC 3339, RFC 5322, RFC 9110 §5.6.7,
// Apache's CLF, ECMA-262's Date.prototype.toString, Go's time.Time.String, ISO 8601) with Date's own UTC
// fields as the calendar: a random wall-clock second, a fraction where the format has one, an offset,
// and the instant they name.
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const two = (n: number): string => String(n).padStart(2, '0');
/** A wall clock as Date's UTC fields read it: seconds since 1970 of that local time. */
const wall = (localSeconds: bigint) => {
  const date = new Date(Number(localSeconds) * 1000);
  return {
    year: String(date.getUTCFullYear()).padStart(4, '0'),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    hms: `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`,
    date,
  };
};
/** Local seconds whose year is 0001–9999, and an offset in minutes of at most ±23:59. */
const localSecond = fc.bigInt({ min: MIN_NS / S, max: MAX_NS / S });
const offsetMinutes = fc.integer({ min: -1439, max: 1439 });
const fractionNs = fc.bigInt({ min: 0n, max: S - 1n });
const offsetText = (minutes: number, colon: boolean): string =>
  `${minutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(minutes) / 60))}${colon ? ':' : ''}${two(Math.abs(minutes) % 60)}`;
const fractionText = (ns: bigint): string => (ns === 0n ? '' : `.${ns.toString().padStart(9, '0').replace(/0+$/, '')}`);
const instantOf = (local: bigint, minutes: number, ns = 0n): bigint => (local - BigInt(minutes) * 60n) * S + ns;
const isoLocalText = (w: ReturnType<typeof wall>, separator: string): string =>
  `${w.year}-${two(w.month + 1)}-${two(w.day)}${separator}${w.hms}`;
/** ISO 8601 week date of a day, by the rule that week 1 holds the year's first Thursday. */
const weekDateOf = (days: bigint): string => {
  const date = new Date(Number(days) * 86_400_000);
  const weekday = ((date.getUTCDay() + 6) % 7) + 1;
  const thursday = new Date(date.getTime() + (4 - weekday) * 86_400_000);
  const yearStart = utcYearStart(thursday.getUTCFullYear());
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return `${String(thursday.getUTCFullYear()).padStart(4, '0')}-W${two(week)}-${weekday}`;
};
/** The first millisecond of a year, for any year (Date.UTC reads 0–99 as 1900–1999). */
const utcYearStart = (year: number): number => {
  const date = new Date(0);
  date.setUTCFullYear(year, 0, 1);
  return date.getTime();
};
/** RFC 9110 §5.6.7 at the test's clock (2026): a two-digit year is read within 1977–2076. */
const rfc850Second = fc.bigInt({ min: BigInt(Date.UTC(1977, 0, 1) / 1000), max: BigInt(Date.UTC(2077, 0, 1) / 1000) - 1n });

const TEXT_SAMPLES = {
  rfc3339: fc
    .tuple(localSecond, offsetMinutes, fractionNs, fc.boolean(), fc.boolean(), fc.boolean())
    .map(([local, minutes, ns, space, zulu, plusAsSpace]): Sample => {
      const offset = zulu ? 0 : minutes;
      // A query string turns a bare + into a space (contract §3c).
      const zone = zulu ? 'Z' : offsetText(offset, true).replace(/^\+/, plusAsSpace ? ' ' : '+');
      return [`${isoLocalText(wall(local), space ? ' ' : 'T')}${fractionText(ns)}${zone}`, instantOf(local, offset, ns)];
    }),
  rfc9557: fc.tuple(localSecond, offsetMinutes, fractionNs).map(([local, minutes, ns]): Sample => {
    // A fixed-offset zone always has its own offset.
    const offset = offsetText(minutes, true);
    return [`${isoLocalText(wall(local), 'T')}${fractionText(ns)}${offset}[${offset}]`, instantOf(local, minutes, ns)];
  }),
  iso8601_basic: fc.tuple(localSecond, offsetMinutes, fractionNs).map(([local, minutes, ns]): Sample => {
    const w = wall(local);
    return [
      `${w.year}${two(w.month + 1)}${two(w.day)}T${w.hms.replaceAll(':', '')}${fractionText(ns)}${offsetText(minutes, false)}`,
      instantOf(local, minutes, ns),
    ];
  }),
  rfc5322: fc.tuple(localSecond, offsetMinutes).map(([local, minutes]): Sample => {
    const w = wall(local);
    return [
      `${DAY_NAMES[w.weekday]?.slice(0, 3)}, ${w.day} ${MONTH_NAMES[w.month]} ${w.year} ${w.hms} ${offsetText(minutes, false)}`,
      instantOf(local, minutes),
    ];
  }),
  http_date: fc.tuple(rfc850Second, fc.constantFrom('imf', 'rfc850', 'asctime', 'asctime_one_space')).map(([second, form]): Sample => {
    const w = wall(second);
    const day = DAY_NAMES[w.weekday] ?? '';
    const month = MONTH_NAMES[w.month] ?? '';
    if (form === 'imf') return [`${day.slice(0, 3)}, ${two(w.day)} ${month} ${w.year} ${w.hms} GMT`, second * S];
    if (form === 'rfc850') return [`${day}, ${two(w.day)}-${month}-${w.year.slice(2)} ${w.hms} GMT`, second * S];
    const dayText = form === 'asctime' ? String(w.day).padStart(2, ' ') : String(w.day);
    return [`${day.slice(0, 3)} ${month} ${dayText} ${w.hms} ${w.year}`, second * S];
  }),
  clf: fc.tuple(localSecond, offsetMinutes, fc.boolean()).map(([local, minutes, brackets]): Sample => {
    const w = wall(local);
    const text = `${two(w.day)}/${MONTH_NAMES[w.month]}/${w.year}:${w.hms} ${offsetText(minutes, false)}`;
    return [brackets ? `[${text}]` : text, instantOf(local, minutes)];
  }),
  js_date: fc.tuple(localSecond, offsetMinutes, fc.boolean()).map(([local, minutes, named]): Sample => {
    const w = wall(local);
    const text = `${DAY_NAMES[w.weekday]?.slice(0, 3)} ${MONTH_NAMES[w.month]} ${two(w.day)} ${w.year} ${w.hms} GMT${offsetText(minutes, false)}`;
    return [named ? `${text} (Some Standard Time)` : text, instantOf(local, minutes)];
  }),
  go_time: fc
    .tuple(localSecond, offsetMinutes, fractionNs, fc.boolean())
    .map(([local, minutes, ns, monotonic]): Sample => [
      `${isoLocalText(wall(local), ' ')}${fractionText(ns)} ${offsetText(minutes, false)} XYZ${monotonic ? ' m=+1.234567890' : ''}`,
      instantOf(local, minutes, ns),
    ]),
  iso_local: fc
    .tuple(localSecond, fractionNs, fc.boolean())
    .map(([local, ns, space]): Sample => [`${isoLocalText(wall(local), space ? ' ' : 'T')}${fractionText(ns)}`, local * S + ns]),
  iso_date: fc.bigInt({ min: MIN_NS / DAY, max: MAX_NS / DAY }).map((days): Sample => [
    wall(days * 86_400n)
      .date.toISOString()
      .slice(0, 10),
    days * DAY,
  ]),
  iso_week_date: fc.bigInt({ min: MIN_NS / DAY + 7n, max: MAX_NS / DAY - 7n }).map((days): Sample => [weekDateOf(days), days * DAY]),
  iso_ordinal_date: fc.bigInt({ min: MIN_NS / DAY, max: MAX_NS / DAY }).map((days): Sample => {
    const date = wall(days * 86_400n).date;
    const ordinal = Math.round((date.getTime() - utcYearStart(date.getUTCFullYear())) / 86_400_000) + 1;
    return [`${String(date.getUTCFullYear()).padStart(4, '0')}-${String(ordinal).padStart(3, '0')}`, days * DAY];
  }),
  // The date command in the C locale (coreutils' default format, %a %b %e %H:%M:%S %Z %Y), with the
  // abbreviations that name one offset (RFC 5322 §4.3 and UTC, GMT, UT).
  date_command: fc
    .tuple(localSecond, fc.constantFrom(['UTC', 0], ['GMT', 0], ['UT', 0], ['EST', -300], ['PDT', -420], ['cdt', -300]), fc.boolean())
    .map(([local, [abbreviation, minutes], padded]): Sample => {
      const w = wall(local);
      const day = padded ? String(w.day).padStart(2, ' ') : String(w.day);
      return [
        `${DAY_NAMES[w.weekday]?.slice(0, 3)} ${MONTH_NAMES[w.month]} ${day} ${w.hms} ${abbreviation} ${w.year}`,
        instantOf(local, minutes),
      ];
    }),
  // PostgreSQL's ±HH, Java's SimpleDateFormat and Jackson's ±HHMM, Rails' " UTC".
  iso_offset_variant: fc
    .tuple(localSecond, offsetMinutes, fractionNs, fc.boolean(), fc.constantFrom('HH', 'HHMM', 'UTC', 'GMT'))
    .map(([local, minutes, ns, space, style]): Sample => {
      const text = `${isoLocalText(wall(local), space ? ' ' : 'T')}${fractionText(ns)}`;
      if (style === 'UTC' || style === 'GMT') return [`${text} ${style}`, instantOf(local, 0, ns)];
      if (style === 'HH') {
        const hours = Math.trunc(minutes / 60);
        return [`${text}${hours < 0 ? '-' : '+'}${two(Math.abs(hours))}`, instantOf(local, hours * 60, ns)];
      }
      return [`${text}${offsetText(minutes, false)}`, instantOf(local, minutes, ns)];
    }),
  // java.time.ZonedDateTime.toString() leaves out zero seconds: HH:MM, then Z or ±HH:MM, then [zone].
  java_zoned: fc.tuple(localSecond, offsetMinutes, fc.boolean()).map(([second, minutes, zulu]): Sample => {
    const local = second - (((second % 60n) + 60n) % 60n);
    const w = wall(local);
    const date = isoLocalText(w, 'T').slice(0, 16);
    if (zulu) return [`${date}Z[UTC]`, local * S];
    const offset = offsetText(minutes, true);
    return [`${date}${offset}[${offset}]`, instantOf(local, minutes)];
  }),
} satisfies Partial<Record<IdentifyFormat, fc.Arbitrary<Sample>>>;

const SAMPLES: Readonly<Record<IdentifyFormat, fc.Arbitrary<Sample>>> = {
  unix_seconds: fc.bigInt({ min: MIN_NS, max: MAX_NS }).map((ns): Sample => [nanoDecimal(ns), ns]),
  unix_milliseconds: counted(0n, MS, ...inRange(0n, MS)),
  unix_microseconds: counted(0n, US, ...inRange(0n, US)),
  unix_nanoseconds: counted(0n, 1n, MIN_NS, MAX_NS),
  snowflake_twitter: fc
    .tuple(bitsOf(41), bitsOf(22))
    .map(([ms, low]): Sample => [String((ms << 22n) | low), (ms + 1_288_834_974_657n) * MS]),
  snowflake_discord: fc
    .tuple(bitsOf(41), bitsOf(22))
    .map(([ms, low]): Sample => [String((ms << 22n) | low), (ms + 1_420_070_400_000n) * MS]),
  snowflake_mastodon: fc.tuple(bitsOf(47), bitsOf(16)).map(([ms, low]): Sample => [String((ms << 16n) | low), ms * MS]),
  filetime: fc.tuple(fc.bigInt({ min: 0n, max: (MAX_NS + 11_644_473_600n * S) / TICK }), fc.boolean()).map(([ticks, asHex]): Sample => {
    const digits = hex(ticks, 16);
    return [asHex && /[a-f]/.test(digits) ? digits.toUpperCase() : String(ticks), -11_644_473_600n * S + ticks * TICK];
  }),
  dotnet_ticks: counted(-62_135_596_800n * S, TICK, ...inRange(-62_135_596_800n * S, TICK, 0n)),
  webkit_microseconds: counted(-11_644_473_600n * S, US, ...inRange(-11_644_473_600n * S, US, 0n)),
  cocoa_seconds: fc.bigInt({ min: MIN_NS, max: MAX_NS }).map((ns): Sample => [nanoDecimal(ns - 978_307_200n * S), ns]),
  hfs_plus_seconds: counted(-2_082_844_800n * S, S, 0n, (1n << 32n) - 1n),
  ntp_seconds: counted(-2_208_988_800n * S, S, 0n, (1n << 32n) - 1n),
  gps_seconds: fc.bigInt({ min: GPS_EPOCH, max: MAX_NS / S }).map((utc): Sample => {
    const leaps = BigInt(LEAPS_SINCE_GPS.filter((end) => end <= utc).length);
    return [String(utc - GPS_EPOCH + leaps), utc * S];
  }),
  postgres_microseconds: counted(946_684_800n * S, US, ...inRange(946_684_800n * S, US)),
  excel_1900: fc
    .bigInt({ min: 61n * S, max: 2_958_466n * S - 1n })
    .map((nanodays): Sample => [nanoDecimal(nanodays), -2_209_161_600n * S + (nanodays * DAY) / S]),
  excel_1904: fc
    .bigInt({ min: 0n, max: 2_957_004n * S - 1n })
    .map((nanodays): Sample => [nanoDecimal(nanodays), -2_082_844_800n * S + (nanodays * DAY) / S]),
  uuid_v1: fc.tuple(bitsOf(60), bitsOf(14), bitsOf(48)).map(([ticks, clock, node]): Sample => {
    const time = hex(ticks, 15);
    const digits = `${time.slice(7)}${time.slice(3, 7)}1${time.slice(0, 3)}${hex((2n << 14n) | clock, 4)}${hex(node, 12)}`;
    return [uuid(digits), -12_219_292_800n * S + ticks * TICK];
  }),
  uuid_v6: fc.tuple(bitsOf(60), bitsOf(14), bitsOf(48)).map(([ticks, clock, node]): Sample => {
    const time = hex(ticks, 15);
    const digits = `${time.slice(0, 12)}6${time.slice(12)}${hex((2n << 14n) | clock, 4)}${hex(node, 12)}`;
    return [`urn:uuid:${uuid(digits).toUpperCase()}`, -12_219_292_800n * S + ticks * TICK];
  }),
  uuid_v7: fc
    .tuple(bitsOf(48), bitsOf(12), bitsOf(62))
    .map(([ms, a, b]): Sample => [uuid(`${hex(ms, 12)}7${hex(a, 3)}${hex((2n << 62n) | b, 16)}`), ms * MS]),
  ulid: fc.tuple(fc.bigInt({ min: 0n, max: MAX_NS / MS }), bitsOf(80), fc.boolean()).map(([ms, random, lower]): Sample => {
    const text = spellIn('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (ms << 80n) | random, 26);
    return [lower ? text.toLowerCase() : text, ms * MS];
  }),
  ksuid: fc
    .tuple(bitsOf(32), bitsOf(128))
    .map(([seconds, payload]): Sample => [
      spellIn('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (seconds << 128n) | payload, 27),
      (seconds + 1_400_000_000n) * S,
    ]),
  mongodb_objectid: fc.tuple(bitsOf(32), bitsOf(64)).map(([seconds, rest]): Sample => [`${hex(seconds, 8)}${hex(rest, 16)}`, seconds * S]),
  bluesky_tid: fc
    .tuple(bitsOf(53), bitsOf(10))
    .map(([us, clock]): Sample => [spellIn('234567abcdefghijklmnopqrstuvwxyz', (us << 10n) | clock, 13), us * US]),
  ...TEXT_SAMPLES,
};

const identify = new IdentifyTimestamp(new FixedClock(Date.UTC(2026, 10, 22)));

describe('identify round trips', () => {
  it('has an encoder for every format', () => {
    expect(Object.keys(SAMPLES)).toEqual([...IDENTIFY_FORMATS]);
  });

  it.each(IDENTIFY_FORMATS)('gives back exactly the instant a random %s encodes', (format) => {
    fc.assert(
      fc.property(SAMPLES[format], ([value, unixNs]) => {
        const candidates = identify.execute({ value, format }).candidates;
        if (unixNs < MIN_NS || unixNs > MAX_NS) {
          expect(candidates).toEqual([]);
          return;
        }
        expect(candidates).toHaveLength(1);
        expect(candidates[0]?.unix_nanoseconds).toBe(unixNs.toString());
        expect(BigInt(candidates[0]?.utc.unix_milliseconds ?? 0)).toBe(floorDiv(unixNs, MS));
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same reading among all candidates when no format is named', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...IDENTIFY_FORMATS).chain((format) => SAMPLES[format].map((sample) => [format, sample] as const)),
        ([format, [value, unixNs]]) => {
          fc.pre(unixNs >= MIN_NS && unixNs <= MAX_NS);
          const found = identify.execute({ value }).candidates.find((candidate) => candidate.format === format);
          expect(found?.unix_nanoseconds).toBe(unixNs.toString());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers any string of up to 128 characters with candidates or notes, never a throw of another kind', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxyzXYZ-.:urn '.split('')), minLength: 1, maxLength: 128 }),
        (value) => {
          fc.pre(value.trim() !== '');
          const answer = identify.execute({ value });
          expect(answer.candidates.length + answer.notes.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
