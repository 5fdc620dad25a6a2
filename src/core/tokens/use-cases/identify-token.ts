import { readToken } from '../../jwt/forms.js';
import { DomainError } from '../../shared/errors.js';
import { TOKEN_SHAPES, maskedValue, type TokenShapeRow } from '../../shared/token-shapes.js';
import { SEVERITIES } from '../../shared/vocabulary.js';
import { resolveZone } from '../../time/zones.js';
import { FORMAT_READERS, ValueReading } from '../identify-formats.js';
import type { JwtPointer, TokenCandidate, TokenFinding, TokenIdentification, TokenIdentifyInput, TokenTime } from '../model.js';
import { tokenTime } from '../times.js';
import { tokenValue } from '../value.js';
import { TOKEN_FORMATS, type TokenFormat } from '../vocabulary.js';

const BY_FORMAT: ReadonlyMap<string, TokenShapeRow> = new Map(TOKEN_SHAPES.map((row) => [row.format, row]));
const JWT: JwtPointer = { format: 'jwt', see: '/jwt/decode' };
const BEARER = /^bearer\s+/i;

/**
 * What a JWT of any form starts with, so that nothing else is tried as one, which keeps identify cheap: `{` (a JSON
 * serialization), or the base64url of a JOSE header's first byte, which the header's JSON may precede with white space
 * or its UTF-8 with a byte order mark (`/jwt/decode` reads them): `e` for `{`, `I` for a space, `C` for a tab or line
 * feed, `D` for a carriage return, `7` for the mark.
 */
const MAY_BE_JOSE = /^[{eICD7]/;

function isJose(text: string): boolean {
  const token = text.replace(BEARER, '');
  if (!MAY_BE_JOSE.test(token)) return false;
  try {
    readToken(token);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

const rank = (finding: TokenFinding): number => SEVERITIES.indexOf(finding.severity);

function unauthenticated(times: readonly TokenTime[]): TokenFinding[] {
  if (times.length === 0) return [];
  const names = times.map((time) => time.name).join(', ');
  return [
    {
      code: 'timestamp_unauthenticated',
      severity: 'info',
      message: `${names} ${times.length === 1 ? 'was' : 'were'} read without checking the signature, so anyone could have written ${times.length === 1 ? 'it' : 'them'}`,
    },
  ];
}

function parseFormat(format: string): TokenShapeRow {
  const row = BY_FORMAT.get(format);
  if (row === undefined) throw new DomainError('TOKEN_OPTION_INVALID', `format must be one of ${TOKEN_FORMATS.join(', ')}`);
  return row;
}

const NOTHING_MATCHED =
  'value matches none of the formats /token/identify reads: a JWT, GitHub, npm, GitLab, AWS, Stripe, Slack or PyPI credentials, an itsdangerous value, a Flask session cookie, a Django signed value, an Express signed cookie, a Fernet token, a PASETO or a PASERK';

/**
 * `/token/identify` (contract §12): says which formats of §12's table a value is of, in the table's order, and
 * what each shows without a key: its fields, its times (never authenticated), what a key would add, and findings
 * (a live credential and where to revoke it, a checksum that fails, key material). A JWT in any form of §4c gets one
 * pointer to `/jwt/decode` and nothing else. The credential formats' value is masked in `input`, and no answer,
 * note or error repeats it. `format` keeps one format; `tz` adds `local` to every time.
 *
 * Throws `TOKEN_VALUE_INVALID` for an empty or missing value or one over 16,384 characters (trimmed),
 * `TOKEN_OPTION_INVALID` for an unknown format, and `TZ_UNKNOWN`. It calls no vendor and checks no signature.
 */
export class IdentifyToken {
  execute({ value, format, tz }: TokenIdentifyInput): TokenIdentification {
    const rows = format === undefined ? TOKEN_SHAPES : [parseFormat(format)];
    const zone = tz === undefined ? undefined : resolveZone(tz);
    const text = tokenValue(value);
    const input = maskedValue(value);
    if (isJose(text)) {
      return format === undefined
        ? { input, candidates: [JWT], notes: [], source: 'token_identify' }
        : { input, candidates: [], notes: [`value is a JWT: /jwt/decode reads it, not as ${format}`], source: 'token_identify' };
    }
    const reading = new ValueReading(text);
    const candidates: TokenCandidate[] = [];
    const notes: string[] = [];
    for (const row of rows) {
      if (!row.matches(text)) continue;
      const format: TokenFormat = row.format;
      const read = FORMAT_READERS[format](reading);
      if (read === undefined) continue;
      const times: TokenTime[] = [];
      for (const raw of read.times ?? []) {
        const time = tokenTime(raw.name, raw.unixNs, false, zone);
        if (time === undefined) notes.push(`${format}: ${raw.name} falls outside years 0001–9999, so it is left out of times`);
        else times.push(time);
      }
      notes.push(...(read.notes ?? []));
      const findings = [...(read.findings ?? []), ...unauthenticated(times)].sort((a, b) => rank(a) - rank(b));
      candidates.push({ format, description: row.description, fields: read.fields, times, key_needed_for: read.keyNeededFor, findings });
    }
    if (candidates.length > 1) {
      notes.unshift(
        `value matches ${candidates.length} formats (${candidates.map((c) => c.format).join(', ')}): each is a candidate, in the table's order`,
      );
    }
    if (candidates.length === 0) notes.push(format === undefined ? NOTHING_MATCHED : `value is not of the syntax of ${format}`);
    return { input, candidates, notes, source: 'token_identify' };
  }
}
