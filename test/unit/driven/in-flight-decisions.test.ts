import { describe, expect, it } from 'vitest';
import { InFlightDecisions } from '../../../src/adapters/driven/in-flight-decisions.js';

describe('InFlightDecisions', () => {
  it('admits a decision at once when nothing for its key is in flight', () => {
    const decisions = new InFlightDecisions(30);
    expect(decisions.admit('a', 1)).toBeTypeOf('function');
    expect(decisions.admit('b', 1)).toBeTypeOf('function');
  });

  it('holds a second decision for a key until the first lands, then admits what the answer left room for', async () => {
    const decisions = new InFlightDecisions(30);
    const land = decisions.admit('a', 1);
    expect(decisions.admit('a', 1)).toBeUndefined();
    const waiting = decisions.waitFor('a');
    land?.(27);
    expect(await waiting).toBe(false);
    // Three points left: the first goes whatever the room, then room for two more beside it.
    expect(decisions.admit('a', 1)).toBeTypeOf('function');
    expect(decisions.admit('a', 2)).toBeTypeOf('function');
    expect(decisions.admit('a', 1)).toBeUndefined();
  });

  it('tells a waiter that the decision it waited for failed', async () => {
    const decisions = new InFlightDecisions(30);
    const land = decisions.admit('a', 1);
    const waiting = decisions.waitFor('a');
    land?.(undefined);
    expect(await waiting).toBe(true);
  });

  it('forgets a key once nothing for it is in flight or waiting', async () => {
    const decisions = new InFlightDecisions(30);
    decisions.admit('a', 1)?.(1);
    expect(await decisions.waitFor('a')).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(decisions.size).toBe(0);
  });
});
