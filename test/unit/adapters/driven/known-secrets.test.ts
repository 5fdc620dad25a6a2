// The known-secrets search on each host's HMAC: node:crypto's (the server) and @noble/hashes' (the browser and the
// local client) give the same answers, each checked against tokens signed here with node:crypto.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { KNOWN_SECRETS } from '../../../../src/adapters/driven/known-secrets/list.js';
import { NobleKnownSecrets } from '../../../../src/adapters/driven/portable/noble-known-secrets.js';
import type { HmacAlgorithm } from '../../../../src/core/jwt/ports/known-secrets.js';

const signed = (alg: HmacAlgorithm, secret: string) => {
  const signingInput = `${Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url')}.${Buffer.from('{"sub":"1"}').toString('base64url')}`;
  return {
    signingInput,
    signature: createHmac(`sha${alg.slice(2)}`, secret)
      .update(signingInput)
      .digest('base64url'),
  };
};

describe.each([
  ['HmacKnownSecrets (node:crypto)', (list?: readonly string[]) => new HmacKnownSecrets(list)],
  ['NobleKnownSecrets (@noble/hashes)', (list?: readonly string[]) => new NobleKnownSecrets(list)],
])('%s', (_name, make) => {
  const search = make();

  it.each(['HS256', 'HS384', 'HS512'] as const)('finds the secret of a %s signature, first or last in the list', (alg) => {
    for (const secret of [KNOWN_SECRETS[0] as string, KNOWN_SECRETS.at(-1) as string]) {
      const { signingInput, signature } = signed(alg, secret);
      expect(search.find(alg, signingInput, signature)).toBe(secret);
    }
  });

  it('finds nothing for a secret off the list, or a signature of another algorithm, length or alphabet', () => {
    const { signingInput, signature } = signed('HS256', 'not-a-known-secret-8c1f');
    expect(search.find('HS256', signingInput, signature)).toBeUndefined();
    const known = signed('HS256', 'secret');
    expect(search.find('HS384', known.signingInput, known.signature)).toBeUndefined();
    expect(search.find('HS256', known.signingInput, known.signature.slice(0, -1))).toBeUndefined();
    expect(search.find('HS256', known.signingInput, `${known.signature}=`)).toBeUndefined();
    expect(search.find('HS256', known.signingInput, `${known.signature.slice(0, -1)}+`)).toBeUndefined();
  });

  it('reads a secret as UTF-8, and counts a repeated one once', () => {
    const own = make(['pässwörd', 'pässwörd', '🔑']);
    expect(own.size).toBe(2);
    const { signingInput, signature } = signed('HS512', '🔑');
    expect(own.find('HS512', signingInput, signature)).toBe('🔑');
  });
});
