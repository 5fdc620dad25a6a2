import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  jsonOrText,
  pasetoClaimTimes,
  pasetoSigned,
  readDjangoSigned,
  readExpressCookie,
  readFernet,
  readItsdangerous,
  readPaserk,
  readPaseto,
  readPayload,
  shownPayload,
  signedTimes,
} from '../../../../src/core/tokens/signed-values.js';
import { concatBytes } from '../../../../src/core/shared/bytes.js';
import { MAX_INFLATED_BYTES } from '../../../../src/core/tokens/vocabulary.js';
import {
  DJANGO_DUMPS,
  DJANGO_DUMPS_COMPRESSED,
  DJANGO_SIGNER,
  EXPRESS_COOKIE,
  FLASK_COMPRESSED,
  FLASK_UNSIGN,
  ITSDANGEROUS_SIGNER,
  PASERK_K4_LID,
} from '../../../vectors/tokens/index.js';

const base64url = (bytes: Uint8Array): string => bytes.toBase64({ alphabet: 'base64url', omitPadding: true });
const zlibOf = (text: string): string => base64url(zlibSync(new TextEncoder().encode(text)));

/** A deflate stored block (RFC 1951 §3.2.4): BFINAL and type 00, LEN, NLEN, then the bytes as they are. */
const storedBlock = (data: Uint8Array, final: boolean): Uint8Array => {
  const block = new Uint8Array(5 + data.length);
  block.set([final ? 1 : 0, data.length & 0xff, data.length >> 8, ~data.length & 0xff, (~data.length >> 8) & 0xff]);
  block.set(data, 5);
  return block;
};
/** A zlib stream (RFC 1950): header 78 01, the blocks, then four bytes where the Adler-32 goes, which fflate does not check. */
const zlibStream = (blocks: readonly Uint8Array[]): Uint8Array => concatBytes([Uint8Array.of(0x78, 0x01), ...blocks, new Uint8Array(4)]);

describe('readItsdangerous', () => {
  it('reads a timed Flask session: payload, timestamp and a SHA-1 signature', () => {
    const value = readItsdangerous(FLASK_UNSIGN.value);
    expect(value).toEqual({
      signed: 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ',
      signature: 'E2Pyb6x3w-NODuflHoGnZOEpbH8',
      digest: 'sha1',
      payload: 'eyJsb2dnZWRfaW4iOmZhbHNlfQ',
      compressed: false,
      // 2019-01-13T19:51:33Z
      timestamp: { segment: 'XDuWxQ', seconds: 1_547_409_093 },
    });
  });

  it('reads a compressed payload, keeping the leading dot in the signed text only', () => {
    const value = readItsdangerous(FLASK_COMPRESSED.value);
    expect(value?.signed).toBe('.eJyrVipOLS7OzM_TLUktLlGyUgJTOjDR-MwUoBiQqAUANscOVw.YLFEpg');
    expect(value?.payload).toBe('eJyrVipOLS7OzM_TLUktLlGyUgJTOjDR-MwUoBiQqAUANscOVw');
    expect(value?.compressed).toBe(true);
    // 2021-05-28T19:29:42Z
    expect(value?.timestamp).toEqual({ segment: 'YLFEpg', seconds: 1_622_230_182 });
  });

  it("reads a bare signer's text, whatever it is, as everything before the last dot", () => {
    expect(readItsdangerous(ITSDANGEROUS_SIGNER.value)).toEqual({
      signed: 'my string',
      signature: 'wh6tMHxLgJqB6oY1uT73iMlyrOA',
      digest: 'sha1',
      payload: 'my string',
      compressed: false,
      timestamp: undefined,
    });
  });

  it('reads a 43-character signature as SHA-256 and an untimed serializer value', () => {
    const signature = 'a'.repeat(43);
    expect(readItsdangerous(`eyJhIjoxfQ.${signature}`)).toMatchObject({ digest: 'sha256', payload: 'eyJhIjoxfQ', timestamp: undefined });
  });

  it.each([
    ['a signature of 28 characters', `eyJhIjoxfQ.${'a'.repeat(28)}`],
    ['a signature outside base64url', `eyJhIjoxfQ.${'a'.repeat(26)}+`],
    ['no dot', 'a'.repeat(27)],
    ['nothing before the signature', `.${'a'.repeat(27)}`],
  ])('refuses %s', (_, value) => {
    expect(readItsdangerous(value)).toBeUndefined();
  });

  it('takes a timestamp of 5 characters as part of a bare text, since no byte count writes 5', () => {
    expect(readItsdangerous(`eyJhIjoxfQ.abcde.${'a'.repeat(27)}`)).toMatchObject({ payload: 'eyJhIjoxfQ.abcde', timestamp: undefined });
  });

  // FLASK_UNSIGN's timestamp segment and signature, with the payload before them left out or not base64url.
  const [, stamp, signature] = FLASK_UNSIGN.value.split('.') as [string, string, string];

  it('reads a lone timestamp-shaped segment as an untimed payload, not as a timestamp', () => {
    expect(readItsdangerous(`${stamp}.${signature}`)).toEqual({
      signed: 'XDuWxQ',
      signature,
      digest: 'sha1',
      payload: 'XDuWxQ',
      compressed: false,
      timestamp: undefined,
    });
  });

  it("reads a bare signer's text ending in a timestamp-shaped segment as text, untimed", () => {
    expect(readItsdangerous(`my string.${stamp}.${signature}`)).toEqual({
      signed: 'my string.XDuWxQ',
      signature,
      digest: 'sha1',
      payload: 'my string.XDuWxQ',
      compressed: false,
      timestamp: undefined,
    });
  });
});

describe('readDjangoSigned', () => {
  it('reads signing.dumps: payload, base62 timestamp and signature', () => {
    expect(readDjangoSigned(DJANGO_DUMPS)).toEqual({
      signed: 'ImhlbGxvIg:1QaUZC',
      signature: 'YIye-ze3TTx7gtSv422nZA4sgmk',
      digest: 'sha1',
      payload: 'ImhlbGxvIg',
      compressed: false,
      // 2011-06-25T15:14:38Z
      timestamp: { segment: '1QaUZC', seconds: 1_309_014_878 },
    });
  });

  it('reads a compressed signing.dumps value', () => {
    const value = readDjangoSigned(DJANGO_DUMPS_COMPRESSED);
    expect(value).toMatchObject({ payload: 'eJwFwcERACAIwLCF-rCiILN47r-GyZVJsNgkxaFxoDgxcOHGxMKD_T7vhAml', compressed: true });
    expect(readPayload(value?.payload ?? '', true)).toEqual({ kind: 'json', value: Array.from({ length: 19 }, (_, i) => i + 1) });
  });

  it("reads a Signer's value:signature with a SHA-256 signature", () => {
    expect(readDjangoSigned(DJANGO_SIGNER.value)).toEqual({
      signed: 'foo',
      signature: 'jZQoX_FtSO70jX9HLRGg2A_2s4kdDBxz1QoO_OpEQb0',
      digest: 'sha256',
      payload: 'foo',
      compressed: false,
      timestamp: undefined,
    });
  });

  it.each([
    ['four parts', `a:b:c:${'a'.repeat(43)}`],
    ['a timestamp outside base62', `a:1-:${'a'.repeat(43)}`],
    ['a timestamp of 9 characters', `a:123456789:${'a'.repeat(43)}`],
    ['an empty payload', `:${'a'.repeat(43)}`],
    ['a signature of 42 characters', `a:${'a'.repeat(42)}`],
  ])('refuses %s', (_, value) => {
    expect(readDjangoSigned(value)).toBeUndefined();
  });
});

describe('readExpressCookie', () => {
  const signed = EXPRESS_COOKIE.value.slice('s:'.length);

  it('reads s:value.signature', () => {
    expect(readExpressCookie(`s:${signed}`)).toEqual({
      value: 'hello',
      signature: 'DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI',
      prefixed: true,
    });
  });

  it("reads cookie-signature's own value.signature, without s:", () => {
    expect(readExpressCookie(signed)).toEqual({
      value: 'hello',
      signature: 'DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI',
      prefixed: false,
    });
  });

  it('URL-decodes a value written s%3A first', () => {
    expect(readExpressCookie(`s%3A${encodeURIComponent(signed)}`)).toEqual({
      value: 'hello',
      signature: 'DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI',
      prefixed: true,
    });
  });

  it('splits at the last dot, so the value may hold dots', () => {
    expect(readExpressCookie(`s:a.b.${'A'.repeat(43)}`)?.value).toBe('a.b');
  });

  it('URL-decodes only a value that starts with s%3A', () => {
    expect(readExpressCookie(`xs%3A${signed}`)).toEqual({
      value: 'xs%3Ahello',
      signature: 'DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI',
      prefixed: false,
      json: undefined,
    });
  });

  it("reads a j: value's JSON, as cookie-parser's JSONCookie does, and no JSON from a value without j:", () => {
    expect(readExpressCookie(`s:j:{"a":[1]}.${'A'.repeat(43)}`)).toMatchObject({ value: 'j:{"a":[1]}', json: { a: [1] } });
    expect(readExpressCookie(`s:j:{"a".${'A'.repeat(43)}`)).toMatchObject({ value: 'j:{"a"', json: undefined });
    expect(readExpressCookie(`s:ab123.${'A'.repeat(43)}`)).toStrictEqual({
      value: 'ab123',
      signature: 'A'.repeat(43),
      prefixed: true,
      json: undefined,
    });
  });

  it.each([
    ['a broken percent escape', 's%3A%E0%A4%A'],
    ['a broken percent escape before a well-formed signature', `s%3Ahello%.${'A'.repeat(43)}`],
    ['an empty value', `s:.${'A'.repeat(43)}`],
    ['an empty bare value', `.${'A'.repeat(43)}`],
    ['no dot', 'A'.repeat(43)],
    ['a base64url signature', `s:hello.${'_'.repeat(43)}`],
    ['a padded signature', `s:hello.${'A'.repeat(42)}=`],
  ])('refuses %s', (_, value) => {
    expect(readExpressCookie(value)).toBeUndefined();
  });
});

describe('readFernet', () => {
  // fernet/spec verify.json @ 20dead475f53f11d20592baf29ad697163afc0cd
  const token = 'gAAAAAAdwJ6wAAECAwQFBgcICQoLDA0ODy021cpGVWKZ_eEwCGM4BLLF_5CV9dOPmrhuVUPgJobwOz7JcbmrR64jVmpU4IwqDA==';

  it('splits the token into what the HMAC covers, the timestamp, the IV, the ciphertext and the HMAC', () => {
    const value = readFernet(token);
    // 1985-10-26T08:20:00Z
    expect(value?.timestampSeconds).toBe(499_162_800n);
    expect(value?.iv.toHex()).toBe('000102030405060708090a0b0c0d0e0f');
    expect(value?.ciphertext.length).toBe(16);
    expect(value?.hmac.length).toBe(32);
    expect(value?.signed.length).toBe(1 + 8 + 16 + 16);
    expect(value?.signed[0]).toBe(0x80);
  });

  it.each([
    // fernet/spec invalid.json @ 20dead475f53f11d20592baf29ad697163afc0cd
    ['too short', 'gAAAAAAdwJ6xAAECAwQFBgcICQoLDA0OD3HkMATM5lFqGaerZ-fWPA=='],
    ['invalid base64', '%%%%%%%%%%%%%AECAwQFBgcICQoLDA0OD3HkMATM5lFqGaerZ-fWPAl1-szkFVzXTuGb4hR8AKtwcaX1YdykRtfsH-p1YsUD2Q=='],
    [
      'payload size not multiple of block size',
      'gAAAAAAdwJ6xAAECAwQFBgcICQoLDA0OD3HkMATM5lFqGaerZ-fWPOm73QeoCk9uGib28Xe5vz6oxq5nmxbx_v7mrfyudzUm',
    ],
    ['another version byte', `AA${token.slice(2)}`],
    ['no padding', token.replace(/=+$/, '')],
  ])('refuses a token that is %s', (_, value) => {
    expect(readFernet(value)).toBeUndefined();
  });

  // The verify.json token's 73 bytes: version and timestamp (9), IV (16), one block of ciphertext (16), HMAC (32).
  const bytes = Uint8Array.fromBase64(token, { alphabet: 'base64url' });
  const padded = (of: Uint8Array): string => of.toBase64({ alphabet: 'base64url' });

  it.each([
    [
      'without its block of ciphertext (57 bytes, 76 characters)',
      padded(new Uint8Array([...bytes.subarray(0, 25), ...bytes.subarray(41)])),
    ],
    ['one byte longer, so its ciphertext is not whole blocks (74 bytes, 100 characters)', padded(new Uint8Array([...bytes, 0]))],
  ])('refuses the token %s', (_, value) => {
    expect(value.length % 4).toBe(0);
    expect(readFernet(value)).toBeUndefined();
  });

  it('reads a token with two blocks of ciphertext', () => {
    const value = readFernet(padded(new Uint8Array([...bytes.subarray(0, 41), ...bytes.subarray(25)])));
    expect(value?.ciphertext.length).toBe(32);
    expect(value?.hmac).toEqual(bytes.subarray(41));
  });
});

describe('readPaseto', () => {
  it('reads the version, purpose, header, body and footer', () => {
    const body = base64url(new Uint8Array([1, 2, 3]));
    const footer = base64url(new TextEncoder().encode('{"kid":"k"}'));
    const value = readPaseto(`v4.public.${body}.${footer}`);
    expect(value).toEqual({
      version: 4,
      purpose: 'public',
      header: 'v4.public.',
      body: new Uint8Array([1, 2, 3]),
      footer: new TextEncoder().encode('{"kid":"k"}'),
    });
  });

  it('gives an empty footer when there is none', () => {
    expect(readPaseto('v2.local.AAAA')?.footer).toEqual(new Uint8Array(0));
  });

  it.each([
    ['v5.public.AAAA'],
    ['v4.secret.AAAA'],
    ['v4.public.'],
    ['v4.public.AAAA.'],
    ['v4.public.AAAAA'],
    ['v4.public.AA=='],
    ['v4.public.AB'],
    ['v4.public.AAB'],
    ['v4.public.AA.AB'],
  ])('refuses %s', (value) => {
    expect(readPaseto(value)).toBeUndefined();
  });
});

describe('readPayload', () => {
  it('reads base64url JSON', () => {
    expect(readPayload('eyJsb2dnZWRfaW4iOmZhbHNlfQ', false)).toEqual({ kind: 'json', value: { logged_in: false } });
  });

  it('reads base64url text that is not JSON as text', () => {
    expect(readPayload(base64url(new TextEncoder().encode('plain text')), false)).toEqual({ kind: 'text', text: 'plain text' });
  });

  it('inflates a compressed payload', () => {
    expect(readPayload(zlibOf('{"a":[1,2]}'), true)).toEqual({ kind: 'json', value: { a: [1, 2] } });
  });

  it('inflates a payload of exactly the limit', () => {
    const json = `"${'a'.repeat(MAX_INFLATED_BYTES - 2)}"`;
    const payload = readPayload(zlibOf(json), true);
    expect(payload.kind).toBe('json');
  });

  it('stops at the limit: a payload one byte past it is too large', () => {
    expect(readPayload(zlibOf(`"${'a'.repeat(MAX_INFLATED_BYTES - 1)}"`), true)).toEqual({ kind: 'too_large' });
  });

  // Found while reading mutants of inflateSmall: a zlib header, then a stored block of length 0 with a wrong NLEN.
  it('gives up on a stream that writes nothing, with no buffer larger than the input could fill', () => {
    const Real = globalThis.Uint8Array;
    let largest = 0;
    globalThis.Uint8Array = new Proxy(Real, {
      construct(target, args: unknown[]) {
        if (typeof args[0] === 'number') largest = Math.max(largest, args[0]);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      expect(readPayload('eJwAAAAA', true)).toEqual({ kind: 'unreadable' });
    } finally {
      globalThis.Uint8Array = Real;
    }
    expect(largest).toBeLessThanOrEqual(6 * 1032 + 1);
  });

  it('inflates a small stream to a payload many times the first buffer, growing it more than once', () => {
    const text = 'abcdefghij'.repeat(10_000);
    const raw = zlibSync(new TextEncoder().encode(text));
    // The first buffer holds 4 bytes for each input byte and 1024 more: under 2 KB for 100 KB of output.
    expect(raw.length * 4 + 1024).toBeLessThan(text.length / 8);
    expect(readPayload(base64url(raw), true)).toEqual({ kind: 'text', text });
  });

  it('inflates a stream whose length is not a multiple of 4 past the first buffer', () => {
    const text = 'a'.repeat(2000);
    const raw = zlibSync(new TextEncoder().encode(text));
    // 22 bytes, whose output (2,000 bytes) outgrows the first buffer (22 × 4 + 1,024 = 1,112 bytes).
    expect(raw.length).toBe(22);
    expect(readPayload(base64url(raw), true)).toEqual({ kind: 'text', text });
  });

  // Streams longer than 1,016 bytes (1 MiB / 1032) are inflated a chunk of 256 bytes at a time.
  it('inflates a long stream whose length is a whole number of chunks', () => {
    const text = 'a'.repeat(1269);
    const raw = zlibStream([storedBlock(new TextEncoder().encode(text), true)]);
    expect(raw.length).toBe(5 * 256);
    expect(readPayload(base64url(raw), true)).toEqual({ kind: 'text', text });
  });

  it('gives a long truncated stream as unreadable', () => {
    const raw = zlibStream([storedBlock(new TextEncoder().encode('a'.repeat(2000)), true)]);
    expect(readPayload(base64url(raw.subarray(0, 1500)), true)).toEqual({ kind: 'unreadable' });
  });

  it('gives a stream broken after exactly the limit as unreadable, not as too large', () => {
    const blocks: Uint8Array[] = [];
    for (let left = MAX_INFLATED_BYTES; left > 0; left -= 65_535)
      blocks.push(storedBlock(new Uint8Array(Math.min(left, 65_535)).fill(0x61), false));
    // 60 empty blocks (300 bytes) after the data, then a block of the reserved type 11.
    for (let i = 0; i < 60; i += 1) blocks.push(storedBlock(new Uint8Array(0), false));
    blocks.push(Uint8Array.of(0b111));
    const raw = zlibStream(blocks);
    expect(readPayload(base64url(raw), true)).toEqual({ kind: 'unreadable' });
    const whole = zlibStream([...blocks.slice(0, -61), storedBlock(new Uint8Array(0), true)]);
    expect(readPayload(base64url(whole), true)).toEqual({ kind: 'text', text: 'a'.repeat(MAX_INFLATED_BYTES) });
  });

  it('stops a zlib bomb of 4 MiB of zeros', () => {
    const bomb = base64url(zlibSync(new Uint8Array(4 * MAX_INFLATED_BYTES), { level: 9 }));
    expect(bomb.length).toBeLessThan(30_000);
    expect(readPayload(bomb, true)).toEqual({ kind: 'too_large' });
  });

  it.each([
    ['text outside base64url', 'a+b', false],
    ['an impossible base64url length', 'abcde', false],
    ['bytes that are not UTF-8', base64url(new Uint8Array([0xff, 0xfe])), false],
    ['a broken zlib stream', 'eyJhIjoxfQ', true],
    ['a truncated zlib stream', zlibOf('{"a":"a long enough text to cut"}').slice(0, 12), true],
  ])('gives %s as unreadable', (_, segment, compressed) => {
    expect(readPayload(segment, compressed)).toEqual({ kind: 'unreadable' });
  });

  it('gives JSON nested past 64 levels as text, unparsed', () => {
    const deep = `${'['.repeat(65)}${']'.repeat(65)}`;
    expect(readPayload(base64url(new TextEncoder().encode(deep)), false)).toEqual({ kind: 'text', text: deep });
  });
});

describe('signedTimes', () => {
  it('reads an itsdangerous timestamp below 400,000,000 also from the 2011 epoch', () => {
    expect(signedTimes({ segment: 'AAAAAQ', seconds: 1 }, true)).toEqual([
      { name: 'signed_at', unixNs: 1_000_000_000n },
      // 2011-01-01T00:00:01Z
      { name: 'signed_at_legacy', unixNs: 1_293_840_001_000_000_000n },
    ]);
  });

  it('reads a timestamp of 400,000,000 or more, or a Django one, from 1970 alone', () => {
    expect(signedTimes({ segment: 'F9eEAA', seconds: 400_000_000 }, true)).toEqual([
      { name: 'signed_at', unixNs: 400_000_000_000_000_000n },
    ]);
    expect(signedTimes({ segment: '1', seconds: 1 }, false)).toEqual([{ name: 'signed_at', unixNs: 1_000_000_000n }]);
  });

  it('gives no time for a value without a timestamp', () => {
    expect(signedTimes(undefined, true)).toEqual([]);
  });
});

describe('pasetoSigned', () => {
  it.each([
    [1, 256],
    [2, 64],
    [3, 96],
    [4, 64],
  ] as const)('splits a v%i body before its %i-byte signature', (version, bytes) => {
    const body = new Uint8Array(bytes + 2).map((_, at) => at);
    const split = pasetoSigned({ version, purpose: 'public', header: `v${version}.public.`, body, footer: new Uint8Array(0) });
    expect(split?.message).toEqual(Uint8Array.of(0, 1));
    expect(split?.signature.length).toBe(bytes);
    const short = body.subarray(0, bytes - 1);
    expect(pasetoSigned({ version, purpose: 'public', header: '', body: short, footer: new Uint8Array(0) })).toBeUndefined();
  });
});

describe('pasetoClaimTimes', () => {
  it('reads exp, nbf and iat in that order, leaving other claims out', () => {
    const claims = { iat: '2022-01-01T00:00:00+00:00', sub: 'x', exp: '2022-01-01T00:00:00.5Z', nbf: 1 };
    expect(pasetoClaimTimes(claims)).toEqual([
      { name: 'exp', written: '2022-01-01T00:00:00.5Z', unixNs: 1_640_995_200_500_000_000n },
      { name: 'nbf', written: 1, unixNs: undefined },
      { name: 'iat', written: '2022-01-01T00:00:00+00:00', unixNs: 1_640_995_200_000_000_000n },
    ]);
  });

  it.each([['2022-01-01'], ['2022-01-01T00:00:00'], ['2022-02-30T00:00:00Z']])('does not read %s as a time', (written) => {
    expect(pasetoClaimTimes({ exp: written })).toEqual([{ name: 'exp', written, unixNs: undefined }]);
  });

  it('reads nothing from a payload that is not a JSON object', () => {
    expect(pasetoClaimTimes(['exp'])).toEqual([]);
    expect(pasetoClaimTimes('{"exp":"2022-01-01T00:00:00Z"}')).toEqual([]);
    // jsonOrText gives null for a payload that is not UTF-8.
    expect(pasetoClaimTimes(null)).toEqual([]);
    expect(pasetoClaimTimes(undefined)).toEqual([]);
  });

  it.each([
    ['a time without seconds, which Temporal would read', '2022-01-01T00:00Z'],
    ['an array holding an RFC 3339 time', ['2022-01-01T00:00:00Z']],
  ])('does not read %s as a time', (_, written) => {
    expect(pasetoClaimTimes({ exp: written })).toEqual([{ name: 'exp', written, unixNs: undefined }]);
  });
});

describe('shownPayload', () => {
  it('shows a compressed payload as JSON, as its text, or as null when it does not inflate to UTF-8', () => {
    expect(shownPayload(zlibOf('{"a":1}'), true)).toStrictEqual({ value: { a: 1 }, serialized: true });
    expect(shownPayload(zlibOf('plain text'), true)).toStrictEqual({ value: 'plain text', serialized: false });
    expect(shownPayload(base64url(zlibSync(Uint8Array.of(0xff, 0xfe))), true)).toStrictEqual({ value: null, serialized: false });
    expect(shownPayload('a+b', true)).toStrictEqual({ value: null, serialized: false });
  });

  it('shows an uncompressed payload that is not JSON as written', () => {
    expect(shownPayload('my string', false)).toStrictEqual({ value: 'my string', serialized: false });
  });
});

describe('jsonOrText', () => {
  it('gives JSON, else the text, else null for bytes that are not UTF-8', () => {
    expect(jsonOrText(new TextEncoder().encode('{"kid":"k"}'))).toEqual({ kid: 'k' });
    expect(jsonOrText(new TextEncoder().encode('a footer'))).toBe('a footer');
    expect(jsonOrText(Uint8Array.of(0xff))).toBeNull();
  });

  it('gives JSON nested past 64 levels as text, unparsed, as readPayload does', () => {
    const deep = `${'['.repeat(65)}${']'.repeat(65)}`;
    expect(jsonOrText(new TextEncoder().encode(deep))).toBe(deep);
    expect(jsonOrText(new TextEncoder().encode(deep.slice(1, -1)))).toEqual(expect.any(Array));
  });
});

describe('readPaserk', () => {
  it('reads the version, the type and the data of a PASERK', () => {
    const read = readPaserk(PASERK_K4_LID);
    expect(read).toMatchObject({ version: 4, type: 'lid' });
    expect(read?.data).toHaveLength(33);
  });

  it.each([['k4.lid.AB'], ['k4.lid.AAB'], ['k4.lid.AAAAA'], ['k4.lid.AA=='], ['k5.lid.AA']])('refuses %s', (value) => {
    expect(readPaserk(value)).toBeUndefined();
  });
});
