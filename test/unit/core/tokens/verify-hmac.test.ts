import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey, equalBytes, equalText, hmacOf } from '../../../../src/core/tokens/verify/hmac.js';
import { itsdangerousKey } from '../../../support/token-arbitraries.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('deriveKey', () => {
  it.each(['concat', 'django-concat', 'hmac', 'none'] as const)(
    'derives itsdangerous’s %s key, as node:crypto computes it',
    (derivation) => {
      for (const digest of ['sha1', 'sha256'] as const) {
        expect(hex(deriveKey(derivation, digest, 'sécret', 'salt'))).toBe(
          itsdangerousKey('sécret', 'salt', derivation, digest).toString('hex'),
        );
      }
    },
  );

  it("makes Django's key H(salt + 'signer' + secret) with django-concat", () => {
    const expected = createHash('sha256').update('django.core.signing.Signersignerpredictable-secret').digest('hex');
    expect(hex(deriveKey('django-concat', 'sha256', 'predictable-secret', 'django.core.signing.Signer'))).toBe(expected);
  });
});

describe('hmacOf', () => {
  it('reads text as UTF-8', () => {
    expect(hex(hmacOf('sha256', 'kéy', 'välue'))).toBe(createHmac('sha256', 'kéy').update('välue').digest('hex'));
  });
});

describe('equalBytes and equalText', () => {
  it.each([
    [[1, 2, 3], [1, 2, 3], true],
    [[1, 2, 3], [1, 2, 4], false],
    [[1, 2, 3], [1, 2], false],
    // A prefix is not equal, whichever side is longer and whatever the extra byte is (0 XORs to nothing).
    [[1, 2, 0], [1, 2], false],
    [[1, 2], [1, 2, 3], false],
    [[], [], true],
  ])('compares %j with %j: %s', (a, b, equal) => {
    expect(equalBytes(new Uint8Array(a), new Uint8Array(b))).toBe(equal);
  });

  it('compares signatures as written', () => {
    expect(equalText('abc', 'abc')).toBe(true);
    expect(equalText('abc', 'abd')).toBe(false);
    expect(equalText('abc', 'ab')).toBe(false);
  });
});
