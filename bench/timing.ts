/** Runs `run` `warmUp` times, then times each of `iterations` runs: the median and p99, in milliseconds. */
export function timeEach(run: () => unknown, iterations: number, warmUp = Math.min(iterations, 50)): { median: number; p99: number } {
  for (let i = 0; i < warmUp; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)] ?? 0, p99: samples[Math.floor(samples.length * 0.99)] ?? 0 };
}

/** `timeEach` for a call that is awaited: `warmUp` calls, then each of `iterations` timed; the median and p99, in ms. */
export async function timeAwaited(
  run: () => Promise<unknown>,
  iterations: number,
  warmUp = Math.min(iterations, 50),
): Promise<{ median: number; p99: number }> {
  for (let i = 0; i < warmUp; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)] ?? 0, p99: samples[Math.floor(samples.length * 0.99)] ?? 0 };
}

/**
 * Per-call cost of something too quick to time one call at a time: `batches` batches of `perBatch`
 * calls each, timed as a whole; the median batch, per call, in milliseconds.
 */
export function timeBatched(run: () => unknown, batches: number, perBatch: number): number {
  for (let i = 0; i < perBatch; i++) run();
  const samples: number[] = [];
  for (let batch = 0; batch < batches; batch++) {
    const started = performance.now();
    for (let i = 0; i < perBatch; i++) run();
    samples.push((performance.now() - started) / perBatch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

/** `timeBatched` for a call that is awaited: one batch of `perBatch` calls, one after another, per call in milliseconds. */
export async function timeAwaitedBatch(run: () => Promise<unknown>, perBatch: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < perBatch; i++) await run();
  return (performance.now() - started) / perBatch;
}

/**
 * This build against an earlier one in the same process: `rounds` rounds, each timing a batch of the baseline and
 * then one of this build, after one warm-up round; the median of the rounds' ratios (this build's time ÷ the
 * baseline's), so that a change of load between rounds moves both sides of a ratio alike.
 */
export async function pairedRatio(
  baseline: () => number | Promise<number>,
  current: () => number | Promise<number>,
  rounds = 30,
): Promise<number> {
  await baseline();
  await current();
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = await baseline();
    ratios.push((await current()) / before);
  }
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)] ?? Number.NaN;
}
