/**
 * IANA's "Authentication Method Reference Values" registry (RFC 8176 §6.1,
 * https://www.iana.org/assignments/authentication-method-reference-values/),
 * as IANA publishes it with its last update of 2024-10-04 (not checked
 * against a copy of 2026-07-20, which the project does not hold): each value
 * with the registry's Description and the documents of its Reference. Small enough to
 * be written out by hand; test/unit/core/jwt/claims/dictionary.test.ts holds
 * the list contract §4d requires.
 */
const RFC_8176 = ['RFC 8176'];

const ROWS: readonly (readonly [value: string, description: string, definedBy: string[]])[] = [
  ['face', 'Facial recognition', RFC_8176],
  ['fpt', 'Fingerprint biometric', RFC_8176],
  ['geo', 'Geolocation', RFC_8176],
  ['hwk', 'Proof-of-possession of a hardware-secured key', RFC_8176],
  ['iris', 'Iris scan biometric', RFC_8176],
  ['kba', 'Knowledge-based authentication', RFC_8176],
  ['mca', 'Multiple-channel authentication', RFC_8176],
  ['mfa', 'Multiple-factor authentication', RFC_8176],
  ['otp', 'One-time password', RFC_8176],
  ['pin', 'Personal Identification Number or pattern', RFC_8176],
  ['pop', 'Proof-of-possession of a key', ['OpenID Connect Extended Authentication Profile (EAP) ACR Values 1.0']],
  ['pwd', 'Password-based authentication', RFC_8176],
  ['rba', 'Risk-based authentication', RFC_8176],
  ['retina', 'Retina scan biometric', RFC_8176],
  ['sc', 'Smart card', RFC_8176],
  ['sms', 'Confirmation using SMS', RFC_8176],
  ['swk', 'Proof-of-possession of a software-secured key', RFC_8176],
  ['tel', 'Confirmation by telephone call', RFC_8176],
  ['user', 'User presence test', RFC_8176],
  ['vbm', 'Voice biometric', RFC_8176],
  ['wia', 'Windows integrated authentication', RFC_8176],
];

export const AMR_VALUES: ReadonlyMap<string, { readonly description: string; readonly defined_by: string[] }> = new Map(
  ROWS.map(([value, description, definedBy]) => [value, { description, defined_by: definedBy }]),
);
