import type { RequestHandler } from 'express';
import type { ConsumeRateLimit, RateLimitDecision } from '../../../core/use-cases/consume-rate-limit.js';
import { RATE_LIMIT_MESSAGE } from '../trpc/error-mapping.js';
import type { CallBudget } from '../trpc/trpc.js';
import { clientKey } from './client-key.js';
import { sendDetail } from './rest-errors.js';

export interface RateLimitOptions {
  readonly consume: ConsumeRateLimit;
  readonly durationSeconds: number;
  readonly points: number;
  readonly ipv6PrefixLength: number;
  /** Path prefix under which requests are tRPC calls, e.g. `/api/trpc/`. */
  readonly trpcPrefix: string;
  /** Told how many calls a request had refused. */
  readonly onRejected?: (calls: number) => void;
}

/**
 * How many procedure calls a tRPC request names. tRPC decodes the path and
 * splits it on commas whether `batch` is set once, twice or not at all, so this
 * counts the same way, on the decoded path; the per-call budget in the procedures
 * is the backstop whatever this counts.
 */
export function countCalls(path: string, trpcPrefix: string): number {
  // Compared without case so that '/TRPC/a,b' pays for two calls even if some
  // router were to accept it; this app's routing is case-sensitive.
  if (!path.toLowerCase().startsWith(trpcPrefix.toLowerCase())) return 1;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.slice(trpcPrefix.length));
  } catch {
    return 1;
  }
  return decoded.split(',').length;
}

function budgetOf(decision: RateLimitDecision): CallBudget {
  let left = decision.granted;
  return { take: () => left-- > 0 };
}

export function rateLimitMiddleware(options: RateLimitOptions): RequestHandler {
  const policyHeader = `"default";q=${options.points};w=${options.durationSeconds}`;
  return async (req, res, next) => {
    const calls = countCalls(req.path, options.trpcPrefix);
    const decision = await options.consume.execute({ clientKey: clientKey(req.ip, options.ipv6PrefixLength), calls });
    res.setHeader('RateLimit-Policy', policyHeader);
    res.setHeader('RateLimit', `"default";r=${decision.remaining};t=${decision.resetSeconds}`);
    res.locals.budget = budgetOf(decision);
    if (decision.granted < decision.calls) {
      res.setHeader('Retry-After', String(decision.resetSeconds));
      options.onRejected?.(decision.calls - decision.granted);
    }
    // tRPC calls learn of the refusal from their budget, in tRPC's own error shape.
    if (decision.granted === 0 && !req.path.startsWith(options.trpcPrefix)) {
      sendDetail(res, 429, RATE_LIMIT_MESSAGE);
      return;
    }
    next();
  };
}
