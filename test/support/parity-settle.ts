// What every local host of the parity test runs where it answers, in this process, in a page or in a child process of
// another Node (parity-hosts.ts, parity-page.ts, parity-node.ts): one call settled as an answer text, and one zone's
// offsets. It imports nothing but the zone rules' own zoneOffsets, so that a host of another runtime can bundle it.
import { zoneOffsets } from '../../src/local/zone-rules.js';

/**
 * One call of a tRPC client of the AppRouter, settled as an answer text. Self-contained, so that the Chromium page
 * runs this very function (its source is passed to the page): the input travels as JSON text and is parsed where it
 * is sent, so that a member named `__proto__` stays a member.
 */
export async function settle(client: unknown, procedure: string, inputText: string | undefined, mutation: boolean): Promise<string> {
  const [group = '', name = ''] = procedure.split('.');
  const target = (client as Record<string, Record<string, ProcedureClient>>)[group]?.[name];
  const input: unknown = inputText === undefined ? undefined : JSON.parse(inputText);
  try {
    const data = await (mutation ? target?.mutate?.(input) : target?.query?.(input));
    return JSON.stringify(data);
  } catch (error) {
    const { message, data } = error as { message?: unknown; data?: { code?: unknown } | null };
    return JSON.stringify({ code: data?.code ?? null, message: message ?? null });
  }
}

interface ProcedureClient {
  query?: (input: unknown) => Promise<unknown>;
  mutate?: (input: unknown) => Promise<unknown>;
}

/** The input as JSON text, or undefined for none. */
export const inputText = (input: unknown): string | undefined => (input === undefined ? undefined : JSON.stringify(input));

/** A zone's offsets by zoneOffsets, or null where the host knows no such zone. */
export const offsetsOrNull = (zone: string): string | null => {
  try {
    return zoneOffsets(zone);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
};
