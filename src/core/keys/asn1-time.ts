// A certificate's validity times (RFC 5280 §4.1.2.5), read from its DER in one place for every host. The hosts' own
// readings differ where a time names no instant: node:crypto 26's X509Certificate gives validFromDate and validToDate
// from a struct tm that OpenSSL never wrote (NaN or any number, from one call to the next), so the core reads the times
// itself, as OpenSSL's ASN1_TIME_to_tm reads them, and a time it cannot read makes the certificate unreadable.
import { concatBytes } from '../shared/bytes.js';
import { daysFromCivil, daysInMonth } from '../time/calendar.js';
import { derChildren, derContent, DerError, type DerNode } from './der.js';

const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;
const CONSTRUCTED = 0x20;
/** OpenSSL's ASN1_MAX_STRING_NEST: how deep the parts of a constructed string may nest. */
const MAX_STRING_NESTING = 5;
const latin1 = new TextDecoder('latin1');

/** A string's octets: a primitive one's content, or a constructed one's parts joined, whatever their tags (asn1_collect). */
function octets(node: DerNode, depth = 0): Uint8Array {
  if ((node.tag & CONSTRUCTED) === 0) return derContent(node);
  // asn1_collect starts at depth 0 inside the outer string and refuses a constructed part met at depth 5: six
  // constructed levels, the outer one included, are read; a seventh is refused.
  if (depth > MAX_STRING_NESTING) throw new DerError('string nested too deep');
  return concatBytes(derChildren(node).map((part) => octets(part, depth + 1)));
}

/**
 * A UTCTime or GeneralizedTime in Unix milliseconds, read as ossl_asn1_time_to_tm reads it outside its strict X.509
 * mode, which node:crypto's readings followed where they named an instant: seconds optional, a GeneralizedTime's
 * fraction of a second read and dropped, `Z` or an offset of `+hhmm` or `-hhmm` (hours to 12), a UTCTime's year 50 to
 * 99 in the 1900s (RFC 5280 §4.1.2.5.1). NaN for any other value, text or date that names no instant (Feb 30, 24:00,
 * a 60th second).
 */
export function timeMs(node: DerNode): number {
  const tag = node.tag & ~CONSTRUCTED;
  if (tag !== UTC_TIME && tag !== GENERALIZED_TIME) return Number.NaN;
  const text = latin1.decode(octets(node));
  const utc = tag === UTC_TIME;
  const match = (utc ? /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?/ : /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?/).exec(text);
  if (match === null || text.length < (utc ? 13 : 15)) return Number.NaN;
  const [, y = '', mo = '', d = '', h = '', mi = '', s] = match;
  const year = utc ? (Number(y) < 50 ? 2000 : 1900) + Number(y) : Number(y);
  const [month, day, hour, minute, second] = [Number(mo), Number(d), Number(h), Number(mi), s === undefined ? 0 : Number(s)];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    return Number.NaN;
  }
  let rest = text.slice(match[0].length);
  if (!utc && s !== undefined && rest.startsWith('.')) {
    const fraction = /^\.\d+/.exec(rest);
    if (fraction === null) return Number.NaN;
    rest = rest.slice(fraction[0].length);
  }
  let offsetMinutes = 0;
  const offset = /^([+-])(\d\d)(\d\d)$/.exec(rest);
  if (offset !== null) {
    const [, sign, oh = '', om = ''] = offset;
    if (Number(oh) > 12 || Number(om) > 59) return Number.NaN;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  } else if (rest !== 'Z') {
    return Number.NaN;
  }
  return ((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute - offsetMinutes) * 60_000 + second * 1000;
}
