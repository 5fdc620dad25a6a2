/** How many refused clients one process remembers at most: about 10 MB of keys and instants. */
export const SPENT_WINDOWS_CAPACITY = 100_000;

/**
 * The clients whose shared window this process has seen spent, each with the
 * instant that window resets, so that the process refuses them itself until
 * then instead of asking the shared store again (contract §6, ADR 0009). A
 * fixed window refills only at its reset, so the answer is the one the store
 * would give, and a client is never refused past the reset the store reported.
 *
 * Bounded: past `capacity` the oldest entry goes, and a client that is no
 * longer here is simply asked about again. Entries leave as they expire, from
 * the oldest on, so memory follows the clients refused within one window.
 */
export class SpentWindows {
  private readonly resetAt = new Map<string, number>();
  // The keys in the order they were remembered, as a ring: every window has the same length, so
  // this is nearly expiry order, and the oldest goes first without walking the Map (whose deleted
  // slots a walk from its start would cross again each time).
  private readonly order: (string | undefined)[];
  private head = 0;
  private queued = 0;

  constructor(
    private readonly capacity: number = SPENT_WINDOWS_CAPACITY,
    /** A monotonic clock in milliseconds. */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.order = new Array<string | undefined>(capacity);
  }

  get size(): number {
    return this.resetAt.size;
  }

  /** This object's clock: the instant to measure a store's answer from. */
  instant(): number {
    return this.now();
  }

  /** Milliseconds until the spent window of `key` resets; 0 when it is not known to be spent. */
  msLeft(key: string): number {
    const resetAt = this.resetAt.get(key);
    if (resetAt === undefined) return 0;
    const left = resetAt - this.now();
    if (left > 0) return left;
    this.resetAt.delete(key);
    return 0;
  }

  /**
   * Remembers that the window of `key` is spent, resetting `resetMs` after
   * `askedAt` (an `instant()` taken before asking the store: the store measured
   * its reset later, so the real reset is never earlier than this).
   */
  remember(key: string, askedAt: number, resetMs: number): void {
    const resetAt = askedAt + resetMs;
    const now = this.now();
    if (resetAt <= now) return;
    // Expired entries leave from the oldest on; one still running stops the sweep.
    while (this.queued > 0) {
      const oldest = this.order[this.head] ?? '';
      const until = this.resetAt.get(oldest);
      if (until !== undefined && until > now) break;
      if (until !== undefined) this.resetAt.delete(oldest);
      this.dequeue();
    }
    if (this.resetAt.has(key)) {
      this.resetAt.set(key, resetAt);
      return;
    }
    // Full: the oldest goes, and is asked about again should it come back.
    if (this.queued === this.capacity) this.resetAt.delete(this.dequeue() ?? '');
    this.order[(this.head + this.queued) % this.capacity] = key;
    this.queued += 1;
    this.resetAt.set(key, resetAt);
  }

  private dequeue(): string | undefined {
    const key = this.order[this.head];
    this.order[this.head] = undefined;
    this.head = (this.head + 1) % this.capacity;
    this.queued -= 1;
    return key;
  }
}
