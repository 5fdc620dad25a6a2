// What the verify panel of contract §12's formats sends: the formats it offers, first the one to try, and the input made
// of what the panel holds; which options each format takes is the service's table, the client's VERIFY_OPTIONS. No DOM:
// unit-tested in test/unit/web/token-verify-input.test.ts.

import { VERIFY_FORMATS, VERIFY_OPTIONS } from 'timestamp-jwt-client';

/** The formats token.verify checks (contract §12); the answer's `format` is one of them. */
export type VerifyFormat = (typeof VERIFY_FORMATS)[number];
export type Option = (typeof VERIFY_OPTIONS)[VerifyFormat][number];

export interface Options {
  readonly salt: string;
  readonly key_derivation: string;
  readonly digest: string;
  readonly max_age: string;
  readonly implicit_assertion: string;
}

export const NO_OPTIONS: Options = { salt: '', key_derivation: '', digest: '', max_age: '', implicit_assertion: '' };

const isVerifyFormat = (format: string): format is VerifyFormat => (VERIFY_FORMATS as readonly string[]).includes(format);

/** A Flask cookie is an itsdangerous value made with Flask's defaults: its own reading comes first. */
const PREFERRED: readonly VerifyFormat[] = ['flask_session', 'django_signed', 'express_signed_cookie', 'fernet', 'paseto', 'itsdangerous'];

/** The formats of `candidates` that token.verify checks, the one to try first leading. */
export function verifyFormatsOf(candidates: readonly { readonly format: string }[]): VerifyFormat[] {
  const formats = candidates.map((candidate) => candidate.format).filter(isVerifyFormat);
  return PREFERRED.filter((format) => formats.includes(format));
}

/** token.verify's input for what the panel holds: only the options the format takes, and only those given. */
export function verifyInput(value: string, format: VerifyFormat, keyText: string, options: Options) {
  const taken = VERIFY_OPTIONS[format];
  const given = (name: Exclude<Option, 'max_age'>) => (taken.includes(name) && options[name] !== '' ? { [name]: options[name] } : {});
  const maxAge = options.max_age.trim();
  return {
    value,
    format,
    ...(format === 'paseto' ? { key: keyText } : { secret: keyText }),
    ...given('salt'),
    ...given('key_derivation'),
    ...given('digest'),
    ...given('implicit_assertion'),
    ...(taken.includes('max_age') && maxAge !== '' ? { max_age: Number(maxAge) } : {}),
  };
}
