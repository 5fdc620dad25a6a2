interface KeyState {
  /** Points of this key's decisions on their way to the shared store. */
  inFlight: number;
  /** Points the latest answer for this key left in its window; unknown before the first answer. */
  room: number | undefined;
  /** Decisions waiting for one in flight to land, told whether the store failed it. */
  waiters: ((failed: boolean) => void)[];
}

/**
 * The decisions a process has on their way to the shared store, per client
 * key, so that a burst from one client asks the store only what its answers
 * leave room for (ADR 0003). A decision goes at once when nothing for its key
 * is in flight, or when the latest answer for the key left room for it beside
 * those in flight; otherwise it waits for one of them to land, and its caller
 * looks again (by then the window may be known to be spent). A burst from a
 * client the process knows nothing of sends one decision first, and the rest
 * follow it, together, one round trip later.
 *
 * Only keys with decisions in flight or waiting are kept: memory follows the
 * requests in progress, not the clients seen.
 */
export class InFlightDecisions {
  private readonly keys = new Map<string, KeyState>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.keys.size;
  }

  /**
   * Admits a decision of `points` for `key`, and returns the function to call
   * when it lands, with the points its answer reports consumed (undefined when
   * the store failed); or undefined when the caller must `waitFor` the key first.
   */
  admit(key: string, points: number): ((consumed: number | undefined) => void) | undefined {
    let state = this.keys.get(key);
    if (state === undefined) {
      state = { inFlight: 0, room: undefined, waiters: [] };
      this.keys.set(key, state);
    } else if (state.inFlight > 0 && (state.room === undefined || state.inFlight + points > state.room)) {
      return undefined;
    }
    state.inFlight += points;
    const admitted = state;
    return (consumed) => this.land(key, admitted, points, consumed);
  }

  /**
   * Resolves when a decision for `key` lands (at once when none is in flight):
   * true when the store failed it, so that the waiter does not queue behind
   * another attempt at a store that is not answering.
   */
  waitFor(key: string): Promise<boolean> {
    const state = this.keys.get(key);
    if (state === undefined || state.inFlight === 0) return Promise.resolve(false);
    return new Promise((resolve) => state.waiters.push(resolve));
  }

  private land(key: string, state: KeyState, points: number, consumed: number | undefined): void {
    state.inFlight -= points;
    if (consumed !== undefined) state.room = this.limit - consumed;
    const waiters = state.waiters.splice(0);
    for (const wake of waiters) wake(consumed === undefined);
    // The woken look again in the microtasks of this turn; a key that none of them sent anything for goes.
    if (state.inFlight === 0) setImmediate(() => this.forgetIdle(key, state));
  }

  private forgetIdle(key: string, state: KeyState): void {
    if (state.inFlight === 0 && state.waiters.length === 0 && this.keys.get(key) === state) this.keys.delete(key);
  }
}
