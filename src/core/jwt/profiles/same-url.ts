const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/** An absolute http or https URL, or undefined. */
export function httpUrl(text: string): URL | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/**
 * RFC 9449 §4.3's comparison of `htu` with the request's URL: query and fragment dropped; scheme and
 * host case-insensitive (as URL parsing writes them); ports equal, a missing one being the scheme's default;
 * paths equal case-sensitively once an empty path is `/` and dot segments are removed (as URL parsing does).
 * False when either is not an absolute http or https URL.
 */
export function sameUrl(a: string, b: string): boolean {
  const left = httpUrl(a);
  const right = httpUrl(b);
  if (left === undefined || right === undefined) return false;
  const port = (url: URL) => url.port || DEFAULT_PORTS[url.protocol];
  return (
    left.protocol === right.protocol && left.hostname === right.hostname && port(left) === port(right) && left.pathname === right.pathname
  );
}
