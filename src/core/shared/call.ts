/**
 * Where a call's input travelled: `url` for a URL (a REST GET's query string, a tRPC GET's `input`), which
 * proxies, logs, `Referer` headers and browser history keep; `argument` for a command-line argument, which
 * shell history keeps; `private` for a request body or standard input.
 */
export type InputCarrier = 'url' | 'argument' | 'private';

/**
 * What a use case may know of its call beside its input, from the transport that carried it. A missing
 * `carrier` counts as `url`: a secret is then refused, never taken (fail closed).
 */
export interface Call {
  readonly carrier?: InputCarrier | undefined;
}
