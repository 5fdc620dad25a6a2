import fc from 'fast-check';
import { HmacKnownSecrets } from '../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MAX_UNIX_MS, MIN_UNIX_MS } from '../../src/core/time/calendar.js';
import { ConvertDatetimeToUnix } from '../../src/core/time/use-cases/convert-datetime-to-unix.js';
import { ConvertTimestampToUtc } from '../../src/core/time/use-cases/convert-timestamp-to-utc.js';
import { DecodeJwt } from '../../src/core/jwt/use-cases/decode-jwt.js';
import { FixedClock } from '../support/fakes.js';
import { JWT_IO_TOKEN, RFC7516_JWE, b64url } from '../support/fixtures.js';
import { DomainError } from '../../src/core/shared/errors.js';
import { testService, trpcInput } from '../support/service.js';

const { app } = testService({ RATE_LIMIT_POINTS: '1000000' });

const PARAMETERS: ReadonlyArray<[rest: string, procedure: string, names: readonly string[]]> = [
  ['/unix-timestamp/now', 'unixTimestamp.now', ['anything']],
  ['/unix-timestamp/to-utc', 'unixTimestamp.toUtc', ['timestamp', 'unit']],
  ['/unix-timestamp/to-unix', 'unixTimestamp.toUnix', ['datetime']],
  ['/unix-timestamp/identify', 'unixTimestamp.identify', ['value', 'format', 'tz']],
  ['/jwt/decode', 'jwt.decode', ['token']],
];

// Characters that stress a query string: separators, escapes, brackets, signs.
const rawQueryText = fc.string({
  unit: fc.constantFrom(...'%&=[]+-._~:/?#@!$()*,;0123456789abcdefABCDEFxyzZT'.split('')),
  maxLength: 40,
});

function expectJsonAnswer(res: request.Response): void {
  expect(res.status).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(() => JSON.parse(res.text) as unknown).not.toThrow();
}

describe('arbitrary input never gets a 5xx or a non-JSON body', () => {
  it.each(PARAMETERS)('REST %s, every parameter, percent-encoded', async (rest, _procedure, names) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.string({ unit: 'grapheme', maxLength: 60 }), async (name, value) => {
        expectJsonAnswer(await request(app).get(`${rest}?${name}=${encodeURIComponent(value)}`));
      }),
      { numRuns: 150 },
    );
  });

  it.each(PARAMETERS)('REST %s, raw query strings', async (rest) => {
    await fc.assert(
      fc.asyncProperty(rawQueryText, async (query) => {
        expectJsonAnswer(await request(app).get(`${rest}?${query}`));
      }),
      { numRuns: 150 },
    );
  });

  it.each(PARAMETERS)('tRPC %s via %s, every parameter and arbitrary JSON input', async (_rest, procedure, names) => {
    const input = fc.oneof(
      fc.record(Object.fromEntries(names.map((name) => [name, fc.string({ unit: 'grapheme', maxLength: 60 })]))),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        expectJsonAnswer(await request(app).get(`/trpc/${procedure}?input=${trpcInput(value)}`));
      }),
      { numRuns: 150 },
    );
  });
});

describe('round trips', () => {
  const decode = new DecodeJwt(new FixedClock(0), new HmacKnownSecrets());

  it('decodes any JSON claim set encoded as a token back to the same payload', () => {
    const claims = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 6 }), { maxKeys: 12 });
    fc.assert(
      fc.property(claims, (payload) => {
        const json = JSON.stringify(payload);
        const token = `${b64url('{"alg":"HS256"}')}.${b64url(json)}.sig`;
        fc.pre(token.length <= 8192);
        expect(JSON.stringify(decode.execute({ token }).payload)).toBe(json);
      }),
      { numRuns: 500 },
    );
  });

  it('does the same over REST', async () => {
    const claims = fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(claims, async (payload) => {
        const json = JSON.stringify(payload);
        const res = await request(app)
          .get(`/jwt/decode?token=${b64url('{}')}.${b64url(json)}.`)
          .expect(200);
        expect(JSON.stringify((res.body as { payload: unknown }).payload)).toBe(JSON.stringify(JSON.parse(json)));
      }),
      { numRuns: 100 },
    );
  });

  it('carries any instant in years 0001–9999 from to-utc to to-unix and back, to the millisecond', () => {
    const toUtc = new ConvertTimestampToUtc();
    const toUnix = new ConvertDatetimeToUnix();
    fc.assert(
      fc.property(fc.bigInt({ min: MIN_UNIX_MS, max: MAX_UNIX_MS }), (ms) => {
        const utc = toUtc.execute({ timestamp: String(ms), unit: 'milliseconds' }).utc;
        const fraction = String(Number(((ms % 1000n) + 1000n) % 1000n)).padStart(3, '0');
        const datetime = `${utc.iso.slice(0, -1)}.${fraction}Z`;
        const back = toUnix.execute({ datetime }).utc;
        expect(back).toEqual(utc);
        expect(BigInt(back.unix_milliseconds)).toBe(ms);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the same instant whatever offset it is written in', () => {
    const toUnix = new ConvertDatetimeToUnix();
    const toUtc = new ConvertTimestampToUtc();
    const offsetMinutes = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 });
    // Keep the local time inside years 0001–9999 too.
    const seconds = fc.integer({ min: -62_135_596_800 + 86_400, max: 253_402_300_799 - 86_400 });
    fc.assert(
      fc.property(seconds, offsetMinutes, (unixSeconds, offset) => {
        const local = toUtc.execute({ timestamp: String(unixSeconds + offset * 60), unit: 'seconds' }).utc.iso.slice(0, -1);
        const sign = offset < 0 ? '-' : '+';
        const abs = Math.abs(offset);
        const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        expect(toUnix.execute({ datetime: `${local}${zone}` }).utc.unix_seconds).toBe(unixSeconds);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('every JOSE form, mutated', () => {
  const decode = new DecodeJwt(new FixedClock(0), new HmacKnownSecrets());
  const jwe = RFC7516_JWE;
  const jwsJson = JSON.stringify({
    payload: b64url('{"sub":"s"}'),
    signatures: [{ protected: b64url('{"alg":"ES256"}'), header: { kid: 'k' }, signature: 'c2ln' }],
  });
  const jweJson = JSON.stringify({
    protected: b64url('{"enc":"A128GCM"}'),
    recipients: [{ header: { alg: 'dir' } }],
    iv: 'AAAA',
    ciphertext: 'KDlT',
    tag: 'AAAA',
  });
  const nested = `${b64url('{"alg":"HS256","cty":"JWT"}')}.${b64url(JWT_IO_TOKEN)}.c2ln`;
  const sdJwt = `${JWT_IO_TOKEN}~${b64url('["salt", "name", "value"]')}~${b64url('["salt", [1, {"a": 2}]]')}~`;
  const [jwtHeader, jwtPayload, jwtSignature] = JWT_IO_TOKEN.split('.');
  const sdJwtJson = JSON.stringify({
    protected: jwtHeader,
    payload: jwtPayload,
    header: { disclosures: [b64url('["salt", "name", "value"]')], kb_jwt: JWT_IO_TOKEN },
    signature: jwtSignature,
  });
  const mutation = fc
    .tuple(
      fc.constantFrom(JWT_IO_TOKEN, jwe, jwsJson, jweJson, nested, sdJwt, sdJwtJson),
      fc.nat(),
      fc.string({ unit: 'grapheme', maxLength: 3 }),
      fc.nat({ max: 3 }),
    )
    .map(([token, at, insert, cut]) => {
      const index = at % (token.length + 1);
      return token.slice(0, index) + insert + token.slice(index + cut);
    });

  it('decodes, or refuses with a DomainError, any token of any form with a few characters changed', () => {
    fc.assert(
      fc.property(fc.oneof(mutation, fc.string({ maxLength: 200 })), (token) => {
        try {
          decode.execute({ token });
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('answers such tokens over REST with 200 or 400, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (token) => {
        const res = await request(app).get(`/jwt/decode?token=${encodeURIComponent(token)}`);
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: 200 },
    );
  });
});

describe('diff and add: random instants, zones and durations get 200 or 400, never anything else', () => {
  const timestamp = fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }).map(String);
  const datetime = fc
    .tuple(
      fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
      fc.constantFrom('Z', '+05:30', '-08:00', '', '[Europe/Berlin]', '+01:00[Europe/Paris]', '[Pacific/Apia]'),
    )
    .map(([date, suffix]) => `${date.toISOString().slice(0, 19)}${suffix}`);
  const instant = fc.oneof(timestamp, datetime, fc.string({ maxLength: 30 }));
  const unit = fc.option(fc.constantFrom('seconds', 'milliseconds', 'nanoseconds', 'weeks'), { nil: undefined });
  const tz = fc.option(fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', '+14:00', 'Mars/Olympus'), {
    nil: undefined,
  });
  const disambiguation = fc.option(fc.constantFrom('compatible', 'earlier', 'later', 'reject', 'sometimes'), { nil: undefined });
  const count = fc.oneof(fc.bigInt({ min: 0n, max: 400n }), fc.bigInt({ min: 0n, max: 10n ** 12n }));
  const duration = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('', '-', '+'),
        fc.array(fc.tuple(count, fc.constantFrom('Y', 'M', 'W', 'D')), { maxLength: 3 }),
        fc.array(fc.tuple(count, fc.constantFrom('H', 'M', 'S')), { maxLength: 3 }),
      )
      .map(
        ([sign, date, time]) =>
          `${sign}P${date.map(([n, u]) => `${n}${u}`).join('')}${time.length ? `T${time.map(([n, u]) => `${n}${u}`).join('')}` : ''}`,
      ),
    fc.string({ maxLength: 20 }),
  );
  const query = (parameters: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();

  it('diff', async () => {
    await fc.assert(
      fc.asyncProperty(instant, instant, unit, tz, disambiguation, async (from, to, u, zone, choice) => {
        const res = await request(app).get(`/unix-timestamp/diff?${query({ from, to, unit: u, tz: zone, disambiguation: choice })}`);
        expect([200, 400]).toContain(res.status);
        if (res.status === 200) {
          // The whole seconds are the nanoseconds floored, and the sign is theirs.
          const ns = BigInt(res.body.nanoseconds as string);
          const floored = ns / 1_000_000_000n - (ns % 1_000_000_000n < 0n ? 1n : 0n);
          expect(BigInt(res.body.seconds as number)).toBe(floored);
          expect(res.body.sign).toBe(ns > 0n ? 1 : ns < 0n ? -1 : 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('add', async () => {
    await fc.assert(
      fc.asyncProperty(
        instant,
        duration,
        tz,
        disambiguation,
        fc.option(fc.constantFrom('constrain', 'reject', 'wrap'), { nil: undefined }),
        async (from, d, zone, choice, overflow) => {
          const res = await request(app).get(
            `/unix-timestamp/add?${query({ from, duration: d, tz: zone, disambiguation: choice, overflow })}`,
          );
          expect([200, 400]).toContain(res.status);
        },
      ),
      { numRuns: 300 },
    );
  });
});
