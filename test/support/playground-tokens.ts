import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type JWK } from 'jose';
import { TEST_NOW_MS } from './service.js';

/** The test service's clock, in seconds: the tokens below are valid at it. */
const NOW_S = Math.floor(TEST_NOW_MS / 1000);

/** An ES256 pair made for a browser test, and the tokens it signs, as the playground's panels take them. */
export interface PlaygroundTokens {
  publicJwk: JWK;
  publicPem: string;
  privateJwk: JWK;
  /** ES256, kid k1, valid at the test clock, with no findings. */
  clean: string;
  /** An RFC 9068 access token that every structural and time rule passes. */
  accessToken: string;
  /** HS256 with `secret`, for bob. */
  hs256: string;
}

/** A new ES256 pair, and the tokens it signs; `secret` signs the HS256 one. */
export async function playgroundTokens(secret: string): Promise<PlaygroundTokens> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    publicJwk: await exportJWK(publicKey),
    publicPem: await exportSPKI(publicKey),
    privateJwk: await exportJWK(privateKey),
    clean: await new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'k1' })
      .setIssuer('https://issuer.example')
      .setIssuedAt(NOW_S)
      .setExpirationTime(NOW_S + 3600)
      .sign(privateKey),
    accessToken: await new SignJWT({ client_id: 'c', aud: 'api', sub: 'u', jti: 'j' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer('https://as.example')
      .setIssuedAt(NOW_S)
      .setExpirationTime(NOW_S + 600)
      .sign(privateKey),
    hs256: await new SignJWT({ sub: 'bob' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret)),
  };
}
