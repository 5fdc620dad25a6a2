// make bench: one client flooding an instance whose limit lives in Redis. How many limiter
// scripts Redis runs per refused request (INFO commandstats), and how many refused calls a
// second one instance answers against allowed ones. BENCH_BASELINE_DIST (the dist/ of an
// earlier commit, BENCH_BASELINE_LABEL naming it) measures that build in the same run.
// Rewrites the flood section of docs/benchmarks.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { freePort } from './ports.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 50;
const pin = (core: number) => (spawnSync('taskset', ['-c', String(core), 'true']).status === 0 ? ['taskset', '-c', String(core)] : []);

function start(command: string[], env: Record<string, string> = {}): ChildProcess {
  const [file = '', ...args] = command;
  return spawn(file, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
}

async function until<T>(what: string, probe: () => Promise<T>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    try {
      return await probe();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${what} never answered`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const redisDir = mkdtempSync(join(tmpdir(), 'flood-redis-'));
const redisPort = await freePort();
const redisServer = start([...pin(0), 'redis-server', '--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--dir', redisDir]);
const admin = await until('redis-server', async () => {
  const client = new Redis({ port: redisPort, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (error) {
    client.disconnect();
    throw error;
  }
});

async function scriptCalls(): Promise<number> {
  const stats = await admin.info('commandstats');
  return [...stats.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
}

interface Result {
  readonly label: string;
  readonly allowedRps: number;
  readonly refusedRps: number;
  readonly refused: number;
  readonly scripts: number;
}

/** One build: its allowed rate with an unreachable limit, then one client's flood once its window is spent. */
async function measure(label: string, dist: string): Promise<Result> {
  const run = async (points: string, body: (url: string) => Promise<Result | number>) => {
    const port = await freePort();
    const service = start([...pin(0), process.execPath, `${dist}/main.js`], {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      RATE_LIMIT_POINTS: points,
      // Longer than the measurement: the flooding client's window never resets during it.
      RATE_LIMIT_DURATION_SECONDS: '600',
    });
    const url = `http://127.0.0.1:${port}/unix-timestamp/to-utc?timestamp=1700000000123`;
    try {
      await until(label, async () => {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status !== 200) throw new Error('not ready');
        const ready = (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as { store: { state: string } };
        if (ready.store.state !== 'ok') throw new Error('not shared yet');
      });
      return await body(url);
    } finally {
      await stop(service);
    }
  };
  const allowedRps = (await run('1000000000', async (url) => {
    await autocannon({ url, connections: CONNECTIONS, duration: 1 });
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
    if (result.non2xx > 0) throw new Error(`${label}: ${result.non2xx} refused under an unreachable limit`);
    return result.requests.average;
  })) as number;
  return (await run('30', async (url) => {
    await admin.flushall();
    for (let i = 0; i < 31; i++) await fetch(url);
    const before = await scriptCalls();
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
    const scripts = (await scriptCalls()) - before;
    if (result['2xx'] > 0) throw new Error(`${label}: ${result['2xx']} calls granted past the limit`);
    return {
      label,
      allowedRps,
      refusedRps: result.requests.average,
      refused: result.requests.total,
      scripts,
    };
  })) as Result;
}

if (!existsSync('dist/main.js')) throw new Error('run make build (or make bench) first');
const results: Result[] = [];
try {
  const baseline = process.env.BENCH_BASELINE_DIST;
  if (baseline !== undefined) results.push(await measure(`before (${process.env.BENCH_BASELINE_LABEL ?? baseline})`, baseline));
  results.push(await measure('this build', 'dist'));
} finally {
  admin.disconnect();
  await stop(redisServer);
  rmSync(redisDir, { recursive: true, force: true });
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
for (const r of results) {
  process.stderr.write(
    `${r.label}: allowed ${fmt(r.allowedRps)} req/s, refused ${fmt(r.refusedRps)} req/s, ${fmt(r.scripts)} scripts for ${fmt(r.refused)} refused requests\n`,
  );
}

const section = `<!-- bench:flood:start -->
## One client flooding, limit in Redis

Command: \`make bench\` (\`bench/flood.ts\`)${process.env.BENCH_BASELINE_DIST === undefined ? '' : ', with `BENCH_BASELINE_DIST` set to the `dist/` of the build before'}, Node ${process.version}, redis-server and the service on core 0, autocannon (${CONNECTIONS} connections, ${DURATION} s) on core 1, \`RATE_LIMIT_STORE=redis\`. Allowed: REST \`to-utc\` under a limit no client reaches. Refused: the same call from one client after it spent its 30 points (a 600 s window, so it never resets during the run); every answer is a 429. Script calls are \`EVALSHA\` and \`EVAL\` from Redis's \`INFO commandstats\`, counted over the refused phase.

| Build | Allowed req/s | Refused req/s | Refused / allowed | Refused requests | Redis scripts run for them | Per refused request |
|---|---:|---:|---:|---:|---:|---:|
${results.map((r) => `| ${r.label} | ${fmt(r.allowedRps)} | ${fmt(r.refusedRps)} | ${(r.refusedRps / r.allowedRps).toFixed(2)}× | ${fmt(r.refused)} | ${fmt(r.scripts)} | ${(r.scripts / r.refused).toFixed(4)} |`).join('\n')}
<!-- bench:flood:end -->`;

const docPath = 'docs/benchmarks.md';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const marked = /<!-- bench:flood:start -->[\s\S]*<!-- bench:flood:end -->/;
writeFileSync(docPath, marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`);
