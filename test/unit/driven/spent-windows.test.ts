import { describe, expect, it } from 'vitest';
import { SpentWindows } from '../../../src/adapters/driven/spent-windows.js';

/** A SpentWindows on a clock the test moves. */
function windows(capacity = 10) {
  const clock = { ms: 1000 };
  return { clock, spent: new SpentWindows(capacity, () => clock.ms) };
}

describe('SpentWindows', () => {
  it('knows nothing of a client it was not told about', () => {
    expect(windows().spent.msLeft('198.51.100.1')).toBe(0);
  });

  it('counts down to the reset measured from the instant the store was asked, then forgets the client', () => {
    const { clock, spent } = windows();
    const askedAt = spent.instant();
    clock.ms += 3; // the answer's round trip
    spent.remember('198.51.100.1', askedAt, 7000);
    expect(spent.msLeft('198.51.100.1')).toBe(6997);
    clock.ms = askedAt + 6999;
    expect(spent.msLeft('198.51.100.1')).toBe(1);
    clock.ms = askedAt + 7000;
    expect(spent.msLeft('198.51.100.1')).toBe(0);
    expect(spent.size).toBe(0);
  });

  it('does not remember a window that has already reset', () => {
    const { clock, spent } = windows();
    const askedAt = spent.instant();
    clock.ms += 50;
    spent.remember('198.51.100.1', askedAt, 50);
    expect(spent.size).toBe(0);
  });

  it('keeps the later reset when told again', () => {
    const { spent } = windows();
    spent.remember('198.51.100.1', spent.instant(), 1000);
    spent.remember('198.51.100.1', spent.instant(), 4000);
    expect(spent.msLeft('198.51.100.1')).toBe(4000);
    expect(spent.size).toBe(1);
  });

  it('holds at most its capacity, dropping the oldest client first', () => {
    const { spent } = windows(3);
    for (const key of ['a', 'b', 'c', 'd']) spent.remember(key, spent.instant(), 10_000);
    expect(spent.size).toBe(3);
    expect(spent.msLeft('a')).toBe(0);
    expect(spent.msLeft('d')).toBe(10_000);
  });

  it('lets expired clients go as new ones arrive, so its size follows one window of refusals', () => {
    const { clock, spent } = windows(1_000_000);
    for (let second = 0; second < 100; second++) {
      for (let i = 0; i < 1000; i++) spent.remember(`${second}:${i}`, spent.instant(), 10_000);
      clock.ms += 1000;
    }
    // Ten seconds of windows: the clients of the last ten seconds, at most.
    expect(spent.size).toBeLessThanOrEqual(11_000);
    expect(spent.size).toBeGreaterThanOrEqual(9_000);
  });

  it('stays within its bound under a million distinct clients in one window', () => {
    const { spent } = windows(100_000);
    for (let i = 0; i < 1_000_000; i++) spent.remember(`client-${i}`, spent.instant(), 10_000);
    expect(spent.size).toBe(100_000);
    expect(spent.msLeft('client-999999')).toBe(10_000);
    expect(spent.msLeft('client-0')).toBe(0);
  });
});
