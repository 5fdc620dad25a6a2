import { OPERATION_BY_PROCEDURE } from '../../contract/catalog.js';

/** What a tRPC HTTP request names, read once from its URL. */
export interface TrpcCall {
  /** The path after the mount, as sent: what tRPC's own handler is given. */
  readonly path: string;
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
 * used by the router to name the route, by the rate limit to count calls and by
 * the tRPC handler. It counts commas on the decoded path whether `batch` is set
 * or not, so a `%2C` or a missing `batch=1` never makes calls free.
 */
export function readTrpcCall(url: string): TrpcCall {
  const queryStart = url.indexOf('?');
  const params = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  const batch = params.get('batch') === '1';
  const path = url.slice(url.startsWith('/') ? 1 : 0, queryStart === -1 ? undefined : queryStart);
  try {
    return { path, procedures: decodeURIComponent(path).split(','), decodable: true, batch, params };
  } catch {
    return { path, procedures: [], decodable: false, batch, params };
  }
}

/** The name logs and metrics know a tRPC request by: its procedure if the catalog has it, else `batch` or `unknown`, never a made-up name. */
export function trpcRouteName(call: TrpcCall): string {
  const [first, ...more] = call.procedures;
  if (more.length > 0) return '/trpc/batch';
  return first !== undefined && OPERATION_BY_PROCEDURE.has(first) ? `/trpc/${first}` : '/trpc/unknown';
}
