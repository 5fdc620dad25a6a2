import type { RequestHandler } from 'express';
import type { ConsumeRateLimit, RateLimitDecision } from '../../../core/rate-limit/consume-rate-limit.js';
import type { CallBudget } from '../contract/dispatcher.js';
import { clientAddress, clientKey, type TrustFunction } from './client-key.js';
import { rateLimited } from './errors.js';
import { stateOf } from './routes.js';

export interface RateLimitOptions {
  readonly consume: ConsumeRateLimit;
  readonly durationSeconds: number;
  readonly points: number;
  readonly ipv6PrefixLength: number;
  /** Which proxies' X-Forwarded-For to believe. */
  readonly trust: TrustFunction;
  /** Told how many calls a request had refused. */
  readonly onRejected?: (calls: number) => void;
}

function budgetFor(decision: RateLimitDecision): CallBudget {
  let left = decision.granted;
  return { take: () => left-- > 0 };
}

/**
 * The charge step, the one place the rate limit is decided, on every API
 * route: a request pays one point per call (a tRPC batch pays for each procedure it
 * names) in one atomic step, and gets the RateLimit headers. A request with no
 * call granted is refused here, 429 in its route's shape; one with some
 * granted carries them as its budget, and the dispatcher runs no more calls
 * than that.
 */
export function charge(options: RateLimitOptions): RequestHandler {
  const policyHeader = `"default";q=${options.points};w=${options.durationSeconds}`;
  return (req, res, next) => {
    const state = stateOf(res);
    options.consume
      .execute({ clientKey: clientKey(clientAddress(req, options.trust), options.ipv6PrefixLength), calls: state.route.calls })
      .then((decision) => {
        res.setHeader('RateLimit-Policy', policyHeader);
        res.setHeader('RateLimit', `"default";r=${decision.remaining};t=${decision.resetSeconds}`);
        if (decision.granted < decision.calls) {
          res.setHeader('Retry-After', String(decision.resetSeconds));
          options.onRejected?.(decision.calls - decision.granted);
        }
        if (decision.granted === 0) {
          next(rateLimited());
          return;
        }
        state.budget = budgetFor(decision);
        next();
      }, next);
  };
}
