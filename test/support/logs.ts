import { createLogger } from '../../src/adapters/driven/logger.js';

/** A logger at `trace` whose every line is kept, as written, for the test to read. */
export function capturedLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger('trace', { destination: { write: (line: string) => lines.push(line) } }) };
}
