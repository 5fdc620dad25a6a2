// What Edit and sign sends of the claims, and the key pair it offers: DOM-free, so that test/unit/web/ reads it.
import { PUBLIC_KEY_ALGORITHMS } from 'timestamp-jwt-client';

export type Claims = Readonly<Record<string, unknown>>;

/** What the edited claims set and unset, against the token's: only these are sent, so the rest stays byte for byte. */
export function edits(before: Claims, after: Claims): { set: Record<string, unknown>; unset: string[] } {
  const set = Object.fromEntries(
    Object.entries(after).filter(([name, value]) => !Object.hasOwn(before, name) || JSON.stringify(before[name]) !== JSON.stringify(value)),
  );
  return { set, unset: Object.keys(before).filter((name) => !Object.hasOwn(after, name)) };
}

/**
 * The claim edits to send beside "Expires in": a new `exp` is then the expiry's alone (contract §4g refuses `exp` in
 * `set` or `unset` beside `expires_in`), so an `exp` edited or removed in the claims gives way to it.
 */
export function editsWithExpiry(before: Claims, after: Claims, expiresIn: string): { set: Record<string, unknown>; unset: string[] } {
  const { set, unset } = edits(before, after);
  if (expiresIn === '') return { set, unset };
  return {
    set: Object.fromEntries(Object.entries(set).filter(([name]) => name !== 'exp')),
    unset: unset.filter((name) => name !== 'exp'),
  };
}

/** The algorithm a generated key pair starts at: the token's own where a pair can be made for it, else ES256. */
export const pairAlgorithmFor = (algorithm: string | null | undefined): string =>
  algorithm !== null && algorithm !== undefined && (PUBLIC_KEY_ALGORITHMS as readonly string[]).includes(algorithm) ? algorithm : 'ES256';
