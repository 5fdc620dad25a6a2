// The parity test's host in another Node, the child's side (parity-node.ts bundles this module and runs it in that
// Node): it loads the local entry from the file URL it is given, makes its client with the clock fixed at the instant
// it is given, and answers the parent's requests, one JSON line each on standard input, in order, one JSON line each
// on standard output.
import { createInterface } from 'node:readline';
import { offsetsOrNull, settle } from './parity-settle.js';

/**
 * What the parent asks: a batch of calls (procedure, input as JSON text or null for none, since JSON has no
 * undefined, whether a mutation), or zones measured.
 */
export type Question =
  | { readonly kind: 'answer'; readonly calls: readonly (readonly [string, string | null, boolean])[] }
  | { readonly kind: 'differingZones' | 'zoneOffsets'; readonly zones: readonly string[] };

/** A question as sent, numbered by the parent. */
export type ChildRequest = Question & { readonly id: number };

/** The child's answer to one request, by its id; the first line, before any request, is `{ ready: Runtime }`. */
export type ChildReply = { readonly id: number; readonly result: unknown } | { readonly id: number; readonly error: string };

/** The runtime as the child found it before loading the entry: which of Temporal and base64 it has of its own. */
export interface Runtime {
  readonly node: string;
  readonly tz: string | undefined;
  readonly ownTemporal: boolean;
  readonly ownBase64: boolean;
}

interface LocalEntry {
  createLocalClient(options: { now: () => number }): unknown;
  differingZones(zones: Iterable<string>): string[];
}

const send = (message: ChildReply | { readonly ready: Runtime }): boolean => process.stdout.write(`${JSON.stringify(message)}\n`);

const [entryUrl = '', nowText = ''] = process.argv.slice(2);
const runtime: Runtime = {
  node: process.version,
  tz: process.versions.tz,
  ownTemporal: 'Temporal' in globalThis,
  ownBase64: typeof (Uint8Array as { fromBase64?: unknown }).fromBase64 === 'function',
};
const local = (await import(entryUrl)) as LocalEntry;
const nowMs = Number(nowText);
const client = local.createLocalClient({ now: () => nowMs });
// Where the host has no Temporal, the entry loads the polyfill on its first call, and its zone rules (and zoneOffsets,
// which reads the global Temporal) can be measured only after that, as the entry's own documentation says: one call
// first, whose answer is not compared.
await settle(client, 'unixTimestamp.toUtc', '{"timestamp":"0"}', false);
send({ ready: runtime });

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const request = JSON.parse(line) as ChildRequest;
  try {
    let result: unknown;
    if (request.kind === 'answer') {
      const answers: string[] = [];
      for (const [procedure, input, mutation] of request.calls) answers.push(await settle(client, procedure, input ?? undefined, mutation));
      result = answers;
    } else if (request.kind === 'differingZones') {
      result = local.differingZones(request.zones);
    } else {
      result = request.zones.map(offsetsOrNull);
    }
    send({ id: request.id, result });
  } catch (error) {
    send({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
