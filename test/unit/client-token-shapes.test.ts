import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as client from '../../client/src/index.js';
import { clientTokenShapesSource } from '../../scripts/generate-client-types.js';
import { tokenShapes } from '../../src/core/shared/token-shapes.js';
import { CREDENTIAL_FORMATS, KEY_DERIVATIONS, TOKEN_DIGESTS, VERIFY_FORMATS, VERIFY_OPTIONS } from '../../src/core/tokens/vocabulary.js';

// The page flags a pasted credential before any answer through the client package alone, which carries no server
// source: its grammars are the core's one file of them, copied by the generator, and checked current here.
describe('the client package’s token grammars', () => {
  it('are generated from the core’s grammars and up to date (npm run generate:client-types)', async () => {
    const committed = readFileSync(new URL('../../client/src/token-shapes.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await clientTokenShapesSource());
  });

  it('name the credential formats, verify formats, key derivations and digests of the token context, in its order', () => {
    expect([client.CREDENTIAL_FORMATS, client.VERIFY_FORMATS, client.KEY_DERIVATIONS, client.TOKEN_DIGESTS]).toEqual([
      CREDENTIAL_FORMATS,
      VERIFY_FORMATS,
      KEY_DERIVATIONS,
      TOKEN_DIGESTS,
    ]);
  });

  it('give each verify format the options the core’s check takes, and no other', () => {
    expect(client.VERIFY_OPTIONS).toEqual(VERIFY_OPTIONS);
    expect(Object.keys(client.VERIFY_OPTIONS)).toEqual([...VERIFY_FORMATS]);
  });

  it('read a value as the core does', () => {
    // therootcompany/base62-token.js README: a GitHub token whose checksum is valid.
    const values = ['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', 'ASIAY34FZKBOKMUTVV7A', 'not a token'];
    expect(values.map(client.tokenShapes)).toEqual(values.map(tokenShapes));
    expect(client.tokenShapes(values[0] ?? '')).toEqual(['github_token']);
  });
});
