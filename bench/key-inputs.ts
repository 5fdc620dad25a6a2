// The keys bench/keys.ts and bench/key-codecs.ts inspect: a 2048-bit RSA JWK, a JWK Set of 100 EC P-256 keys, and a
// chain of three certificates (Ed25519, RSA 2048, EC P-384) as PEM text, each made afresh by the run.
import { generateKeyPairSync } from 'node:crypto';
import { makeChain } from '../test/support/certificates.js';

export const RSA_JWK = JSON.stringify(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }));

export const EC_SET = JSON.stringify({
  keys: Array.from({ length: 100 }, (_, i) => ({
    ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }),
    kid: `key-${i}`,
  })),
});

const chain = makeChain();
export const CHAIN_PEM = chain.leaf.pem + chain.intermediate.pem + chain.root.pem;
