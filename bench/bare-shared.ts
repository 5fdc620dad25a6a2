// What a user would hand-roll instead: the same core arithmetic, no framework
import { HmacKnownSecrets } from '../src/adapters/driven/known-secrets/hmac-known-secrets.js';
// layers, no validation schema, no rate limit, no logging.
import { DomainError } from '../src/core/shared/errors.js';
import { ConvertTimestampToUtc } from '../src/core/time/use-cases/convert-timestamp-to-utc.js';
import { DecodeJwt } from '../src/core/jwt/use-cases/decode-jwt.js';
import { SystemClock } from '../src/adapters/driven/system-clock.js';

const toUtc = new ConvertTimestampToUtc();
const decodeJwt = new DecodeJwt(new SystemClock(), new HmacKnownSecrets());

export function handle(pathname: string, query: URLSearchParams): { status: number; body: unknown } {
  try {
    if (pathname === '/unix-timestamp/to-utc') {
      return { status: 200, body: toUtc.execute({ timestamp: query.get('timestamp') ?? '', unit: query.get('unit') ?? undefined }) };
    }
    if (pathname === '/jwt/decode') return { status: 200, body: decodeJwt.execute({ token: query.get('token') ?? '' }) };
    return { status: 404, body: { detail: 'Not Found' } };
  } catch (error) {
    if (error instanceof DomainError) return { status: 400, body: { detail: error.message } };
    return { status: 500, body: { detail: 'Internal Server Error' } };
  }
}

export const port = Number(process.env.PORT ?? 0);
