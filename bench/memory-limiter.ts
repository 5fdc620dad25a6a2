// Drives 200k distinct client keys through the in-memory limiter and reports heap
// growth while the windows are open and after they have expired; then a million
// distinct flooding addresses through the shared stores' map of refused clients.
// Run: make bench-memory  (node --expose-gc --import tsx bench/memory-limiter.ts)
import { MemoryRateLimitStore } from '../src/adapters/driven/memory-rate-limit-store.js';
import { SPENT_WINDOWS_CAPACITY, SpentWindows } from '../src/adapters/driven/spent-windows.js';

const KEYS = Number(process.env.BENCH_KEYS ?? 200_000);
const FLOOD_KEYS = Number(process.env.BENCH_FLOOD_KEYS ?? 1_000_000);
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 2);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function heapMiB(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const store = new MemoryRateLimitStore({ points: 30, durationSeconds: WINDOW_SECONDS });
await store.consume('warm-up', 1);
await sleep(WINDOW_SECONDS * 1000 + 500);
const baseline = heapMiB();

const started = performance.now();
for (let i = 0; i < KEYS; i++) {
  // Distinct IPv4-shaped keys, as the HTTP adapter would produce.
  await store.consume(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 1);
}
const elapsedMs = performance.now() - started;
const peak = heapMiB();

await sleep(WINDOW_SECONDS * 1000 + 1000);
const after = heapMiB();

const result = {
  runtime: process.version,
  keys: KEYS,
  windowSeconds: WINDOW_SECONDS,
  consumePerSecond: Math.round(KEYS / (elapsedMs / 1000)),
  baselineMiB: Number(baseline.toFixed(1)),
  peakMiB: Number(peak.toFixed(1)),
  bytesPerKey: Math.round(((peak - baseline) * 2 ** 20) / KEYS),
  afterExpiryMiB: Number(after.toFixed(1)),
  retainedAfterExpiryMiB: Number((after - baseline).toFixed(1)),
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
if (result.retainedAfterExpiryMiB > 5) {
  process.stderr.write('heap did not return near baseline after the window\n');
  process.exit(1);
}

// A million distinct addresses, each refused once by the shared store within one window: the
// map of refused clients (ADR 0003) holds at most its capacity, so the heap stops growing there.
const spent = new SpentWindows();
const spentBaseline = heapMiB();
const checkpoints: { keys: number; heapMiB: number; held: number }[] = [];
const floodStarted = performance.now();
for (let i = 1; i <= FLOOD_KEYS; i++) {
  spent.remember(`11.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, spent.instant(), WINDOW_SECONDS * 1000);
  if (i % (FLOOD_KEYS / 4) === 0) checkpoints.push({ keys: i, heapMiB: Number((heapMiB() - spentBaseline).toFixed(1)), held: spent.size });
}
const floodMs = performance.now() - floodStarted;
const flood = {
  capacity: SPENT_WINDOWS_CAPACITY,
  addresses: FLOOD_KEYS,
  rememberPerSecond: Math.round(FLOOD_KEYS / (floodMs / 1000)),
  heapGrowthByAddresses: checkpoints,
};
process.stdout.write(`${JSON.stringify(flood, null, 2)}\n`);
const last = checkpoints.at(-1);
if (last === undefined || last.held > SPENT_WINDOWS_CAPACITY || last.heapMiB > 2 * (checkpoints[0]?.heapMiB ?? 0) + 5) {
  process.stderr.write('the map of refused clients grew past its bound\n');
  process.exit(1);
}
