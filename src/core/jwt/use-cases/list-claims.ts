import { DomainError } from '../../shared/errors.js';
import { CLAIM_DICTIONARY, REGISTRY_SNAPSHOT, vendorOf, type DictionaryEntry } from '../claims/dictionary.js';
import { DICTIONARY_VENDORS } from '../vocabulary.js';

export interface ListClaimsInput {
  /** Keeps the entries with exactly this name: not trimmed, not case-folded. */
  readonly name?: string | undefined;
  /** `iana`, or a pack's code. */
  readonly vendor?: string | undefined;
}

export interface ClaimDictionary {
  readonly entries: DictionaryEntry[];
  readonly registry_snapshot: string;
  readonly source: 'claims';
}

export const MAX_CLAIM_NAME_LENGTH = 256;

const VENDORS: ReadonlySet<string> = new Set(DICTIONARY_VENDORS);

/**
 * Serves the claim dictionary of contract §4d: IANA's header parameters and
 * claims from the pinned copy, then the ten issuers' packs, filtered by an
 * exact `name` and by `vendor`, in the dictionary's own order. Throws
 * `CLAIM_NAME_INVALID` for an empty name or one over 256 characters, and
 * `VENDOR_UNKNOWN` for a vendor that is neither `iana` nor a pack's code. It
 * reads nothing at run time and fetches nothing.
 */
export class ListClaims {
  execute(input: ListClaimsInput | undefined): ClaimDictionary {
    const { name, vendor } = input ?? {};
    if (name !== undefined && (name.length === 0 || name.length > MAX_CLAIM_NAME_LENGTH)) {
      throw new DomainError(
        'CLAIM_NAME_INVALID',
        `name must be 1 to ${MAX_CLAIM_NAME_LENGTH} characters, the exact name of a claim or header parameter`,
      );
    }
    if (vendor !== undefined && !VENDORS.has(vendor)) {
      throw new DomainError('VENDOR_UNKNOWN', `vendor must be one of ${DICTIONARY_VENDORS.join(', ')}`);
    }
    return {
      entries: CLAIM_DICTIONARY.filter(
        (entry) => (name === undefined || entry.name === name) && (vendor === undefined || vendorOf(entry) === vendor),
      ),
      registry_snapshot: REGISTRY_SNAPSHOT,
      source: 'claims',
    };
  }
}
