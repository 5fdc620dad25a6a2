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
