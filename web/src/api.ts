import { createClient } from 'timestamp-jwt-client';

/** The service's rate limit said no; the calls may be made again after `seconds`. */
export class RateLimited extends Error {
  constructor(readonly seconds: number) {
    super(`Rate limit exceeded; try again in ${seconds} s`);
  }
}

/** What went wrong with a call, in the words the page shows. */
export type Failure =
  | { readonly kind: 'rate-limited'; readonly seconds: number }
  | { readonly kind: 'network' }
  /** The service answered 400: the message names the problem with the input. */
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'server'; readonly message: string };

/**
 * A fetch that turns a 429 into `RateLimited`, with the seconds of
 * `Retry-After`, before tRPC reads its error envelope (TOO_MANY_REQUESTS),
 * so that the page can say when to try again.
 */
const fetchNoting429: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 429) {
    const seconds = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
    throw new RateLimited(Number.isFinite(seconds) && seconds > 0 ? seconds : 1);
  }
  return response;
};

/**
 * The page's one client: the published typed client, every call a POST
 * (contract §1b), so that no token, key or value is ever in a URL. The
 * service is the page's own origin, under the page's path (BASE_PATH).
 */
export const api = createClient(new URL('.', document.baseURI).href, { method: 'POST', fetch: fetchNoting429 });

interface ClientErrorLike {
  readonly message?: unknown;
  readonly cause?: unknown;
  readonly data?: { readonly httpStatus?: unknown } | null;
}

/** Sorts an error thrown by a call into what the page says about it. */
export function describeFailure(error: unknown): Failure {
  // Every member is optional and checked or read as unknown; `??` keeps the read off null and undefined.
  const { cause, data, message } = (error ?? {}) as ClientErrorLike;
  if (cause instanceof RateLimited) return { kind: 'rate-limited', seconds: cause.seconds };
  if (error instanceof RateLimited) return { kind: 'rate-limited', seconds: error.seconds };
  const status = typeof data?.httpStatus === 'number' ? data.httpStatus : undefined;
  if (status !== undefined && status >= 400 && status < 500) return { kind: 'invalid', message: String(message) };
  if (status === undefined && (cause instanceof TypeError || error instanceof TypeError)) return { kind: 'network' };
  return { kind: 'server', message: typeof message === 'string' ? message : 'The service could not answer.' };
}
