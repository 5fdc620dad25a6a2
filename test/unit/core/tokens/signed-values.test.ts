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
  signedTimes,
} from '../../../../src/core/tokens/signed-values.js';
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

  it.each([
    ['a broken percent escape', 's%3A%E0%A4%A'],
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
