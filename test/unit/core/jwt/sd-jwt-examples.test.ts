import { describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { JoseSignatureVerifier } from '../../../../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import type { DecodedJwt } from '../../../../src/core/jwt/use-cases/decode-jwt.js';
import { DecodeJwt } from '../../../../src/core/jwt/use-cases/decode-jwt.js';
import { VerifyJwt } from '../../../../src/core/jwt/use-cases/verify-jwt.js';
import { FixedClock } from '../../../support/fakes.js';
import {
  EXAMPLE_ISSUER_KEY,
  EXAMPLE_SECOND_ISSUER_KEY,
  SD_JWT_EXAMPLES,
  exampleFile,
  exampleJson,
  exampleToken,
} from '../../../support/sd-jwt-examples.js';

/** Each disclosure with the SHA-256 digest the generator printed for it in disclosures.md. */
function printedDigests(name: string): Map<string, string> {
  const printed = new Map<string, string>();
  for (const block of exampleFile(name, 'disclosures.md').split(/\n(?=__)/)) {
    const digest = /SHA-256 Hash: `([^`]+)`/.exec(block)?.[1];
    const lines = /Disclosure:\\\n((?:`[^`]*`\\?\n?)+)/.exec(block)?.[1];
    if (digest === undefined || lines === undefined) continue;
    printed.set([...lines.matchAll(/`([^`]*)`/g)].map((match) => match[1]).join(''), digest);
  }
  return printed;
}

/** What the issuer signed, with every disclosure in place: the example's claims over the plain ones the issuer added. */
function fullClaims(name: string): Record<string, unknown> {
  const userClaims = exampleJson(name, 'user_claims.json');
  const added = Object.entries(exampleJson(name, 'sd_jwt_payload.json')).filter(
    ([claim]) => claim !== '_sd' && claim !== '_sd_alg' && !Object.hasOwn(userClaims, claim),
  );
  return { ...Object.fromEntries(added), ...userClaims };
}

// After the key-binding JWTs' iat (when the files were generated) and before the examples' exp (2029-09-01).
const clock = new FixedClock(Date.UTC(2027, 0, 1));
const decoder = new DecodeJwt(clock, new HmacKnownSecrets());
const verifier = new VerifyJwt(clock, new JoseSignatureVerifier(), new NodeKeyCodec(), decoder);
const sdCodes = (body: DecodedJwt) => body.findings.map((finding) => finding.code).filter((code) => code.startsWith('sd_'));

describe('the RFC 9901 examples (oauth-wg/oauth-selective-disclosure-jwt examples/*/)', () => {
  it('holds every example folder of the repository', () => {
    expect(SD_JWT_EXAMPLES).toHaveLength(15);
  });

  describe.each(SD_JWT_EXAMPLES)('%s', (name) => {
    const jsonSerialization = name.startsWith('json_serialization_');

    it('issuance: each disclosure has the digest the generator printed and lands in place, giving every claim', () => {
      const body = decoder.execute({ token: exampleToken(name, 'sd_jwt_issuance') });
      expect(body.encoding).toBe(jsonSerialization ? 'jws-json' : 'sd-jwt');
      const sd = body.sd_jwt;
      expect(sd).toBeDefined();
      const printed = printedDigests(name);
      expect(sd?.disclosures.length).toBe(printed.size);
      for (const disclosure of sd?.disclosures ?? []) {
        expect(printed.get(disclosure.disclosure)).toBe(disclosure.digest);
        expect(disclosure.path).not.toBeNull();
      }
      expect(sd?.disclosed_payload).toEqual(fullClaims(name));
      expect(sd?.key_binding).toBeNull();
      expect(sdCodes(body)).toEqual([]);
    });

    it('presentation: the disclosed payload is the verifier output the generator wrote', () => {
      const body = decoder.execute({ token: exampleToken(name, 'sd_jwt_presentation') });
      const sd = body.sd_jwt;
      expect(sd?.disclosed_payload).toEqual(exampleJson(name, 'verified_contents.json'));
      expect(sd?.disclosures.every((disclosure) => disclosure.path !== null)).toBe(true);
      expect(sdCodes(body)).toEqual([]);
      const verified = exampleJson(name, 'verified_contents.json');
      expect({ issuer: body.issuer, subject: body.subject }).toEqual({
        issuer: typeof verified.iss === 'string' ? verified.iss : null,
        subject: typeof verified.sub === 'string' ? verified.sub : null,
      });
      if (sd?.key_binding !== null) {
        expect(sd?.key_binding).toMatchObject({ header: { typ: 'kb+jwt' }, payload: { nonce: '1234567890' }, sd_hash_matches: true });
      }
    });

    it("presentation: verifies with the issuer's public key, and its key binding with cnf.jwk", async () => {
      const result = await verifier.execute({ token: exampleToken(name, 'sd_jwt_presentation'), key: JSON.stringify(EXAMPLE_ISSUER_KEY) });
      expect(result).toMatchObject({ valid: true, reason: null, algorithm: 'ES256' });
      expect(result.sd_jwt?.disclosed_payload).toEqual(exampleJson(name, 'verified_contents.json'));
    });
  });

  it('a presentation whose disclosures are the issuance ones fails its sd_hash, in decode and in verify', async () => {
    const presented = exampleToken('simple', 'sd_jwt_presentation');
    const keyBinding = presented.slice(presented.lastIndexOf('~') + 1);
    const swapped = `${exampleToken('simple', 'sd_jwt_issuance')}${keyBinding}`;
    const body = decoder.execute({ token: swapped });
    expect(body.sd_jwt?.key_binding?.sd_hash_matches).toBe(false);
    expect(sdCodes(body)).toEqual(['sd_hash_mismatch']);
    const result = await verifier.execute({ token: swapped, key: JSON.stringify(EXAMPLE_ISSUER_KEY) });
    expect(result.reason?.code).toBe('key_binding_invalid');
  });

  it('json_serialization_general: the second signature verifies with its own key, and the key binding still holds', async () => {
    const result = await verifier.execute({
      token: exampleToken('json_serialization_general', 'sd_jwt_presentation'),
      key: JSON.stringify(EXAMPLE_SECOND_ISSUER_KEY),
    });
    expect(result).toMatchObject({ valid: true, key_id: 'issuer-key-2' });
  });

  it('a JSON serialization whose kb_jwt was made for other disclosures is key_binding_invalid', async () => {
    const presented = JSON.parse(exampleToken('json_serialization_flattened', 'sd_jwt_presentation')) as {
      header: { disclosures: string[] };
    };
    presented.header.disclosures = presented.header.disclosures.slice(1);
    const text = JSON.stringify(presented);
    expect(sdCodes(decoder.execute({ token: text }))).toEqual(['sd_hash_mismatch']);
    const result = await verifier.execute({ token: text, key: JSON.stringify(EXAMPLE_ISSUER_KEY) });
    expect(result.reason?.code).toBe('key_binding_invalid');
  });
});
