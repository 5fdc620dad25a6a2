import type { JsonObject } from '../../shared/json.js';
import type { ProfileName } from '../vocabulary.js';

/**
 * What a rule of contract §4e is: one object holding its id, the parameters it reads, its check and its
 * messages. Which profiles run a rule, in what order and under which reference is each profile's fact
 * (`profiles.ts`): `typ` is one rule under four references.
 */

/** The caller's expectations, already read and checked. */
export interface Expectations {
  readonly issuer?: string | undefined;
  readonly audience?: readonly string[] | undefined;
  readonly nonce?: string | undefined;
  readonly access_token?: string | undefined;
  readonly code?: string | undefined;
  readonly state?: string | undefined;
  readonly max_age?: number | undefined;
  readonly htm?: string | undefined;
  readonly htu?: string | undefined;
  readonly jkt?: string | undefined;
}

/** The request parameters a rule can read (contract §4e, "Rules it feeds"). */
export type Parameter = keyof Expectations | 'key' | 'clock_tolerance';

/** A verification the caller ran: null when it did not run (no key), else whether it passed and why not. */
export interface SignatureOutcome {
  readonly passed: boolean;
  readonly reason_code: string | null;
  readonly message: string;
}

export interface RuleContext {
  readonly profile: ProfileName;
  readonly header: JsonObject;
  readonly claims: JsonObject;
  readonly expected: Expectations;
  readonly nowSeconds: number;
  readonly toleranceSeconds: number;
  /** The thumbprint of header `jwk`, when it is a public key the key reader reads. */
  readonly jwkThumbprint: string | undefined;
  readonly dpopSignature: SignatureOutcome | undefined;
  readonly signature: SignatureOutcome | null | undefined;
}

/** A rule that compares the token with what the request gives: null, with its reason as the message, until it can. */
export interface CheckedRule<Id extends string = string> {
  readonly id: Id;
  /** The parameters it reads: a profile takes only the parameters its rules read. */
  readonly reads: readonly Parameter[];
  /** Whether the token passes; a string when the rule cannot be checked, which is that null verdict's message. */
  readonly check: (context: RuleContext) => boolean | string;
  /** Its message when it passes: a constant, or written from the token. */
  readonly passed: string | ((context: RuleContext) => string);
  /** Written only when the rule fails, since decode runs the structural rules on every token. */
  readonly failed: (context: RuleContext) => string;
}

/** A structural rule (contract §4e's S): it reads the token alone, so it reads no parameter and is never null. */
export interface StructuralRule<Id extends string = string> extends Omit<CheckedRule<Id>, 'reads' | 'check'> {
  readonly check: (context: RuleContext) => boolean;
}

/** A verification's verdict: null when it did not run. */
export interface Outcome {
  readonly passed: boolean | null;
  readonly reason_code: string | null;
  readonly message: string;
}

/** A rule that reports a verification the caller ran; `withReasonCode` gives its check the failure's `reason_code`. */
export interface ReportedRule<Id extends string = string> {
  readonly id: Id;
  readonly reads: readonly Parameter[];
  readonly outcome: (context: RuleContext) => Outcome;
  readonly withReasonCode: boolean;
}

/** A value as a message shows it. */
export const show = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));
/** The message of a rule left unchecked for want of a parameter. */
export const give = (parameter: Parameter): string => `not checked: give ${parameter}`;
