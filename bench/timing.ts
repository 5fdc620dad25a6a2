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
