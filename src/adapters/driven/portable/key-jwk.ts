// JWKs read as node:crypto's createPublicKey and createPrivateKey read them (`format: 'jwk'`): the members it
// requires, its base64 decoding (both alphabets, other characters skipped, stopping at `=`), and its checks: an EC
// point on its curve and its d in range and behind that point, an OKP key's x derived from its d, an RSA key's n the
// product of its p and q, and nothing else.
import type { JsonObject } from '../../../core/shared/json.js';
import { OKP_CURVES, curveOfCrv, pointFromCoordinates, publicPoint } from './key-curves.js';
import { bigIntOf } from './key-der.js';
import type { KeyData } from './key-model.js';
import { bitLength } from './key-rsa.js';

const refuse = (reason: string): never => {
  throw new Error(`invalid JWK: ${reason}`);
};

/** A member's bytes as node's base64 decoder gives them. */
export function nodeBase64(text: string): Uint8Array {
  const stop = text.indexOf('=');
  const chars = (stop < 0 ? text : text.slice(0, stop)).replace(/[^A-Za-z0-9+/_-]/g, '');
  const whole = chars.length - (chars.length % 4 === 1 ? 1 : 0);
  return Uint8Array.fromBase64(chars.slice(0, whole).replace(/-/g, '+').replace(/_/g, '/'), { lastChunkHandling: 'loose' });
}

function member(jwk: JsonObject, name: string): Uint8Array {
  const value = jwk[name];
  return typeof value === 'string' ? nodeBase64(value) : refuse(`${name} is not a string`);
}

const number = (jwk: JsonObject, name: string): bigint => bigIntOf(member(jwk, name));
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);

export function readJwk(jwk: JsonObject, withPrivate: boolean): KeyData {
  switch (jwk.kty) {
    case 'OKP': {
      const curve = OKP_CURVES.find((candidate) => candidate.crv === jwk.crv) ?? refuse('crv');
      const x = member(jwk, 'x');
      if (!withPrivate) {
        if (x.length !== curve.size) refuse('x');
        return { kind: 'okp', curve, x, d: undefined };
      }
      const d = member(jwk, 'd');
      if (d.length !== curve.size) refuse('d');
      const derived = curve.publicOf(d);
      if (!sameBytes(derived, x)) refuse('x is not the public key of d');
      return { kind: 'okp', curve, x: derived, d };
    }
    case 'EC': {
      const curve = curveOfCrv(jwk.crv) ?? refuse('crv');
      const point = pointFromCoordinates(curve, number(jwk, 'x'), number(jwk, 'y'));
      if (!withPrivate) return { kind: 'ec', curve, point, d: undefined };
      const d = number(jwk, 'd');
      const order = curve.curve?.Point.Fn.ORDER ?? 0n;
      const derived = publicPoint(curve, d);
      if (d <= 0n || d >= order || derived.xy?.[0] !== point.xy?.[0] || derived.xy?.[1] !== point.xy?.[1]) {
        refuse('d is not the private key of x and y');
      }
      return { kind: 'ec', curve, point, d };
    }
    case 'RSA': {
      const n = number(jwk, 'n');
      const e = number(jwk, 'e');
      const common = { kind: 'rsa', type: 'rsa', n, e, pssAlgorithm: undefined, restrictions: undefined } as const;
      if (!withPrivate) return { ...common, private: undefined };
      const [d, p, q, dp, dq, qi] = (['d', 'p', 'q', 'dp', 'dq', 'qi'] as const).map((name) => number(jwk, name)) as [
        bigint,
        bigint,
        bigint,
        bigint,
        bigint,
        bigint,
      ];
      if (jwk.oth !== undefined) refuse('multi-prime keys are not read');
      if (p * q !== n || bitLength(d) > bitLength(n)) refuse('n is not p times q, or d is longer than n');
      return { ...common, private: { d, p, q, dp, dq, qi } };
    }
    default:
      return refuse('kty');
  }
}
