export interface EventuallyOptions {
  /** How long the condition may take before the wait fails (default 10 s). */
  readonly timeoutMs?: number;
  /** How often it is checked (default 10 ms). */
  readonly intervalMs?: number;
  /** What is awaited, for the failure's message. */
  readonly what?: string;
}

/**
 * Waits until `check` returns something other than `undefined`, `null` or
 * `false` (awaiting it when it is async), and resolves with that; rejects
 * once the deadline passes, with what was awaited and the last error `check`
 * threw (a throw counts as "not yet", as a probe of a server still starting
 * throws). The one way a test waits for a condition instead of for a fixed time.
 */
export async function eventually<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, intervalMs = 10, what = 'the condition' }: EventuallyOptions = {},
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (performance.now() > deadline) {
      throw new Error(
        `${what} did not hold within ${timeoutMs} ms${last === undefined ? '' : ` (last error: ${last instanceof Error ? last.message : JSON.stringify(last)})`}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
