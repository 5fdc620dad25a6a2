import type { Severity } from '../shared/vocabulary.js';
import type { UtcInstant } from '../time/calendar.js';
import type { LocalTime } from '../time/zones.js';
import type { KeyBenefit, TokenFindingCode, TokenFormat, TokenVerifyReason, VerifyFormat } from './vocabulary.js';

/** A time a value carries, in the shape of `identify`'s candidates (contract §3c, §12). */
export interface TokenTime {
  /** `signed_at`, `signed_at_legacy`, `issued_at`, or a PASETO claim's name (`exp`, `nbf`, `iat`). */
  readonly name: string;
  readonly utc: UtcInstant;
  readonly exact: string;
  readonly unix_nanoseconds: string;
  /** False for every time read without a key; true only when `/token/verify` checked the signature over it. */
  readonly authenticated: boolean;
  readonly local?: LocalTime;
}

export interface TokenFinding {
  readonly code: TokenFindingCode;
  readonly severity: Severity;
  readonly message: string;
}

/** What a value's fields are: JSON, as each format's row of contract §12 lists them. */
export type TokenFields = { readonly [name: string]: unknown };

export interface TokenCandidate {
  readonly format: TokenFormat;
  readonly description: string;
  readonly fields: TokenFields;
  readonly times: readonly TokenTime[];
  readonly key_needed_for: readonly KeyBenefit[];
  /** Most severe first. */
  readonly findings: readonly TokenFinding[];
}

/** A JWT, in any form of contract §4c: `/jwt/decode` says the rest. */
export interface JwtPointer {
  readonly format: 'jwt';
  readonly see: '/jwt/decode';
}

export interface TokenIdentifyInput {
  readonly value: string;
  readonly format?: string | undefined;
  readonly tz?: string | undefined;
}

export interface TokenIdentification {
  /** The value as received, masked for the credential formats (the first 8 and last 4 characters, `…` between). */
  readonly input: string;
  readonly candidates: ReadonlyArray<TokenCandidate | JwtPointer>;
  readonly notes: readonly string[];
  readonly source: 'token_identify';
}

export interface TokenVerifyInput {
  readonly value: string;
  readonly format: string;
  readonly secret?: string | undefined;
  readonly key?: string | undefined;
  readonly salt?: string | undefined;
  readonly key_derivation?: string | undefined;
  readonly digest?: string | undefined;
  /** Seconds. */
  readonly max_age?: number | undefined;
  readonly implicit_assertion?: string | undefined;
}

export interface TokenVerification {
  readonly format: VerifyFormat;
  readonly valid: boolean;
  readonly reason: { readonly code: TokenVerifyReason; readonly message: string } | null;
  /** The payload as JSON when it is JSON, else its text (Fernet: the message, UTF-8 text or base64); null when unread. */
  readonly payload: unknown;
  readonly times: readonly TokenTime[];
  readonly source: 'token_verify';
}
