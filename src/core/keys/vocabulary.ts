// The codes of a key's findings, as a list alone: the API's schemas name them without loading the key readers
// (docs/architecture.md).

export const KEY_FINDING_CODES = [
  'private_key_material',
  'symmetric_key',
  'weak_rsa',
  'x5c_key_mismatch',
  'x5t_mismatch',
  'alg_key_mismatch',
  'non_canonical_encoding',
  'certificate_expired',
  'certificate_chain_broken',
  'certificate_expires_soon',
  'deprecated_alg',
  'use_and_key_ops',
  'missing_kid',
  'duplicate_kid',
] as const;
export type KeyFindingCode = (typeof KEY_FINDING_CODES)[number];
