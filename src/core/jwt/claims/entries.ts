import type { UtcInstant } from '../../time/calendar.js';

/** One name of an IANA registry, as the service's pinned copy holds it (contract §4d). */
export interface IanaEntry {
  readonly name: string;
  /** A short name in the service's own words. */
  readonly title: string;
  /** The registry's Description, white space collapsed. */
  readonly description: string;
  /** The documents of the registry's Reference, in order, without repeats: `RFC 7519`, `OpenID Connect Core 1.0`. */
  readonly defined_by: string[];
  /** The registry's Reference text, white space collapsed; a header name's rows joined by one space. */
  readonly reference: string;
}

/** A claim one issuer defines, explained in the service's own words from the vendor's documentation. */
export interface PackEntry {
  readonly title: string;
  readonly description: string;
  /** The `https://` URL of the vendor's documentation of the claim. */
  readonly reference: string;
}

/** One entry of `/jwt/claims`. */
export interface DictionaryEntry {
  readonly in: 'header' | 'payload';
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly defined_by: string[];
  readonly reference: string;
  /** The pack's code, or null for an IANA entry. */
  readonly vendor: string | null;
}

/** One element of an `amr` claim, explained from the Authentication Method Reference Values registry. */
export interface AmrValue {
  readonly value: unknown;
  readonly known: boolean;
  readonly description: string | null;
  readonly defined_by: string[];
}

/** One member of a token's header or claims, explained (contract §4d). */
export interface ExplainedMember {
  readonly in: 'header' | 'payload';
  readonly name: string;
  readonly known: boolean;
  readonly title: string | null;
  readonly description: string | null;
  readonly defined_by: string[];
  readonly reference: string | null;
  readonly vendor: string | null;
  /** Time claims only: the NumericDate as a UTC instant, or null when it is not a number in years 0001–9999. */
  readonly utc?: UtcInstant | null;
  /** `amr` only: each element explained, or null when `amr` is not an array. */
  readonly values?: AmrValue[] | null;
}

/** The issuer a token's `iss` names, recognised by one of a vendor's patterns. */
export interface IssuerVendor {
  readonly code: string;
  readonly name: string;
  /** The pattern that matched, written as contract §4d writes it. */
  readonly detected_by: string;
}
