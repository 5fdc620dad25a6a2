// A certificate's validity times (RFC 5280 §4.1.2.5) as the core reads them from the DER, as OpenSSL's ASN1_TIME_to_tm
// reads them: the forms it takes, and the values that name no instant (where OpenSSL prints 'Bad time value').
import { describe, expect, it } from 'vitest';
import { timeMs } from '../../../../src/core/keys/asn1-time.js';
import { DerError, derAt } from '../../../../src/core/keys/der.js';

const tlv = (tag: number, content: readonly number[]): number[] => [tag, content.length, ...content];
const ascii = (text: string) => [...new TextEncoder().encode(text)];
const read = (bytes: readonly number[]) => timeMs(derAt(Uint8Array.from(bytes), 0));
const utcTime = (text: string) => read(tlv(0x17, ascii(text)));
const generalizedTime = (text: string) => read(tlv(0x18, ascii(text)));

describe('timeMs', () => {
  it.each([
    ['261128000000Z', Date.UTC(2026, 10, 28)],
    ['2611281230+0100', Date.UTC(2026, 10, 28, 11, 30)],
    ['261128000000-0130', Date.UTC(2026, 10, 28, 1, 30)],
    // RFC 5280 §4.1.2.5.1: YY of 50 or more is 19YY, below 50 20YY.
    ['491231235959Z', Date.UTC(2049, 11, 31, 23, 59, 59)],
    ['500101000000Z', Date.UTC(1950, 0, 1)],
    ['240229000000Z', Date.UTC(2024, 1, 29)],
    ['261130000000Z', Date.UTC(2026, 10, 30)],
    // Offsets at their limits: 12 hours, 59 minutes.
    ['261128000000+1200', Date.UTC(2026, 10, 27, 12)],
    ['261128000000-1200', Date.UTC(2026, 10, 28, 12)],
    ['261128000000+0059', Date.UTC(2026, 10, 27, 23, 1)],
  ])('reads UTCTime %s', (text, ms) => {
    expect(utcTime(text)).toBe(ms);
  });

  it.each([
    ['20261128000000Z', Date.UTC(2026, 10, 28)],
    ['20261128000000.123456789Z', Date.UTC(2026, 10, 28)],
    ['202611281230+0100', Date.UTC(2026, 10, 28, 11, 30)],
    ['20261128000000.5+0100', Date.UTC(2026, 10, 27, 23)],
    ['20000229000000Z', Date.UTC(2000, 1, 29)],
    ['99991231235959Z', Date.UTC(9999, 11, 31, 23, 59, 59)],
  ])('reads GeneralizedTime %s', (text, ms) => {
    expect(generalizedTime(text)).toBe(ms);
  });

  it.each([
    ['a 60th second', () => utcTime('261128000060Z')],
    ['Feb 30', () => utcTime('260230000000Z')],
    ['Feb 29 of a common year', () => utcTime('230229000000Z')],
    ['Feb 29 of 2100, not a leap year', () => generalizedTime('21000229000000Z')],
    ['hour 24', () => utcTime('261128240000Z')],
    ['month 13', () => utcTime('261301000000Z')],
    ['month 0', () => utcTime('260001000000Z')],
    ['day 0', () => utcTime('261100000000Z')],
    ['Nov 31', () => utcTime('261131000000Z')],
    ['Jan 32', () => utcTime('260132000000Z')],
    ['minute 60', () => utcTime('261128006000Z')],
    ['a lower-case z', () => utcTime('261128000000z')],
    ['no zone', () => utcTime('261128000000')],
    ['text after the zone', () => utcTime('261128000000Z ')],
    ['a letter among the digits', () => utcTime('26112800000AZ')],
    ['an offset of 13 hours', () => utcTime('261128000000+1300')],
    ['an offset of 60 minutes', () => utcTime('261128000000+0060')],
    ['an offset without minutes', () => utcTime('261128000000+01')],
    ['an offset after the Z', () => utcTime('261128000000Z+0100')],
    ['text after the offset', () => utcTime('261128000000+0100Z')],
    ["a UTCTime's fraction", () => utcTime('261128000000.5Z')],
    ['a fraction without digits', () => generalizedTime('20261128000000.Z')],
    ['a fraction after a comma', () => generalizedTime('20261128000000,5Z')],
    ['a fraction without seconds', () => generalizedTime('202611280000.5Z')],
    ['a GeneralizedTime of 13 characters', () => generalizedTime('2026112800000Z')],
    ['a UTCTime of 11 characters, which d2i_X509 refuses', () => utcTime('2611280000Z')],
    ['a UTCTime of 13 characters that starts with a letter', () => utcTime('a61128000000Z')],
    ['a GeneralizedTime of 15 characters that starts with a letter', () => generalizedTime('a0261128000000Z')],
    // The digits must come first: a time found further on is not read, even where what follows its length in the text,
    // here the fraction and the Z, would read.
    ['text before the digits', () => generalizedTime(`${'x'.repeat(14)}.20261128000000Z`)],
    ['another type than a time', () => read(tlv(0x04, ascii('261128000000Z')))],
    ['another type that holds a GeneralizedTime', () => read(tlv(0x04, ascii('20261128000000Z')))],
  ])('names no instant for %s', (_label, run) => {
    expect(run()).toBeNaN();
  });

  it('reads a constructed UTCTime from its parts, of any tag, as OpenSSL gathers them', () => {
    expect(read(tlv(0x37, [...tlv(0x04, ascii('2611280000')), ...tlv(0x04, ascii('00Z'))]))).toBe(Date.UTC(2026, 10, 28));
  });

  // A UTCTime nested `levels` deep: 0x37 (a constructed UTCTime) outside, 0x24 (a constructed OCTET STRING) for each
  // level inside it, and 0x04 (a primitive OCTET STRING) holding the text innermost.
  const nested = (levels: number): number[] => {
    let bytes = tlv(0x04, ascii('261128000000Z'));
    for (let level = 1; level < levels; level++) bytes = tlv(0x24, bytes);
    return tlv(0x37, bytes);
  };

  // OpenSSL's asn1_collect (crypto/asn1/tasn_dec.c) is called at depth 0 on the outer string's parts and refuses a
  // constructed part at depth ASN1_MAX_STRING_NEST (5): node:crypto 26 (OpenSSL 3.5) reads a certificate whose
  // notBefore is six constructed levels deep, and refuses one of seven.
  it('reads a time six constructed levels deep, as OpenSSL does', () => {
    expect(read(nested(1))).toBe(Date.UTC(2026, 10, 28));
    expect(read(nested(6))).toBe(Date.UTC(2026, 10, 28));
  });

  it('refuses a time seven constructed levels deep', () => {
    expect(() => read(nested(7))).toThrow(new DerError('string nested too deep'));
  });
});
