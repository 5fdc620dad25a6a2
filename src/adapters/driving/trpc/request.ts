/** What a tRPC HTTP request names, read once from its URL. */
export interface TrpcCall {
  /** The procedure paths: the percent-decoded path split on commas, as tRPC splits it; empty when undecodable. */
  readonly procedures: readonly string[];
  /** False when the path has invalid percent-encoding; tRPC itself would answer in plain text. */
  readonly decodable: boolean;
  /** `batch=1`, which tRPC needs to run more than one procedure. */
  readonly batch: boolean;
  readonly params: URLSearchParams;
}

/**
 * The one reader of a tRPC URL (relative to the `/trpc` mount, query included),
 * used by the rate limit to count calls, by the guard, by the GET fast path and
 * by route naming. It counts commas on the decoded path whether `batch` is set
 * or not, so a `%2C` or a missing `batch=1` never makes calls free.
 */
export function readTrpcCall(url: string): TrpcCall {
  const queryStart = url.indexOf('?');
  const params = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  const batch = params.get('batch') === '1';
  try {
    const path = decodeURIComponent(url.slice(url.startsWith('/') ? 1 : 0, queryStart === -1 ? undefined : queryStart));
    return { procedures: path.split(','), decodable: true, batch, params };
  } catch {
    return { procedures: [], decodable: false, batch, params };
  }
}

/** How many calls a request pays for: one per named procedure, and at least one. */
export const callCount = (call: TrpcCall | undefined): number => Math.max(1, call?.procedures.length ?? 1);
