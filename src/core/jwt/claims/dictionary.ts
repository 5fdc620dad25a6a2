import { numericDateUtc } from '../compact.js';
import { AMR_VALUES } from './amr-values.js';
import type { UtcInstant } from '../../time/calendar.js';
import type { AmrValue, DictionaryEntry, ExplainedMember, IanaEntry, IssuerVendor } from './entries.js';
import { IANA_CLAIMS, IANA_HEADER_PARAMETERS } from './iana-registry.js';
import { VENDOR_PACKS, type VendorPack } from './vendor-packs.js';
import { own, type JsonObject } from '../../shared/json.js';

export type { DictionaryEntry, ExplainedMember, IssuerVendor } from './entries.js';
export { REGISTRY_SNAPSHOT } from './iana-registry.js';

const ianaEntry = (where: 'header' | 'payload', { name, title, description, defined_by, reference }: IanaEntry): DictionaryEntry =>
  Object.freeze({ in: where, name, title, description, defined_by, reference, vendor: null });

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The whole dictionary in the order of contract §4d: IANA's header parameters,
 * then its claims, each in registry order, then the packs in table order, each
 * pack's names in code-point order.
 */
export const CLAIM_DICTIONARY: readonly DictionaryEntry[] = Object.freeze([
  ...IANA_HEADER_PARAMETERS.map((entry) => ianaEntry('header', entry)),
  ...IANA_CLAIMS.map((entry) => ianaEntry('payload', entry)),
  ...VENDOR_PACKS.flatMap((pack) =>
    Object.keys(pack.claims)
      .sort(byCodePoint)
      .map((name) => {
        const { title, description, reference } = pack.claims[name]!;
        return Object.freeze({
          in: 'payload' as const,
          name,
          title,
          description,
          defined_by: [pack.name],
          reference,
          vendor: pack.code,
        });
      }),
  ),
]);

/** Each entry's `vendor` filter value: a pack's code, or `iana`. */
export const vendorOf = (entry: DictionaryEntry): string => entry.vendor ?? 'iana';

// Explaining a member builds nothing for a known name without `utc` or `values`: its entry is made
// once here, frozen, and shared by every answer.
const known = (where: 'header' | 'payload', entry: IanaEntry): ExplainedMember =>
  Object.freeze({
    in: where,
    name: entry.name,
    known: true,
    title: entry.title,
    description: entry.description,
    defined_by: entry.defined_by,
    reference: entry.reference,
    vendor: null,
  });

/** The first row of a name wins; the claims registry repeats none today, and a later row must not move an entry. */
function firstByName(entries: readonly IanaEntry[], where: 'header' | 'payload'): ReadonlyMap<string, ExplainedMember> {
  const map = new Map<string, ExplainedMember>();
  for (const entry of entries) if (!map.has(entry.name)) map.set(entry.name, known(where, entry));
  return map;
}

const HEADER_MEMBERS = firstByName(IANA_HEADER_PARAMETERS, 'header');
const IANA_PAYLOAD_MEMBERS = firstByName(IANA_CLAIMS, 'payload');

interface DetectedPack {
  readonly vendor: IssuerVendor;
  readonly members: ReadonlyMap<string, ExplainedMember>;
}

/** A pack's claims as explained members: an IANA-registered name keeps its registry's documents before the vendor's name. */
function packMembers(pack: VendorPack): ReadonlyMap<string, ExplainedMember> {
  return new Map(
    Object.entries(pack.claims).map(([name, { title, description, reference }]) => {
      const registered = IANA_PAYLOAD_MEMBERS.get(name);
      const definedBy = [...(registered?.defined_by ?? []), pack.name];
      return [
        name,
        Object.freeze({
          in: 'payload' as const,
          name,
          known: true,
          title,
          description,
          defined_by: definedBy,
          reference,
          vendor: pack.code,
        }),
      ];
    }),
  );
}

/** A pattern as regular expression source: `{…}` is one or more characters other than `/`, `?` and `#`; `[…]` is optional; the rest matches itself. */
function patternSource(pattern: string): string {
  return pattern.replace(/\{[^}]*\}|[[\]]|[.*+?^$()|\\/-]/g, (part) => {
    if (part.startsWith('{')) return '[^/?#]+';
    if (part === '[') return '(?:';
    if (part === ']') return ')?';
    return `\\${part}`;
  });
}

/** One pattern, matching a whole string. */
export const patternRegExp = (pattern: string): RegExp => new RegExp(`^${patternSource(pattern)}$`);

const DETECTED: readonly DetectedPack[] = VENDOR_PACKS.flatMap((pack) => {
  const members = packMembers(pack);
  return pack.patterns.map((pattern) => ({ vendor: Object.freeze({ code: pack.code, name: pack.name, detected_by: pattern }), members }));
});

// Every pattern in one expression, each alternative ending in an empty group that marks it: one match
// a token instead of sixteen. An anchored alternation tries its alternatives in order, so the marked
// group is that of the first pattern, in table order, that matches the whole of iss.
const DETECTOR = new RegExp(
  `^(?:${VENDOR_PACKS.flatMap((pack) => pack.patterns)
    .map((pattern) => `${patternSource(pattern)}()`)
    .join('|')})$`,
);

/** The pack whose pattern matches the whole `iss` first, in table order; a hint from its text, nothing verified. */
function detect(iss: unknown): DetectedPack | null {
  if (typeof iss !== 'string') return null;
  const match = DETECTOR.exec(iss);
  return match === null ? null : DETECTED[match.indexOf('', 1) - 1]!;
}

const TIME_CLAIMS: ReadonlySet<string> = new Set(['exp', 'nbf', 'iat', 'auth_time', 'updated_at', 'toe']);
function amrValues(value: unknown): AmrValue[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((element: unknown) => {
    const registered = typeof element === 'string' ? AMR_VALUES.get(element) : undefined;
    return registered === undefined
      ? { value: element, known: false, description: null, defined_by: [] }
      : { value: element, known: true, description: registered.description, defined_by: registered.defined_by };
  });
}

const unknownMember = (where: 'header' | 'payload', name: string): ExplainedMember => ({
  in: where,
  name,
  known: false,
  title: null,
  description: null,
  defined_by: [],
  reference: null,
  vendor: null,
});

/** The registered times a decode has already read (`expires_at` and the rest), so that each is read once. */
export interface ReadTimes {
  readonly exp: UtcInstant | null;
  readonly iat: UtcInstant | null;
  readonly nbf: UtcInstant | null;
}

const utcOf = (name: string, value: unknown, times: ReadTimes | undefined): UtcInstant | null =>
  times !== undefined && (name === 'exp' || name === 'iat' || name === 'nbf') ? times[name] : numericDateUtc(value);

// Written out rather than spread: a literal of one shape is the cheaper object, and a decode builds one per time claim.
const withUtc = (member: ExplainedMember, utc: UtcInstant | null): ExplainedMember => ({
  in: member.in,
  name: member.name,
  known: member.known,
  title: member.title,
  description: member.description,
  defined_by: member.defined_by,
  reference: member.reference,
  vendor: member.vendor,
  utc,
});

function payloadMember(name: string, value: unknown, pack: DetectedPack | null, times: ReadTimes | undefined): ExplainedMember {
  const member = pack?.members.get(name) ?? IANA_PAYLOAD_MEMBERS.get(name) ?? unknownMember('payload', name);
  if (TIME_CLAIMS.has(name)) return withUtc(member, utcOf(name, value, times));
  if (name === 'amr') return { ...member, values: amrValues(value) };
  return member;
}

/** What contract §4d adds to every decode body. */
export interface TokenExplanation {
  readonly explained: ExplainedMember[];
  readonly issuer_vendor: IssuerVendor | null;
}

/**
 * `explained` and `issuer_vendor` of contract §4d. `explained` has one entry
 * per header member, then one per claim, each in the order the object is
 * written. A header member is IANA's or unknown; a claim is the detected
 * vendor's, else IANA's, else unknown, so that a pack's claim means the
 * vendor's only when `iss` names that vendor. Names are looked up exactly, in
 * maps: `__proto__` and `toString` are unknown. `claims` is null for a token
 * whose claims cannot be read (a JWE, or the outer token of a nested JWT).
 * `times`, when given, are `exp`, `iat` and `nbf` as the caller already read
 * them with `numericDateUtc`.
 */
export function explainToken(header: JsonObject, claims: JsonObject | null, times?: ReadTimes): TokenExplanation {
  const explained: ExplainedMember[] = [];
  for (const name of Object.keys(header)) explained.push(HEADER_MEMBERS.get(name) ?? unknownMember('header', name));
  if (claims === null) return { explained, issuer_vendor: null };
  const pack = detect(own(claims, 'iss'));
  for (const name of Object.keys(claims)) explained.push(payloadMember(name, claims[name], pack, times));
  return { explained, issuer_vendor: pack?.vendor ?? null };
}
