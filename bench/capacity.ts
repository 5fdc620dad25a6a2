// make bench (capacity step): measures the inputs of the capacity model and
// writes docs/capacity.md. The service and redis-server are pinned to core 0,
// this process (the load generator) to core 1 by the Makefile, where taskset exists.
//
// 1. Requests per second per core for each endpoint (one service process).
// 2. Redis commands and round trips per limiter decision (INFO commandstats).
// 3. Limiter decisions per second that one Redis core sustains, with the real
//    Lua script of rate-limiter-flexible (redis-benchmark EVALSHA), alone and
//    with a replica attached, as in a Sentinel deployment.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './ports.js';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { RateLimiterRedis } from 'rate-limiter-flexible';

const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const pin = spawnSync('taskset', ['-c', '0', 'true']).status === 0 ? ['taskset', '-c', '0'] : [];

function start(command: string[], env: Record<string, string> = {}): ChildProcess {
  const [file = '', ...args] = [...pin, ...command];
  return spawn(file, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered`);
}

async function waitForRedis(port: number): Promise<Redis> {
  for (let i = 0; i < 100; i++) {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      return client;
    } catch {
      client.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`redis-server on ${port} never answered`);
}

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

// 1. Requests per second per core, each endpoint, memory limiter and the Redis one.
const { publicKey, privateKey } = await generateKeyPair('ES256');
const pem = encodeURIComponent(await exportSPKI(publicKey));
const es256 = await new SignJWT({ sub: 'capacity' }).setProtectedHeader({ alg: 'ES256' }).setIssuedAt().sign(privateKey);
const hs256 =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const trpcInput = encodeURIComponent(JSON.stringify({ timestamp: '1700000000123' }));
const ENDPOINTS: [string, string][] = [
  ['REST `/unix-timestamp/now`', '/unix-timestamp/now'],
  ['REST `/unix-timestamp/to-utc`', '/unix-timestamp/to-utc?timestamp=1700000000123'],
  ['REST `/unix-timestamp/to-utc` with `tz`', '/unix-timestamp/to-utc?timestamp=1700000000123&tz=Europe/Berlin'],
  ['REST `/unix-timestamp/to-unix`', '/unix-timestamp/to-unix?datetime=2026-11-22T10:00:00Z'],
  ['REST `/jwt/decode`', `/jwt/decode?token=${hs256}`],
  ['REST `/jwt/decode` with `check_secrets`', `/jwt/decode?token=${hs256}&check_secrets=true`],
  ['REST `/jwt/verify` (ES256, PEM key)', `/jwt/verify?token=${es256}&key=${pem}`],
  ['tRPC `unixTimestamp.toUtc`', `/trpc/unixTimestamp.toUtc?input=${trpcInput}`],
];

// A replica writes the snapshot it syncs from to its working directory: keep both servers' files out of the checkout.
const redisDir = mkdtempSync(join(tmpdir(), 'capacity-redis-'));
const redisFiles = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir];
const redisPort = await freePort();
const redisServer = start(['redis-server', '--port', String(redisPort), ...redisFiles, '--dbfilename', 'primary.rdb']);
const admin = await waitForRedis(redisPort);

const serviceEnv = { NODE_ENV: 'production', HOST: '127.0.0.1', RATE_LIMIT_POINTS: '1000000000', LOG_LEVEL: 'warn', METRICS_PORT: '0' };
const perCore: { name: string; memory: number; redis?: number }[] = [];
for (const store of ['memory', 'redis'] as const) {
  const port = await freePort();
  const service = start([process.execPath, 'dist/main.js'], {
    ...serviceEnv,
    PORT: String(port),
    RATE_LIMIT_STORE: store,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`);
  // Every endpoint once before any is measured, so that the first measured is not the one the JIT meets first.
  for (const [, path] of ENDPOINTS) await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: 1 });
  for (const [name, path] of store === 'memory' ? ENDPOINTS : ENDPOINTS.slice(1, 2)) {
    await requestsPerSecond(`http://127.0.0.1:${port}${path}`); // warm-up round, not recorded
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await requestsPerSecond(`http://127.0.0.1:${port}${path}`));
    const rate = rounds.sort((a, b) => a - b)[Math.floor(rounds.length / 2)] ?? 0;
    if (store === 'memory') perCore.push({ name, memory: rate });
    else (perCore.find((row) => row.name === name) ?? { redis: 0 }).redis = rate;
    process.stdout.write(`${store} ${name}: ${Math.round(rate)} req/s\n`);
  }
  await stop(service);
}

// 2. Redis commands per decision, counted by Redis itself.
await admin.config('RESETSTAT');
const limiter = new RateLimiterRedis({ storeClient: admin, points: 30, duration: 10, keyPrefix: 'capacity' });
const DECISIONS = 3000;
for (let i = 0; i < DECISIONS; i++) await limiter.consume(`198.51.100.${i % 100}`, 1).catch(() => undefined);
const stats = String(await admin.info('commandstats'));
const calls = Object.fromEntries(
  [...stats.matchAll(/^cmdstat_([a-z|]+):calls=(\d+)/gm)].map((match) => [match[1] ?? '', Number(match[2])]),
);
const scriptCalls = (calls.evalsha ?? 0) + (calls.eval ?? 0);
const innerCommands = ['set', 'incrby', 'pttl', 'expire'].reduce((sum, name) => sum + (calls[name] ?? 0), 0);
const sha = execFileSync('redis-cli', [
  '-p',
  String(redisPort),
  'SCRIPT',
  'LOAD',
  (limiter as unknown as { _incrTtlLuaScript: string })._incrTtlLuaScript,
])
  .toString()
  .trim();

// 3. Decisions per second on one Redis core, the real script, with and without a replica.
function redisBenchmark(pipeline: number): number {
  const output = execFileSync(
    'redis-benchmark',
    [
      '-p',
      String(redisPort),
      '-c',
      '50',
      '-n',
      '300000',
      '-P',
      String(pipeline),
      '-r',
      '100000',
      '-q',
      '--csv',
      'EVALSHA',
      sha,
      '1',
      'capacity:__rand_int__',
      '1',
      '10',
      '30',
      '10',
    ],
    { timeout: 120_000 },
  ).toString();
  const match = /"[^"]*","([\d.]+)"/.exec(output.split('\n').find((line) => line.includes('EVALSHA')) ?? output);
  return Number(match?.[1] ?? 0);
}
const alone = { p1: redisBenchmark(1), p16: redisBenchmark(16) };
const replicaPort = await freePort();
const replica = start([
  'redis-server',
  '--port',
  String(replicaPort),
  ...redisFiles,
  '--dbfilename',
  'replica.rdb',
  '--replicaof',
  '127.0.0.1',
  String(redisPort),
]);
const replicaClient = await waitForRedis(replicaPort);
for (let i = 0; i < 100 && !String(await replicaClient.info('replication')).includes('master_link_status:up'); i++)
  await new Promise((resolve) => setTimeout(resolve, 100));
const withReplica = { p1: redisBenchmark(1), p16: redisBenchmark(16) };
replicaClient.disconnect();
admin.disconnect();
await stop(replica);
await stop(redisServer);
rmSync(redisDir, { recursive: true, force: true });

// The model.
const round = (value: number) => Math.round(value).toLocaleString('en-US');
const slowest = Math.min(...perCore.map((row) => row.memory));
const fastest = Math.max(...perCore.map((row) => row.memory));
const instanceCores = 2;
const perInstance = fastest * instanceCores;
const oneDecimal = (value: number) => value.toFixed(1);
const replicaLoss = 1 - withReplica.p1 / alone.p1;
const replicaCost =
  replicaLoss > 0.05
    ? `in this run that cost the primary ${Math.round(100 * replicaLoss)}% of its decisions per second.`
    : 'in this run that cost no throughput beyond the noise between runs.';
const nSingle = oneDecimal(alone.p1 / perInstance);
const nSentinel = oneDecimal(withReplica.p1 / perInstance);
const nSingleSlowest = oneDecimal(alone.p1 / (slowest * instanceCores));
const model = `# Capacity model

Produced by \`make bench\` (\`bench/capacity.ts\`) on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Redis ${
  execFileSync('redis-server', ['--version'])
    .toString()
    .match(/v=([\d.]+)/)?.[1] ?? '?'
}. The service and redis-server ran on core 0 and the load generator (autocannon, ${CONNECTIONS} connections; each figure the median of ${ROUNDS} rounds of ${DURATION} s after a warm-up round) on core 1. These are the measured inputs of a model, not a promise: on this shared machine the same command has measured Redis anywhere from about 25,000 to 67,000 decisions per second, and one endpoint up to 3× apart between runs (tRPC \`toUtc\` from 2,300 to 8,700 req/s), so rerun it on your hardware and plan with the lower figures.

## Measured inputs

### Requests per second per core (one service process)

| Endpoint | Memory limiter | Redis limiter (redis-server on the same core) |
|---|---:|---:|
${perCore.map((row) => `| ${row.name} | ${round(row.memory)} | ${row.redis === undefined ? '' : round(row.redis)} |`).join('\n')}

Every request here is one limiter decision (a tRPC batch of *k* calls is also one decision, of *k* points). With the Redis limiter, redis-server shares core 0 with the service (this machine has two cores and the load generator has the other), so that column is the CPU of the service and of its Redis work together, per request: a lower bound for an instance whose Redis runs elsewhere.

### Redis work per limiter decision

- ${round(DECISIONS)} decisions through rate-limiter-flexible's \`RateLimiterRedis\` made ${round(scriptCalls)} script calls (\`EVALSHA\`, or \`EVAL\` once per connection) and ${round(innerCommands)} commands inside them (\`SET NX\`, \`INCRBY\`, \`PTTL\`, and \`EXPIRE\` only when a key lost its TTL): **${(scriptCalls / DECISIONS).toFixed(2)} round trip and ${(innerCommands / DECISIONS).toFixed(2)} commands per decision**, on one key.

### Decisions per second on one Redis core (the real Lua script)

\`redis-benchmark -c 50 -r 100000 EVALSHA <sha> 1 capacity:__rand_int__ 1 10 30 10\`, 300,000 decisions over 100,000 keys:

| Redis | One command in flight per connection | 16 pipelined per connection |
|---|---:|---:|
| Alone (one server) | ${round(alone.p1)} | ${round(alone.p16)} |
| With one replica attached (Sentinel's primary) | ${round(withReplica.p1)} | ${round(withReplica.p16)} |

The service keeps one connection per instance and sends each decision as it comes, so many requests in flight share that connection much like the pipelined column; the first column is the conservative figure used below.

## The model

Let *r* be the decisions per second one instance makes (its requests per second: about ${round(slowest)}–${round(fastest)} per core, by endpoint), *N* the instances, *R* the decisions per second one Redis core sustains (${round(alone.p1)} alone, ${round(withReplica.p1)} with a replica), and *S* the Cluster's primaries.

- **One Redis server:** Redis saturates when *N* × *r* > *R*. With ${instanceCores}-core instances at the fastest endpoint (*r* ≈ ${round(perInstance)}), that is **N ≈ ${nSingle}** instances; if every request were the slowest endpoint, N ≈ ${nSingleSlowest}. Beyond it, limiter calls queue in Redis, miss the 170 ms decision deadline, and decisions fall back to per-instance memory (\`/readyz\` degraded): the limit loosens, the API still answers.
- **Sentinel:** failover, not capacity. Every write goes to the one primary, which also streams each write to its replica: ${replicaCost} So **N ≈ ${nSentinel}**. The Sentinels themselves do no per-request work.
- **Cluster of S shards:** one key per client, spread over 16,384 slots, so each primary takes about 1/*S* of the decisions: saturation at *N* × *r* > *S* × *R*, **N ≈ ${nSentinel} × S** (with replicas). One client's key lives on one shard, but a refused request costs no decision (ADR 0003): once a client is over its limit, its shard sees about one decision per instance per window for it, however fast it floods.
- **A flood:** with *F* addresses flooding, each over its limit, Redis sees at most *F* × *N* decisions per window of 10 s for them, whatever their request rate; the instances answer the rest from memory, at the rate of a refused call (\`docs/benchmarks.md\`). A flood of many distinct fresh addresses is different: each gets its 30 points, which costs 30 decisions, so *F* fresh addresses a window cost 30 × *F* / 10 decisions per second, to be compared with *S* × *R* like any other load.
- **Where each setup saturates first:** below those *N*, the instances' CPUs are the limit (add instances or cores); above, Redis is (move from one server to a Cluster, or add shards). Redis latency adds to each request's time, not to an instance's CPU: compare the two limiter columns above for the instance-side cost of the Redis call.
`;
writeFileSync('docs/capacity.md', model);
process.stdout.write(`wrote docs/capacity.md (R=${round(alone.p1)}, with replica ${round(withReplica.p1)})\n`);
