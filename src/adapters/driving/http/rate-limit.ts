import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import type { ConsumeRateLimit, RateLimitDecision } from '../../../core/use-cases/consume-rate-limit.js';
import type { CallBudget } from '../api/dispatcher.js';
import { RATE_LIMIT_MESSAGE } from '../api/errors.js';
import { callCount, readTrpcCall, type TrpcCall } from '../trpc/request.js';
import { clientAddress, clientKey, type TrustFunction } from './client-key.js';
import { sendDetail } from './rest-errors.js';

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

interface ApiLocals {
  trpcCall?: TrpcCall;
  budget?: CallBudget;
}

const localsOf = (res: Response): ApiLocals => res.locals as ApiLocals;

/**
 * Reads a tRPC request's procedures once, for the rate limit, the tRPC handlers
 * and route naming. The prefix is matched without case, so that '/TRPC/a,b'
 * pays for two calls even though it reaches no procedure.
 */
export function trpcRequestReader(trpcPath: string): RequestHandler {
  const prefix = `${trpcPath.toLowerCase()}/`;
  return (req, res, next) => {
    if (req.path.toLowerCase().startsWith(prefix)) localsOf(res).trpcCall = readTrpcCall(req.url.slice(prefix.length - 1));
    next();
  };
}

/** The tRPC call a request carries, as `readTrpcRequest` read it; undefined for every other request. */
export const trpcCallOf = (res: Response): TrpcCall | undefined => localsOf(res).trpcCall;

/** The calls a request paid for; undefined, and so refused by the dispatcher, if the rate limit never ran. */
export const budgetOf = (res: Response): CallBudget | undefined => localsOf(res).budget;

function budgetFor(decision: RateLimitDecision): CallBudget {
  let left = decision.granted;
  return { take: () => left-- > 0 };
}

/**
 * Charges a request one point per call (a tRPC batch pays for each procedure
 * it names) in one atomic step, sets the RateLimit headers, and resolves to
 * the granted calls as the request's budget. A REST request with nothing
 * granted is answered 429 here and resolves to undefined; tRPC calls learn of
 * the refusal from their budget, in tRPC's own error shape.
 */
export type ChargeRequest = (req: IncomingMessage, res: ServerResponse, trpcCall: TrpcCall | undefined) => Promise<CallBudget | undefined>;

export function requestCharger(options: RateLimitOptions): ChargeRequest {
  const policyHeader = `"default";q=${options.points};w=${options.durationSeconds}`;
  return async (req, res, trpcCall) => {
    const decision = await options.consume.execute({
      clientKey: clientKey(clientAddress(req, options.trust), options.ipv6PrefixLength),
      calls: callCount(trpcCall),
    });
    res.setHeader('RateLimit-Policy', policyHeader);
    res.setHeader('RateLimit', `"default";r=${decision.remaining};t=${decision.resetSeconds}`);
    if (decision.granted < decision.calls) {
      res.setHeader('Retry-After', String(decision.resetSeconds));
      options.onRejected?.(decision.calls - decision.granted);
    }
    if (decision.granted === 0 && trpcCall === undefined) {
      sendDetail(res, 429, RATE_LIMIT_MESSAGE);
      return undefined;
    }
    return budgetFor(decision);
  };
}

/** A charger as Express middleware: the budget goes to `res.locals`, where `budgetOf` finds it. */
export function chargeMiddleware(charge: ChargeRequest): RequestHandler {
  return async (req, res, next) => {
    const budget = await charge(req, res, trpcCallOf(res));
    if (budget === undefined) return;
    localsOf(res).budget = budget;
    next();
  };
}
