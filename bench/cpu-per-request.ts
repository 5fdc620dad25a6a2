// npm run bench:cpu: CPU time the server spends per request, read from /proc for the
// server process alone, for bare Express, the service's REST to-utc and its tRPC
// toUtc, and its REST identify of a one-reading ID and of a nine-reading number (against to-utc:
// identify's answers are larger, and autocannon, not the server, bounds their throughput). Throughput on this shared machine moves by ±30% between runs; the server's
// own CPU time per request moves far less, so it compares paths more steadily.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { freePort } from './ports.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const node = process.execPath;
const ticksPerSecond = 100; // USER_HZ on Linux

/** User plus system CPU of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} never answered`);
}

const service = { NODE_ENV: 'production', HOST: '127.0.0.1', METRICS_PORT: '0', RATE_LIMIT_POINTS: '1000000000', LOG_LEVEL: 'info' };
const toUtcInput = encodeURIComponent(JSON.stringify({ timestamp: '1700000000123' }));
// BENCH_BASELINE_DIST: the dist/ of an earlier commit, measured in the same rounds (BENCH_BASELINE_LABEL names it).
const baselineDist = process.env.BENCH_BASELINE_DIST;
const TARGETS = [
  {
    label: 'bare Express 5, REST to-utc',
    args: ['--import', 'tsx', 'bench/bare-express.ts'],
    env: {},
    path: '/unix-timestamp/to-utc?timestamp=1700000000123',
  },
  ...(baselineDist === undefined
    ? []
    : [
        {
          label: `service before (${process.env.BENCH_BASELINE_LABEL ?? baselineDist}), REST to-utc`,
          args: [`${baselineDist}/main.js`],
          env: service,
          path: '/unix-timestamp/to-utc?timestamp=1700000000123',
        },
      ]),
  { label: 'service, REST to-utc', args: ['dist/main.js'], env: service, path: '/unix-timestamp/to-utc?timestamp=1700000000123' },
  {
    label: 'service, tRPC unixTimestamp.toUtc',
    args: ['dist/main.js'],
    env: service,
    path: `/trpc/unixTimestamp.toUtc?input=${toUtcInput}`,
  },
  {
    label: 'service, REST identify (UUIDv7, one reading)',
    args: ['dist/main.js'],
    env: service,
    path: '/unix-timestamp/identify?value=017F22E2-79B0-7CC3-98C4-DC0C0C07398F',
  },
  {
    label: 'service, REST identify (18-digit FILETIME, nine readings)',
    args: ['dist/main.js'],
    env: service,
    path: '/unix-timestamp/identify?value=133801632000000000',
  },
];

const results = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const target of TARGETS) {
    const port = await freePort();
    const child = spawn(node, target.args, { env: { ...process.env, ...target.env, PORT: String(port) }, stdio: 'ignore' });
    const url = `http://127.0.0.1:${port}${target.path}`;
    try {
      await waitFor(url);
      await autocannon({ url, connections: 20, amount: 3_000 });
      const before = cpuSeconds(child.pid ?? 0);
      const run = await autocannon({ url, connections: 20, amount: REQUESTS });
      if (run.non2xx > 0 || run.errors > 0) throw new Error(`${target.label}: ${run.non2xx} non-2xx, ${run.errors} errors`);
      const perRequest = ((cpuSeconds(child.pid ?? 0) - before) / REQUESTS) * 1e6;
      results.set(target.label, [...(results.get(target.label) ?? []), perRequest]);
    } finally {
      child.kill('SIGKILL');
    }
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const bare = median(results.get(TARGETS[0]!.label) ?? []);
process.stdout.write(
  `${process.version}, ${REQUESTS} requests a round, ${ROUNDS} rounds, 20 connections; server CPU per request, median\n`,
);
const toUtc = median(results.get('service, REST to-utc') ?? []);
for (const [label, values] of results) {
  const value = median(values);
  process.stdout.write(
    `${label}: ${value.toFixed(0)} µs (rounds ${values.map((v) => v.toFixed(0)).join(', ')}), ${(bare / value).toFixed(2)}× bare Express, ${(toUtc / value).toFixed(2)}× the service's REST to-utc\n`,
  );
}
