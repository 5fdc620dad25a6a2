import { describe, expect, it } from 'vitest';
import { tokenParts } from '../../../web/src/token-parts.js';

const label = (input: string) => tokenParts(input).map((part) => `${part.label}:${part.role}:${part.text}`);

describe('tokenParts', () => {
  it('names the three parts of a JWS, Bearer and whitespace aside', () => {
    expect(label(' Bearer eyA.eyB.sig ')).toEqual(['Header:header:eyA', 'Payload:payload:eyB', 'Signature:signature:sig']);
  });

  it('names the five parts of a JWE, the empty key of dir included', () => {
    expect(label('eyA..iv.ct.tag')).toEqual([
      'Protected header:header:eyA',
      'Encrypted key:key:',
      'Initialization vector:iv:iv',
      'Ciphertext:ciphertext:ct',
      'Authentication tag:tag:tag',
    ]);
  });

  it('names the issuer-signed JWT, each disclosure and the key-binding JWT of an SD-JWT', () => {
    expect(label('eyA.eyB.s~d1~d2~eyK.eyL.t')).toEqual([
      'Issuer-signed JWT: Header:header:eyA',
      'Issuer-signed JWT: Payload:payload:eyB',
      'Issuer-signed JWT: Signature:signature:s',
      'Disclosure 1:disclosure:d1',
      'Disclosure 2:disclosure:d2',
      'Key-binding JWT: Header:binding:eyK',
      'Key-binding JWT: Payload:binding:eyL',
      'Key-binding JWT: Signature:binding:t',
    ]);
    expect(label('eyA.eyB.s~d1~')).toHaveLength(4);
  });

  it('gives no parts for a JSON serialization, which is shown as JSON', () => {
    expect(tokenParts('{"payload":"e30"}')).toEqual([]);
  });
});
