import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { DecodeJwt, type DecodedBody } from '../../../../src/core/jwt/use-cases/decode-jwt.js';
import { expectDomainError } from '../../../support/domain-error.js';
import { FixedClock } from '../../../support/fakes.js';
import { JWT_IO_TOKEN, RFC7516_JWE, b64url, tokenOf } from '../../../support/fixtures.js';

const decoder = new DecodeJwt(new FixedClock(Date.UTC(2026, 10, 22)), new HmacKnownSecrets());
const decode = (token: string) => decoder.execute({ token });
const codes = (token: string) => decode(token).findings.map((finding) => finding.code);
const json = (value: unknown) => JSON.stringify(value);

// RFC 7516 Appendix A.2.7 and A.4.7: the RSAES-PKCS1-v1_5 encrypted key, 256 bytes.
const RSA1_5_KEY =
  'UGhIOguC7IuEvf_NPVaXsGMoLOmwvc1GyqlIKOK1nN94nHPoltGRhWhw7Zx0-kFm1NJn8LE9XShH59_i8J0PH5ZZyNfGy2xGdULU7sHNF6Gp2vPLgNZ__deLKxGHZ7PcHALUzoOegEI-8E66jX2E4zyJKx-YxzZIItRzC5hlRirb6Y5Cl_p-ko3YvkkysZIFNPccxRU7qve1WYPxqbb2Yw8kZqa2rMWI5ng8OtvzlV7elprCbuPhcCdZ6XDP0_F8rkXds2vE4X-ncOIM8hAYHHi29NX0mcKiRaD0-D-ljQTP-cFPgwCp6X-nZZd9OHBv-B3oWh2TbqmScqXMR4gp_A';
// RFC 7516 Appendix A.2.7: RSAES-PKCS1-v1_5 and AES_128_CBC_HMAC_SHA_256.
const RFC7516_A2 = `eyJhbGciOiJSU0ExXzUiLCJlbmMiOiJBMTI4Q0JDLUhTMjU2In0.${RSA1_5_KEY}.AxY8DCtDaGlsbGljb3RoZQ.KDlTtXchhZTGufMYmOYGS4HffxPSUrfmqCHXaI9wOGY.9hH0vgRfYgPnAHOd8stkvw`;
// RFC 7516 Appendix A.3.7: AES Key Wrap and AES_128_CBC_HMAC_SHA_256.
const RFC7516_A3 =
  'eyJhbGciOiJBMTI4S1ciLCJlbmMiOiJBMTI4Q0JDLUhTMjU2In0.6KB707dM9YTIgHtLvtgWQ8mKwboJW3of9locizkDTHzBC2IlrT1oOQ.AxY8DCtDaGlsbGljb3RoZQ.KDlTtXchhZTGufMYmOYGS4HffxPSUrfmqCHXaI9wOGY.U0m_YmjN04DJvceFICbCVQ';
// RFC 7516 Appendix A.4.7: the general JWE JSON serialization, two recipients.
const RFC7516_A4 = json({
  protected: 'eyJlbmMiOiJBMTI4Q0JDLUhTMjU2In0',
  unprotected: { jku: 'https://server.example.com/keys.jwks' },
  recipients: [
    { header: { alg: 'RSA1_5', kid: '2011-04-29' }, encrypted_key: RSA1_5_KEY },
    { header: { alg: 'A128KW', kid: '7' }, encrypted_key: '6KB707dM9YTIgHtLvtgWQ8mKwboJW3of9locizkDTHzBC2IlrT1oOQ' },
  ],
  iv: 'AxY8DCtDaGlsbGljb3RoZQ',
  ciphertext: 'KDlTtXchhZTGufMYmOYGS4HffxPSUrfmqCHXaI9wOGY',
  tag: 'Mz-VPPyU4RlcuYv1IwIvzw',
});
// RFC 7516 Appendix A.5: the flattened JWE JSON serialization.
const RFC7516_A5 = json({
  protected: 'eyJlbmMiOiJBMTI4Q0JDLUhTMjU2In0',
  unprotected: { jku: 'https://server.example.com/keys.jwks' },
  header: { alg: 'A128KW', kid: '7' },
  encrypted_key: '6KB707dM9YTIgHtLvtgWQ8mKwboJW3of9locizkDTHzBC2IlrT1oOQ',
  iv: 'AxY8DCtDaGlsbGljb3RoZQ',
  ciphertext: 'KDlTtXchhZTGufMYmOYGS4HffxPSUrfmqCHXaI9wOGY',
  tag: 'Mz-VPPyU4RlcuYv1IwIvzw',
});
// RFC 7515 Appendix A.2 and A.3: the RS256 and ES256 signatures of the same payload.
const A_PAYLOAD = 'eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ';
const RS256_SIGNATURE =
  'cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw';
const ES256_SIGNATURE = 'DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q';
// RFC 7515 Appendix A.6.4: the general JWS JSON serialization.
const RFC7515_A6 = json({
  payload: A_PAYLOAD,
  signatures: [
    { protected: 'eyJhbGciOiJSUzI1NiJ9', header: { kid: '2010-12-29' }, signature: RS256_SIGNATURE },
    { protected: 'eyJhbGciOiJFUzI1NiJ9', header: { kid: 'e9bc097a-ce51-4036-9562-d2ade882db0d' }, signature: ES256_SIGNATURE },
  ],
});
// RFC 7515 Appendix A.7: the flattened JWS JSON serialization.
const RFC7515_A7 = json({
  payload: A_PAYLOAD,
  protected: 'eyJhbGciOiJFUzI1NiJ9',
  header: { kid: 'e9bc097a-ce51-4036-9562-d2ade882db0d' },
  signature: ES256_SIGNATURE,
});
const A_CLAIMS = { iss: 'joe', exp: 1300819380, 'http://example.com/is_root': true };
// RFC 7519 Appendix A.2: a nested JWT, the signed JWT of RFC 7515 A.2 encrypted to RSA1_5 (cty: JWT).
const RFC7519_A2 =
  'eyJhbGciOiJSU0ExXzUiLCJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiY3R5IjoiSldUIn0.g_hEwksO1Ax8Qn7HoN-BVeBoa8FXe0kpyk_XdcSmxvcM5_P296JXXtoHISr_DD_MqewaQSH4dZOQHoUgKLeFly-9RI11TG-_Ge1bZFazBPwKC5lJ6OLANLMd0QSL4fYEb9ERe-epKYE3xb2jfY1AltHqBO-PM6j23Guj2yDKnFv6WO72tteVzm_2n17SBFvhDuR9a2nHTE67pe0XGBUS_TK7ecA-iVq5COeVdJR4U4VZGGlxRGPLRHvolVLEHx6DYyLpw30Ay9R6d68YCLi9FYTq3hIXPK_-dmPlOUlKvPr1GgJzRoeC9G5qCvdcHWsqJGTO_z3Wfo5zsqwkxruxwA.UmVkbW9uZCBXQSA5ODA1Mg.VwHERHPvCNcHHpTjkoigx3_ExK0Qc71RMEParpatm0X_qpg-w8kozSjfNIPPXiTBBLXR65CIPkFqz4l1Ae9w_uowKiwyi9acgVztAi-pSL8GQSXnaamh9kX1mdh3M_TT-FZGQFQsFhu0Z72gJKGdfGE-OE7hS1zuBD5oEUfk0Dmb0VzWEzpxxiSSBbBAzP10l56pPfAtrjEYw-7ygeMkwBl6Z_mLS6w6xUgKlvW6ULmkV-uLC4FUiyKECK4e3WZYKw1bpgIqGYsw2v_grHjszJZ-_I5uM-9RA8ycX9KqPRp9gc6pXmoU_-27ATs9XCvrZXUtK2902AUzqpeEUJYjWWxSNsS-r1TJ1I-FMJ4XyAiGrfmo9hQPcNBYxPz3GQb28Y5CLSQfNgKSGt0A4isp1hBUXBHAndgtcslt7ZoQJaKe_nNJgNliWtWpJ_ebuOpEl8jdhehdccnRMIwAmU1n7SPkmhIl1HlSOpvcvDfhUN5wuqU955vOBvfkBOh5A11UzBuo2WlgZ6hYi9-e3w29bR0C2-pp3jbqxEDw3iWaf2dc5b-LnR0FEYXvI_tYk5rd_J9N0mg0tQ6RbpxNEMNoA9QWk5lgdPvbh9BaO195abQ.AVO9iT5AV4CzvDJCdhSFlQ';

// RFC 7520 (JOSE Cookbook) vectors, as the ietf-jose/cookbook repository publishes them.
// §4.8, jws/4_8.multiple_signatures.json: one text payload, signed RS256 (protected), ES512 (unprotected only) and HS256.
const FRODO =
  'SXTigJlzIGEgZGFuZ2Vyb3VzIGJ1c2luZXNzLCBGcm9kbywgZ29pbmcgb3V0IHlvdXIgZG9vci4gWW91IHN0ZXAgb250byB0aGUgcm9hZCwgYW5kIGlmIHlvdSBkb24ndCBrZWVwIHlvdXIgZmVldCwgdGhlcmXigJlzIG5vIGtub3dpbmcgd2hlcmUgeW91IG1pZ2h0IGJlIHN3ZXB0IG9mZiB0by4';
const RFC7520_4_8_HS256 = {
  protected: 'eyJhbGciOiJIUzI1NiIsImtpZCI6IjAxOGMwYWU1LTRkOWItNDcxYi1iZmQ2LWVlZjMxNGJjNzAzNyJ9',
  signature: 's0h6KThzkfBBBkLspW1h84VsJZFTsPPqMDA7g1Md7p0',
};
const RFC7520_4_8 = json({
  payload: FRODO,
  signatures: [
    {
      protected: 'eyJhbGciOiJSUzI1NiJ9',
      header: { kid: 'bilbo.baggins@hobbiton.example' },
      signature:
        'MIsjqtVlOpa71KE-Mss8_Nq2YH4FGhiocsqrgi5NvyG53uoimic1tcMdSg-qptrzZc7CG6Svw2Y13TDIqHzTUrL_lR2ZFcryNFiHkSw129EghGpwkpxaTn_THJTCglNbADko1MZBCdwzJxwqZc-1RlpO2HibUYyXSwO97BSe0_evZKdjvvKSgsIqjytKSeAMbhMBdMma622_BG5t4sdbuCHtFjp9iJmkio47AIwqkZV1aIZsv33uPUqBBCXbYoQJwt7mxPftHmNlGoOSMxR_3thmXTCm4US-xiNOyhbm8afKK64jU6_TPtQHiJeQJxz9G3Tx-083B745_AfYOnlC9w',
    },
    {
      header: { alg: 'ES512', kid: 'bilbo.baggins@hobbiton.example' },
      signature:
        'ARcVLnaJJaUWG8fG-8t5BREVAuTY8n8YHjwDO1muhcdCoFZFFjfISu0Cdkn9Ybdlmi54ho0x924DUz8sK7ZXkhc7AFM8ObLfTvNCrqcI3Jkl2U5IX3utNhODH6v7xgy1Qahsn0fyb4zSAkje8bAWz4vIfj5pCMYxxm4fgV3q7ZYhm5eD',
    },
    RFC7520_4_8_HS256,
  ],
});
// §5.13, jwe/5_13.encrypting_to_multiple_recipients.json: one content, three recipients (RSA1_5, ECDH-ES+A256KW, A256GCMKW).
const RFC7520_5_13 = json({
  recipients: [
    {
      encrypted_key:
        'dYOD28kab0Vvf4ODgxVAJXgHcSZICSOp8M51zjwj4w6Y5G4XJQsNNIBiqyvUUAOcpL7S7-cFe7Pio7gV_Q06WmCSa-vhW6me4bWrBf7cHwEQJdXihidAYWVajJIaKMXMvFRMV6iDlRr076DFthg2_AV0_tSiV6xSEIFqt1xnYPpmP91tc5WJDOGb-wqjw0-b-S1laS11QVbuP78dQ7Fa0zAVzzjHX-xvyM2wxj_otxr9clN1LnZMbeYSrRicJK5xodvWgkpIdkMHo4LvdhRRvzoKzlic89jFWPlnBq_V4n5trGuExtp_-dbHcGlihqc_wGgho9fLMK8JOArYLcMDNQ',
      header: { alg: 'RSA1_5', kid: 'frodo.baggins@hobbiton.example' },
    },
    {
      encrypted_key: 'ExInT0io9BqBMYF6-maw5tZlgoZXThD1zWKsHixJuw_elY4gSSId_w',
      header: {
        alg: 'ECDH-ES+A256KW',
        kid: 'peregrin.took@tuckborough.example',
        epk: {
          kty: 'EC',
          crv: 'P-384',
          x: 'Uzdvk3pi5wKCRc1izp5_r0OjeqT-I68i8g2b8mva8diRhsE2xAn2DtMRb25Ma2CX',
          y: 'VDrRyFJh-Kwd1EjAgmj5Eo-CTHAZ53MC7PjjpLioy3ylEjI1pOMbw91fzZ84pbfm',
        },
      },
    },
    {
      encrypted_key: 'a7CclAejo_7JSuPB8zeagxXRam8dwCfmkt9-WyTpS1E',
      header: { alg: 'A256GCMKW', kid: '18ec08e1-bfa9-4d95-b205-2b4dd1d4321d', tag: '59Nqh1LlYtVIhfD3pgRGvw', iv: 'AvpeoPZ9Ncn9mkBn' },
    },
  ],
  unprotected: { cty: 'text/plain' },
  protected: 'eyJlbmMiOiJBMTI4Q0JDLUhTMjU2In0',
  iv: 'VgEIHY20EnzUtZFl2RpB1g',
  ciphertext:
    'ajm2Q-OpPXCr7-MHXicknb1lsxLdXxK_yLds0KuhJzfWK04SjdxQeSw2L9mu3a_k1C55kCQ_3xlkcVKC5yr__Is48VOoK0k63_QRM9tBURMFqLByJ8vOYQX0oJW4VUHJLmGhF-tVQWB7Kz8mr8zeE7txF0MSaP6ga7-siYxStR7_G07Thd1jh-zGT0wxM5g-VRORtq0K6AXpLlwEqRp7pkt2zRM0ZAXqSpe1O6FJ7FHLDyEFnD-zDIZukLpCbzhzMDLLw2-8I14FQrgi-iEuzHgIJFIJn2wh9Tj0cg_kOZy9BqMRZbmYXMY9YQjorZ_P_JYG3ARAIF3OjDNqpdYe-K_5Q5crGJSDNyij_ygEiItR5jssQVH2ofDQdLChtazE',
  tag: 'BESYyFN7T09KY7i8zKs5_g',
});
// §6, 6.nesting_signatures_and_encryption.json: a PS256-signed JWT, then that JWT encrypted (RSA-OAEP, A128GCM, cty JWT).
const RFC7520_6_SIGNED =
  'eyJhbGciOiJQUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJob2JiaXRvbi5leGFtcGxlIiwiZXhwIjoxMzAwODE5MzgwLCJodHRwOi8vZXhhbXBsZS5jb20vaXNfcm9vdCI6dHJ1ZX0.dPpMqwRZxFYi1UfcDAaf8M99o7kwUWtiXZ-ByvVuJih4MhJ_aZqciprz0OWaIAkIvn1qskChirjKvY9ESZNUCP4JjvfyPS-nqjJxYoA5ztWOyFk2cZNIPXjcJXSQwXPO9tEe-v4VSqgD0aKHqPxYog4N6Cz1lKph1U1sYDSI67_bLL7elg_vkjfMp5_W5l5LuUYGMeh6hxQIaIUXf9EwV2JmvTMuZ-vBOWy0Sniy1EFo72CRTvmtrIf5AROo5MNliY3KtUxeP-SOmD-LEYwW9SlkohYzMVAZDDOrVbv7KVRHpeYNaK75KEQqdCEEkS_rskZS-Qtt_nlegTWh1mEYaA';
const RFC7520_6_KEY =
  'a0JHRoITfpX4qRewImjlStn8m3CPxBV1ueYlVhjurCyrBg3I7YhCRYjphDOOS4E7rXbr2Fn6NyQq-A-gqT0FXqNjVOGrG-bi13mwy7RoYhjTkBEC6P7sMYMXXx4gzMedpiJHQVeyI-zkZV7A9matpgevAJWrXzOUysYGTtwoSN6gtUVtlLaivjvb21O0ul4YxSHV-ByK1kyeetRp_fuYJxHoKLQL9P424sKx2WGYb4zsBIPF4ssl_e5IR7nany-25_UmC2urosNkoFz9cQ82MypZP8gqbQJyPN-Fpp4Z-5o6yV64x6yzDUF_5JCIdl-Qv6H5dMVIY7q1eKpXcV1lWO_2FefEBqXxXvIjLeZivjNkzogCq3-IapSjVFnMjBxjpYLT8muaawo1yy1XXMuinIpNcOY3n4KKrXLrCcteX85m4IIHMZa38s1Hpr56fPPseMA-Jltmt-a9iEDtOzhtxz8AXy9tsCAZV2XBWNG8c3kJusAamBKOYwfk7JhLRDgOnJjlJLhn7TI4UxDp9dCmUXEN6z0v23W15qJIEXNJtqnblpymooeWAHCT4e_Owbim1g0AEpTHUdA2iiLNs9WTX_H_TXuPC8yDDhi1smxS_X_xpkIHkiIHWDOLx03BpqDTivpKkBYwqP2UZkcxqX2Fo_GnVrNwlK7Lgxw6FSQvDO0';
const RFC7520_6_CIPHERTEXT =
  'SZI4IvKHmwpazl_pJQXX3mHv1ANnOU4Wf9-utWYUcKrBNgCe2OFMf66cSJ8k2QkxaQD3_R60MGE9ofomwtky3GFxMeGRjtpMt9OAvVLsAXB0_UTCBGyBg3C2bWLXqZlfJAAoJRUPRk-BimYZY81zVBuIhc7HsQePCpu33SzMsFHjn4lP_idrJz_glZTNgKDt8zdnUPauKTKDNOH1DD4fuzvDYfDIAfqGPyL5sVRwbiXpXdGokEszM-9ChMPqW1QNhzuX_Zul3bvrJwr7nuGZs4cUScY3n8yE3AHCLurgls-A9mz1X38xEaulV18l4Fg9tLejdkAuQZjPbqeHQBJe4IwGD5Ee0dQ-Mtz4NnhkIWx-YKBb_Xo2zI3Q_1sYjKUuis7yWW-HTr_vqvFt0bj7WJf2vzB0TZ3dvsoGaTvPH2dyWwumUrlx4gmPUzBdwTO6ubfYSDUEEz5py0d_OtWeUSYcCYBKD-aM7tXg26qJo21gYjLfhn9zy-W19sOCZGuzgFjPhawXHpvnj_t-0_ES96kogjJLxS1IMU9Y5XmnwZMyNc9EIwnogsCg-hVuvzyP0sIruktmI94_SL1xgMl7o03phcTMxtlMizR88NKU1WkBsiXMCjy1Noue7MD-ShDp5dmM';
const RFC7520_6_PROTECTED = 'eyJhbGciOiJSU0EtT0FFUCIsImN0eSI6IkpXVCIsImVuYyI6IkExMjhHQ00ifQ';
const RFC7520_6_COMPACT = `${RFC7520_6_PROTECTED}.${RFC7520_6_KEY}.GbX1i9kXz0sxXPmA.${RFC7520_6_CIPHERTEXT}.KnIKEhN8U-3C9s4gtSpjSw`;
const RFC7520_6_GENERAL = json({
  recipients: [{ encrypted_key: RFC7520_6_KEY }],
  protected: RFC7520_6_PROTECTED,
  iv: 'GbX1i9kXz0sxXPmA',
  ciphertext: RFC7520_6_CIPHERTEXT,
  tag: 'KnIKEhN8U-3C9s4gtSpjSw',
});
const RFC7520_6_FLATTENED = json({
  encrypted_key: RFC7520_6_KEY,
  protected: RFC7520_6_PROTECTED,
  iv: 'GbX1i9kXz0sxXPmA',
  ciphertext: RFC7520_6_CIPHERTEXT,
  tag: 'KnIKEhN8U-3C9s4gtSpjSw',
});

/** What every token without readable claims answers for them. */
const NO_CLAIMS = {
  payload: null,
  expires_at: null,
  issued_at: null,
  not_before: null,
  expired: null,
  issuer: null,
  audience: null,
  subject: null,
};

/** `explained` as names, each `in:name`, in order (the entries themselves are tested with the dictionary). */
const members = (...names: string[]): unknown[] =>
  names.map((entry): unknown => {
    const [where, ...name] = entry.split(':');
    return expect.objectContaining({ in: where, name: name.join(':') }) as unknown;
  });

describe('DecodeJwt, every JOSE form', () => {
  describe('a JWE, whose payload is never decrypted', () => {
    it('reads RFC 7516 A.1 (compact, RSA-OAEP and A256GCM): header and byte lengths', () => {
      expect(decode(RFC7516_JWE)).toEqual({
        input: RFC7516_JWE,
        header: { alg: 'RSA-OAEP', enc: 'A256GCM' },
        ...NO_CLAIMS,
        signature: null,
        algorithm: 'RSA-OAEP',
        token_type: null,
        encoding: 'jwe',
        source: 'decode',
        findings: [],
        explained: members('header:alg', 'header:enc'),
        issuer_vendor: null,
        profile: null,
        jwe: {
          encryption: 'A256GCM',
          compression: null,
          encrypted_key_bytes: 256,
          iv_bytes: 12,
          // "The true sign of intelligence is not knowledge but imagination.": 63 bytes, and GCM adds none.
          ciphertext_bytes: 63,
          tag_bytes: 16,
          recipients: [{ header: null, encrypted_key_bytes: 256 }],
        },
      });
    });

    it('reads RFC 7516 A.2 (RSA1_5 and A128CBC-HS256), and flags RSA1_5 as critical', () => {
      const decoded = decode(RFC7516_A2);
      // "Live long and prosper." (22 bytes) padded to two AES blocks; the tag is half the HMAC.
      expect(decoded.jwe).toMatchObject({
        encryption: 'A128CBC-HS256',
        encrypted_key_bytes: 256,
        iv_bytes: 16,
        ciphertext_bytes: 32,
        tag_bytes: 16,
      });
      expect(decoded.findings).toEqual([expect.objectContaining({ code: 'jwe_rsa1_5', severity: 'critical' })]);
    });

    it('reads RFC 7519 A.2, a nested JWT encrypted to RSA1_5: only its header, since the signed JWT inside is encrypted', () => {
      const decoded = decode(RFC7519_A2);
      expect(decoded).toMatchObject({
        ...NO_CLAIMS,
        header: { alg: 'RSA1_5', enc: 'A128CBC-HS256', cty: 'JWT' },
        encoding: 'jwe',
        // The IV is the ASCII of "Redmond WA 98052".
        jwe: { encryption: 'A128CBC-HS256', encrypted_key_bytes: 256, iv_bytes: 16, tag_bytes: 16 },
      });
      expect((decoded.jwe?.ciphertext_bytes ?? 0) % 16).toBe(0);
      expect(decoded.nested).toBeUndefined();
      expect(decoded.findings.map((finding) => finding.code)).toEqual(['jwe_rsa1_5']);
    });

    it('reads RFC 7516 A.3 (A128KW): a 40-byte wrapped key, and nothing to flag', () => {
      expect(decode(RFC7516_A3)).toMatchObject({ encoding: 'jwe', findings: [], jwe: { encrypted_key_bytes: 40, ciphertext_bytes: 32 } });
    });

    it('reads RFC 7516 A.4 (general JSON): the merged header of the first recipient, and every recipient', () => {
      const decoded = decode(RFC7516_A4);
      expect(decoded).toMatchObject({
        ...NO_CLAIMS,
        header: { enc: 'A128CBC-HS256', jku: 'https://server.example.com/keys.jwks', alg: 'RSA1_5', kid: '2011-04-29' },
        algorithm: 'RSA1_5',
        encoding: 'jwe-json',
        jwe: {
          encryption: 'A128CBC-HS256',
          encrypted_key_bytes: 256,
          iv_bytes: 16,
          ciphertext_bytes: 32,
          tag_bytes: 16,
          recipients: [
            { header: { alg: 'RSA1_5', kid: '2011-04-29' }, encrypted_key_bytes: 256 },
            { header: { alg: 'A128KW', kid: '7' }, encrypted_key_bytes: 40 },
          ],
        },
      });
      expect(decoded.findings.map((finding) => finding.code)).toEqual(['jwe_rsa1_5', 'remote_key_url']);
    });

    it('reads RFC 7516 A.5 (flattened JSON)', () => {
      expect(decode(RFC7516_A5)).toMatchObject({
        header: { enc: 'A128CBC-HS256', jku: 'https://server.example.com/keys.jwks', alg: 'A128KW', kid: '7' },
        encoding: 'jwe-json',
        jwe: { encrypted_key_bytes: 40, recipients: [{ header: { alg: 'A128KW', kid: '7' }, encrypted_key_bytes: 40 }] },
      });
    });

    const jwe = (header: object, encryptedKey = '') => `${b64url(json(header))}.${encryptedKey}.AxY8DCtDaGlsbGljb3RoZQ.KDlT.U0m_`;

    it.each([
      ['zip', { alg: 'dir', enc: 'A128GCM', zip: 'DEF' }, 'jwe_compression', 'warning'],
      ['PBES2 with p2c above a million', { alg: 'PBES2-HS256+A128KW', enc: 'A128GCM', p2c: 1_000_001 }, 'jwe_pbes2_count', 'warning'],
      ['no alg', { enc: 'A128GCM' }, 'alg_missing', 'warning'],
      ['a jwk', { alg: 'ECDH-ES', enc: 'A128GCM', jwk: {} }, 'embedded_key', 'warning'],
      ['a kid with a path', { alg: 'dir', enc: 'A128GCM', kid: '../../../k' }, 'suspicious_kid', 'warning'],
      ['crit', { alg: 'dir', enc: 'A128GCM', crit: ['x'] }, 'critical_header', 'info'],
    ])('flags %s', (_label, header, code, severity) => {
      expect(decode(jwe(header)).findings).toContainEqual(expect.objectContaining({ code, severity }));
    });

    it.each([
      ['p2c of exactly a million', { alg: 'PBES2-HS256+A128KW', enc: 'A128GCM', p2c: 1_000_000 }, 'jwe_pbes2_count'],
      ['a large p2c without PBES2', { alg: 'dir', enc: 'A128GCM', p2c: 9_000_000 }, 'jwe_pbes2_count'],
      ['RSA-OAEP', { alg: 'RSA-OAEP', enc: 'A128GCM' }, 'jwe_rsa1_5'],
      ['alg none, which a JWE cannot have anyway', { alg: 'none', enc: 'A128GCM' }, 'alg_none'],
      ['no exp, which an encrypted payload may well have', { alg: 'dir', enc: 'A128GCM' }, 'no_expiry'],
    ])('does not flag %s', (_label, header, code) => {
      expect(codes(jwe(header))).not.toContain(code);
    });

    it('counts an empty encrypted key, as dir has, as 0 bytes', () => {
      expect(decode(jwe({ alg: 'dir', enc: 'A128GCM' })).jwe).toMatchObject({ encrypted_key_bytes: 0, ciphertext_bytes: 3, tag_bytes: 3 });
    });

    it.each([
      [RFC7516_A3.replace(/^[^.]+/, b64url('[]')), 'TOKEN_SEGMENT_NOT_OBJECT', 'token protected header must be a JSON object'],
      [RFC7516_A3.replace(/^[^.]+/, b64url('{"alg":')), 'TOKEN_SEGMENT_JSON', 'token protected header is not valid JSON'],
      [RFC7516_A3.replace('.AxY8', '.Ax*8'), 'TOKEN_SEGMENT_ENCODING', 'token iv contains characters outside the base64url alphabet'],
      [RFC7516_A3.replace(/\.KDlT[^.]+/, '.'), 'TOKEN_MALFORMED', 'token ciphertext is empty'],
      [json({ protected: 5, ciphertext: 'KDlT' }), 'TOKEN_MALFORMED', 'token JSON member protected must be a JSON string'],
      [json({ ciphertext: 'KDlT', recipients: [] }), 'TOKEN_MALFORMED', 'token JSON member recipients must not be empty'],
      [json({ ciphertext: 'KDlT', recipients: [5] }), 'TOKEN_MALFORMED', 'token JSON member recipients must hold JSON objects'],
      [json({ ciphertext: 'KD*T' }), 'TOKEN_SEGMENT_ENCODING', 'token ciphertext contains characters outside the base64url alphabet'],
    ] as const)('refuses %s', (token, code, message) => {
      expectDomainError(() => decode(token), code, message);
    });
  });

  describe('a JWS in JSON serialization', () => {
    it('reads RFC 7515 A.6 (general): the first signature for header and signature, and every signature listed', () => {
      expect(decode(RFC7515_A6)).toEqual({
        input: RFC7515_A6,
        header: { kid: '2010-12-29', alg: 'RS256' },
        payload: A_CLAIMS,
        signature: RS256_SIGNATURE,
        algorithm: 'RS256',
        token_type: null,
        expires_at: '2011-03-22T18:43:00Z',
        issued_at: null,
        not_before: null,
        expired: true,
        issuer: 'joe',
        audience: null,
        subject: null,
        encoding: 'jws-json',
        source: 'decode',
        findings: [expect.objectContaining({ code: 'expired', severity: 'info' })],
        explained: members('header:kid', 'header:alg', 'payload:iss', 'payload:exp', 'payload:http://example.com/is_root'),
        issuer_vendor: null,
        profile: null,
        serialization: 'general',
        signatures: [
          {
            protected: { alg: 'RS256' },
            header: { kid: '2010-12-29' },
            algorithm: 'RS256',
            key_id: '2010-12-29',
            signature: RS256_SIGNATURE,
          },
          {
            protected: { alg: 'ES256' },
            header: { kid: 'e9bc097a-ce51-4036-9562-d2ade882db0d' },
            algorithm: 'ES256',
            key_id: 'e9bc097a-ce51-4036-9562-d2ade882db0d',
            signature: ES256_SIGNATURE,
          },
        ],
      });
    });

    it('reads RFC 7515 A.7 (flattened)', () => {
      expect(decode(RFC7515_A7)).toMatchObject({
        header: { kid: 'e9bc097a-ce51-4036-9562-d2ade882db0d', alg: 'ES256' },
        payload: A_CLAIMS,
        signature: ES256_SIGNATURE,
        encoding: 'jws-json',
        serialization: 'flattened',
        signatures: [{ algorithm: 'ES256', key_id: 'e9bc097a-ce51-4036-9562-d2ade882db0d' }],
      });
    });

    const flattened = (protectedHeader: object, header: object) =>
      json({
        payload: b64url(json({ exp: 1_900_000_000, iat: 1_800_000_000 })),
        protected: b64url(json(protectedHeader)),
        header,
        signature: 'c2ln',
      });

    it('flags a member in both headers of a signature as header_conflict, and shows the protected value', () => {
      const decoded = decode(flattened({ alg: 'ES256' }, { alg: 'none', kid: 'k' }));
      expect(decoded.findings[0]).toMatchObject({ code: 'header_conflict', severity: 'critical' });
      expect(decoded.header).toEqual({ alg: 'ES256', kid: 'k' });
      expect(codes(flattened({ alg: 'ES256' }, { kid: 'k' }))).not.toContain('header_conflict');
    });

    it('tries the known secrets on the first signature of a JSON serialization too', () => {
      const [header = '', payload = '', signature = ''] = JWT_IO_TOKEN.split('.');
      const token = json({ payload, protected: header, signature });
      expect(decoder.execute({ token, check_secrets: true }).findings).toContainEqual(expect.objectContaining({ code: 'known_secret' }));
    });

    it('tries the known secrets over an empty protected header when a signature has none (RFC 7515 §5.1)', () => {
      // jwt.io's example secret, which signs JWT_IO_TOKEN; the signing input of a header-only signature is ".payload".
      const payload = b64url(json({ sub: '1234567890' }));
      const signature = createHmac('sha256', 'your-256-bit-secret').update(`.${payload}`).digest('base64url');
      const token = json({ payload, header: { alg: 'HS256' }, signature });
      expect(decoder.execute({ token, check_secrets: true }).findings).toContainEqual(expect.objectContaining({ code: 'known_secret' }));
    });

    it.each([
      [json({ signatures: [] }), 'TOKEN_MALFORMED', 'token JSON serialization has no payload'],
      [json({ payload: A_PAYLOAD, signatures: [] }), 'TOKEN_MALFORMED', 'token JSON serialization has no signatures'],
      [
        json({ payload: A_PAYLOAD, protected: 'eyJhbGciOiJFUzI1NiJ9' }),
        'TOKEN_MALFORMED',
        'token JSON serialization has a signature without signature',
      ],
      [
        json({ payload: A_PAYLOAD, signature: 'c2l*' }),
        'TOKEN_SEGMENT_ENCODING',
        'token signature contains characters outside the base64url alphabet',
      ],
      [json({ payload: A_PAYLOAD, header: [], signature: 'c2ln' }), 'TOKEN_MALFORMED', 'token JSON member header must be a JSON object'],
      [json({ payload: b64url('[1]'), signature: 'c2ln' }), 'TOKEN_SEGMENT_NOT_OBJECT', 'token payload must be a JSON object'],
      ['{"payload":', 'TOKEN_SEGMENT_JSON', 'token serialization is not valid JSON'],
      [
        `{"payload":"${A_PAYLOAD}","signature":"c2ln","a":${'['.repeat(70)}${']'.repeat(70)}}`,
        'TOKEN_TOO_DEEP',
        'token serialization JSON is nested deeper than 64 levels',
      ],
    ] as const)('refuses %s', (token, code, message) => {
      expectDomainError(() => decode(token), code, message);
    });

    it('flags a member name the serialization repeats', () => {
      expect(codes(`{"payload":"${A_PAYLOAD}","signature":"c2ln","signature":"c2ln"}`)).toContain('duplicate_member');
    });
  });

  // RFC 9901 §8; the published examples are read in sd-jwt-examples.test.ts.
  describe('an SD-JWT in JWS JSON serialization', () => {
    const disclosure = b64url(json(['salt', 'given_name', 'Ada']));
    const withHeader = (header: object, protectedHeader: object | null = { alg: 'ES256' }) =>
      json({
        payload: b64url(json({ _sd: ['unmatched-digest'], iss: 'https://issuer.example' })),
        ...(protectedHeader === null ? {} : { protected: b64url(json(protectedHeader)) }),
        header,
        signature: 'c2ln',
      });

    it("reads the first signature's disclosures, and claims from the disclosed payload; other unprotected members change nothing", () => {
      const decoded = decode(withHeader({ disclosures: [disclosure], kid: 'k' }));
      expect(decoded).toMatchObject({ encoding: 'jws-json', issuer: 'https://issuer.example', header: { alg: 'ES256', kid: 'k' } });
      expect(decoded.sd_jwt).toMatchObject({ disclosures: [{ name: 'given_name', value: 'Ada', path: null }], undisclosed_digests: 1 });
      expect(codes(withHeader({ disclosures: [disclosure] }))).toContain('sd_unmatched_disclosure');
      expect(decode(withHeader({ kid: 'k' })).sd_jwt).toBeUndefined();
    });

    it('reads a kb_jwt without disclosures as an SD-JWT with key binding', () => {
      const kb = tokenOf(json({ alg: 'ES256', typ: 'kb+jwt' }), json({ sd_hash: 'x' }));
      expect(decode(withHeader({ kb_jwt: kb })).sd_jwt).toMatchObject({ disclosures: [], key_binding: { sd_hash_matches: false } });
    });

    it.each([
      [{ disclosures: 'one' }, 'token JSON member disclosures must be an array'],
      [{ disclosures: [1] }, 'token JSON members disclosures and kb_jwt must hold base64url strings (RFC 9901 §8)'],
      [
        { disclosures: [`${disclosure}~${disclosure}`] },
        'token JSON members disclosures and kb_jwt must hold base64url strings (RFC 9901 §8)',
      ],
      [{ disclosures: [], kb_jwt: 'a.b.c~' }, 'token JSON members disclosures and kb_jwt must hold base64url strings (RFC 9901 §8)'],
      [{ kb_jwt: 7 }, 'token JSON member kb_jwt must be a JSON string'],
    ])('refuses the unprotected header %j', (header, message) => {
      expectDomainError(() => decode(withHeader(header)), 'TOKEN_MALFORMED', message);
    });

    it('refuses disclosures without a protected header: the compact form that sd_hash covers needs one', () => {
      expectDomainError(
        () => decode(withHeader({ alg: 'ES256', disclosures: [] }, null)),
        'TOKEN_MALFORMED',
        'token is an SD-JWT in JSON serialization without a protected header (RFC 9901 §8)',
      );
    });
  });

  describe('a nested JWT (cty: JWT)', () => {
    const carrying = (inner: string, header: object = { alg: 'HS256', cty: 'JWT' }) => `${b64url(json(header))}.${b64url(inner)}.c2ln`;
    // The inner token's answer, as decode gives it, without input.
    const inner: DecodedBody = Object.fromEntries(Object.entries(decode(JWT_IO_TOKEN)).filter(([key]) => key !== 'input')) as DecodedBody;

    it('answers the outer token without claims, and the inner one as decode answers it', () => {
      expect(decode(carrying(JWT_IO_TOKEN))).toEqual({
        input: carrying(JWT_IO_TOKEN),
        header: { alg: 'HS256', cty: 'JWT' },
        ...NO_CLAIMS,
        signature: 'c2ln',
        algorithm: 'HS256',
        token_type: null,
        encoding: 'jwt',
        source: 'decode',
        findings: [],
        explained: members('header:alg', 'header:cty'),
        issuer_vendor: null,
        profile: null,
        nested: inner,
      });
    });

    it('reads cty in any letter case, and an inner JWE', () => {
      expect(decode(carrying(RFC7516_JWE, { alg: 'ES256', cty: 'jwt' })).nested).toMatchObject({
        encoding: 'jwe',
        header: { enc: 'A256GCM' },
      });
    });

    it('gives each level its own findings', () => {
      const decoded = decode(carrying(JWT_IO_TOKEN, { alg: 'none', cty: 'JWT' }));
      expect(decoded.findings.map((finding) => finding.code)).toEqual(['alg_none']);
      expect(decoded.nested?.findings.map((finding) => finding.code)).toEqual(['no_expiry']);
    });

    it('reads three tokens, the outer one included, and refuses a fourth', () => {
      const three = carrying(carrying(JWT_IO_TOKEN));
      const body: DecodedBody = decode(three);
      expect(body.nested?.nested).toEqual(inner);
      expectDomainError(
        () => decode(carrying(three)),
        'TOKEN_NESTED_TOO_DEEP',
        'token nests JWTs more than 3 deep (cty: JWT); at most 3 tokens, the outer one included, are read',
      );
    });

    it('refuses a cty JWT payload that is not a compact token', () => {
      expectDomainError(
        () => decode(carrying('{"sub":"x"}')),
        'TOKEN_MALFORMED',
        'token has cty JWT, but its payload is not a compact JWS or JWE',
      );
      expectDomainError(() => decode(carrying('a.b')), 'TOKEN_MALFORMED', 'token has cty JWT, but its payload is not a compact JWS or JWE');
    });

    it('reads a JWS whose cty is something else as an ordinary token', () => {
      expect(decode(tokenOf('{"alg":"HS256","cty":"json"}', '{"a":1}')).payload).toEqual({ a: 1 });
    });
  });
  describe('RFC 7520, the JOSE Cookbook', () => {
    it('refuses §4.8 (general JSON, three signatures) and its HS256 signature alone: the payload is text, not JSON claims', () => {
      expectDomainError(() => decode(RFC7520_4_8), 'TOKEN_SEGMENT_JSON', 'token payload is not valid JSON');
      expectDomainError(
        () => decode(json({ payload: FRODO, ...RFC7520_4_8_HS256 })),
        'TOKEN_SEGMENT_JSON',
        'token payload is not valid JSON',
      );
      expectDomainError(
        () => decode(`${RFC7520_4_8_HS256.protected}.${FRODO}.${RFC7520_4_8_HS256.signature}`),
        'TOKEN_SEGMENT_JSON',
        'token payload is not valid JSON',
      );
    });

    it('reads §4.8 signed over claims: every signature, an unprotected-only one included, in order', () => {
      const signatures = (JSON.parse(RFC7520_4_8) as { signatures: unknown[] }).signatures;
      const decoded = decode(json({ payload: b64url('{"sub":"frodo"}'), signatures }));
      expect(decoded).toMatchObject({ encoding: 'jws-json', serialization: 'general', payload: { sub: 'frodo' }, algorithm: 'RS256' });
      expect(decoded.signatures?.map((signature) => [signature.algorithm, signature.key_id, signature.protected])).toEqual([
        ['RS256', 'bilbo.baggins@hobbiton.example', { alg: 'RS256' }],
        ['ES512', 'bilbo.baggins@hobbiton.example', null],
        ['HS256', '018c0ae5-4d9b-471b-bfd6-eef314bc7037', { alg: 'HS256', kid: '018c0ae5-4d9b-471b-bfd6-eef314bc7037' }],
      ]);
    });

    it('reads §5.13 (general JWE JSON, three recipients): the merged header of the first, and each recipient', () => {
      const decoded = decode(RFC7520_5_13);
      expect(decoded).toMatchObject({
        ...NO_CLAIMS,
        encoding: 'jwe-json',
        header: { enc: 'A128CBC-HS256', cty: 'text/plain', alg: 'RSA1_5', kid: 'frodo.baggins@hobbiton.example' },
        algorithm: 'RSA1_5',
        jwe: {
          encryption: 'A128CBC-HS256',
          compression: null,
          encrypted_key_bytes: 256,
          iv_bytes: 16,
          ciphertext_bytes: 288,
          tag_bytes: 16,
        },
      });
      expect(decoded.jwe?.recipients.map((recipient) => [recipient.header?.alg, recipient.encrypted_key_bytes])).toEqual([
        ['RSA1_5', 256],
        ['ECDH-ES+A256KW', 40],
        ['A256GCMKW', 32],
      ]);
      expect(codes(RFC7520_5_13)).toEqual(['jwe_rsa1_5']);
    });

    it('reads §6 (nesting): the signed JWT with its claims, and the encrypted one, compact and JSON, by its header', () => {
      expect(decode(RFC7520_6_SIGNED)).toMatchObject({
        encoding: 'jwt',
        header: { alg: 'PS256', typ: 'JWT' },
        payload: { iss: 'hobbiton.example', exp: 1300819380, 'http://example.com/is_root': true },
        issuer: 'hobbiton.example',
        expires_at: '2011-03-22T18:43:00Z',
        expired: true,
      });
      const facts = { encryption: 'A128GCM', encrypted_key_bytes: 512, iv_bytes: 12, ciphertext_bytes: 483, tag_bytes: 16 };
      const header = { alg: 'RSA-OAEP', cty: 'JWT', enc: 'A128GCM' };
      expect(decode(RFC7520_6_COMPACT)).toMatchObject({ ...NO_CLAIMS, encoding: 'jwe', header, jwe: facts });
      for (const form of [RFC7520_6_GENERAL, RFC7520_6_FLATTENED]) {
        expect(decode(form)).toMatchObject({
          ...NO_CLAIMS,
          encoding: 'jwe-json',
          header,
          jwe: { ...facts, recipients: [{ header: null }] },
        });
      }
      expect(codes(RFC7520_6_COMPACT)).toEqual([]);
    });
  });
});

describe('readToken, the edges of the JSON and JWE forms', () => {
  const ES256 = b64url('{"alg":"ES256"}');
  const payload = b64url('{"sub":"s"}');
  const jweJson = (fields: object) => json({ iv: 'AAAA', ciphertext: 'KDlT', tag: 'AAAA', ...fields });

  it.each([
    [jweJson({ recipients: [null] }), 'token JSON member recipients must hold JSON objects'],
    [json({ payload, signatures: [null] }), 'token JSON member signatures must hold JSON objects'],
    [json({ payload, signatures: [1] }), 'token JSON member signatures must hold JSON objects'],
  ])('refuses %s', (token, message) => {
    expectDomainError(() => decode(token), 'TOKEN_MALFORMED', message);
  });

  it.each([
    [`${RFC7516_JWE.split('.')[0]}.a*b.AAAA.KDlT.AAAA`, 'encrypted key'],
    [`${RFC7516_JWE.split('.')[0]}..AAAA.KDlT.a*b`, 'tag'],
    [jweJson({ protected: 'a*b' }), 'protected header'],
    [json({ payload, protected: 'a*b', signature: 'c2ln' }), 'protected header'],
    [`${b64url('{"alg":"HS256","cty":"JWT"}')}.a*b.c2ln`, 'payload'],
  ])('names the part that is not base64url in %s', (token, part) => {
    expectDomainError(() => decode(token), 'TOKEN_SEGMENT_ENCODING', `token ${part} contains characters outside the base64url alphabet`);
  });

  it('flags a member repeated in a JSON serialization protected header, or in an SD-JWT disclosure it carries', () => {
    const repeated = b64url('{"enc":"A128GCM","enc":"A128GCM"}');
    expect(codes(jweJson({ protected: repeated }))).toContain('duplicate_member');
    expect(codes(jweJson({ protected: b64url('{"enc":"A128GCM"}') }))).not.toContain('duplicate_member');
    expect(codes(json({ payload, protected: b64url('{"alg":"ES256","alg":"ES256"}'), signature: 'c2ln' }))).toContain('duplicate_member');
    const disclosure = b64url('["s", "n", {"x": 1, "x": 2}]');
    expect(codes(json({ payload, protected: ES256, header: { disclosures: [disclosure] }, signature: 'c2ln' }))).toContain(
      'duplicate_member',
    );
    expect(codes(json({ payload, protected: ES256, header: { disclosures: [] }, signature: 'c2ln' }))).not.toContain('duplicate_member');
  });
});
