// make bench: the service against bare Express 5 and bare node:http, same machine,
// same run, alternating rounds. Writes the HTTP section of docs/benchmarks.md and
// docs/benchmarks.svg. The load generator is wrk (Debian's package; the Makefile
// installs it), or autocannon in this process where wrk is missing; servers are
// pinned to core 0, and this process and wrk (by the Makefile) to core 1, where
// taskset exists. Bare node:http under 2.5× of bare Express means the generator,
// not the servers, set the pace: the run says so.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { freePort } from './ports.js';
import autocannon from 'autocannon';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 50;
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const GENERATOR = process.env.BENCH_GENERATOR ?? (hasWrk ? 'wrk' : 'autocannon');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Scenario {
  readonly name: string;
  readonly path: string;
  /** Procedure calls per request, to compare calls per second. */
  readonly calls: number;
  /** The bare-Express scenario it is compared with. */
  readonly baseline: string;
}

const toUtcInput = encodeURIComponent(JSON.stringify({ timestamp: '1700000000123' }));
const batchInput = encodeURIComponent(
  JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { timestamp: String(1_700_000_000_000 + i) }]))),
);
const SCENARIOS: Record<string, Scenario> = {
  restToUtc: { name: 'REST to-utc', path: '/unix-timestamp/to-utc?timestamp=1700000000123', calls: 1, baseline: 'restToUtc' },
  restDecode: { name: 'REST jwt/decode (jwt.io token)', path: `/jwt/decode?token=${JWT}`, calls: 1, baseline: 'restDecode' },
  // An Active Directory FILETIME in decimal: nine readings, four of them plausible. Its answer is
  // about 3 KB, so autocannon on the other core bounds its rate before the server does (bench:cpu).
  restIdentify: {
    name: 'REST identify (18-digit FILETIME)',
    path: '/unix-timestamp/identify?value=133801632000000000',
    calls: 1,
    baseline: 'restToUtc',
  },
  trpcSingle: { name: 'tRPC unixTimestamp.toUtc', path: `/trpc/unixTimestamp.toUtc?input=${toUtcInput}`, calls: 1, baseline: 'restToUtc' },
  trpcBatch: {
    name: 'tRPC batch of 10 toUtc',
    path: `/trpc/${Array.from({ length: 10 }, () => 'unixTimestamp.toUtc').join(',')}?batch=1&input=${batchInput}`,
    calls: 10,
    baseline: 'restToUtc',
  },
};

interface Target {
  readonly id: string;
  readonly label: string;
  readonly command: string[];
  readonly env?: Record<string, string>;
  readonly scenarios: readonly (keyof typeof SCENARIOS)[];
}

// BENCH_NODE runs the servers on another Node binary (e.g. the previous LTS), into section BENCH_SECTION.
const node = process.env.BENCH_NODE ?? process.execPath;
const SECTION = process.env.BENCH_SECTION ?? 'http';
const serviceEnv = { NODE_ENV: 'production', HOST: '127.0.0.1', RATE_LIMIT_POINTS: '1000000000', LOG_LEVEL: 'info' };
// BENCH_BASELINE_DIST: the dist/ of an earlier commit, served side by side to measure a change.
const baselineDist = process.env.BENCH_BASELINE_DIST;
const TARGETS: Target[] = [
  ...(baselineDist === undefined
    ? []
    : [
        {
          id: 'baseline',
          label: `service before (${process.env.BENCH_BASELINE_LABEL ?? baselineDist})`,
          command: [node, `${baselineDist}/main.js`],
          env: serviceEnv,
          scenarios: ['restToUtc', 'restDecode', 'trpcSingle'] as const,
        },
      ]),
  {
    id: 'service',
    label: 'service (memory limiter, production config)',
    command: [node, 'dist/main.js'],
    env: serviceEnv,
    scenarios: ['restToUtc', 'restDecode', 'trpcSingle', 'trpcBatch', 'restIdentify'],
  },
  {
    id: 'express',
    label: 'bare Express 5',
    command: [node, '--import', 'tsx', 'bench/bare-express.ts'],
    scenarios: ['restToUtc', 'restDecode'],
  },
  { id: 'http', label: 'bare node:http', command: [node, '--import', 'tsx', 'bench/bare-http.ts'], scenarios: ['restToUtc', 'restDecode'] },
  {
    id: 'noLimiter',
    label: 'service, no limiter store',
    command: [node, '--import', 'tsx', 'bench/service-variant.ts'],
    env: { ...serviceEnv, BENCH_STORE: 'none' },
    scenarios: ['restToUtc'],
  },
  {
    id: 'memoryLimiter',
    label: 'service, memory limiter',
    command: [node, '--import', 'tsx', 'bench/service-variant.ts'],
    env: { ...serviceEnv, BENCH_STORE: 'memory' },
    scenarios: ['restToUtc'],
  },
  {
    id: 'redisLimiter',
    label: 'service, Redis limiter',
    command: [node, '--import', 'tsx', 'bench/service-variant.ts'],
    env: { ...serviceEnv, RATE_LIMIT_STORE: 'redis', REDIS_URL: redisUrl },
    scenarios: ['restToUtc'],
  },
  {
    id: 'workers2',
    label: 'service, WORKERS=2',
    command: [node, 'dist/main.js'],
    env: { ...serviceEnv, WORKERS: '2' },
    scenarios: ['restToUtc'],
  },
];

// BENCH_OTHER_NODE: the same baseline and bare apps again on another Node binary, in the same
// alternating rounds, to compare runtimes on identical code.
const otherNode = process.env.BENCH_OTHER_NODE;
if (otherNode !== undefined) {
  const version = spawnSync(otherNode, ['--version']).stdout.toString().trim();
  for (const target of TARGETS.filter((candidate) => ['baseline', 'express', 'http'].includes(candidate.id))) {
    TARGETS.push({
      ...target,
      id: `${target.id}@other`,
      label: `${target.label} on Node ${version}`,
      command: [otherNode, ...target.command.slice(1)],
    });
  }
}

// BENCH_TARGETS and BENCH_SCENARIOS (comma-separated ids) run a subset, e.g. on a runtime that lacks what the rest needs.
const only = (value: string | undefined) => (value === undefined ? undefined : new Set(value.split(',')));
const onlyTargets = only(process.env.BENCH_TARGETS);
const onlyScenarios = only(process.env.BENCH_SCENARIOS);
for (const [index, target] of [...TARGETS.entries()].reverse()) {
  if (onlyTargets && !onlyTargets.has(target.id)) TARGETS.splice(index, 1);
  else if (onlyScenarios) TARGETS[index] = { ...target, scenarios: target.scenarios.filter((key) => onlyScenarios.has(key)) };
}

async function start(target: Target): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const [program = node, ...args] = target.command;
  const command = hasTaskset && target.id !== 'workers2' ? ['taskset', '-c', '0', program, ...args] : [program, ...args];
  const child = spawn(command[0] ?? node, command.slice(1), {
    env: { ...process.env, ...target.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`${url}/unix-timestamp/to-utc?timestamp=0`);
      return { child, url };
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${target.label} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Sample {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

/** A wrk latency, `400.00us`, `1.23ms` or `1.02s`, in milliseconds. */
const wrkMs = (text: string | undefined): number => {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text ?? '');
  if (!match) return Number.NaN;
  const factor = { us: 1e-3, ms: 1, s: 1e3 }[match[2] as 'us' | 'ms' | 's'];
  return Math.round(Number(match[1]) * factor * 100) / 100;
};

/** One wrk run: one thread (one core), CONNECTIONS connections, its latency distribution. */
function loadWithWrk(url: string, duration: number): Sample {
  const run = spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${duration}s`, '--latency', url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: wrkMs(/^\s+50%\s+(\S+)$/m.exec(out)?.[1]),
    p99: wrkMs(/^\s+99%\s+(\S+)$/m.exec(out)?.[1]),
    errors:
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

async function load(url: string, duration: number): Promise<Sample> {
  if (GENERATOR === 'wrk') return loadWithWrk(url, duration);
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const samples = new Map<string, Sample[]>();
const skipped = new Set<string>();

if (!existsSync('dist/main.js')) throw new Error('run make build (or make bench) first');
const redisUp = spawnSync('redis-cli', ['-u', redisUrl, 'ping']).stdout?.toString().includes('PONG') ?? false;

for (let round = 1; round <= ROUNDS; round++) {
  for (const target of round % 2 ? TARGETS : [...TARGETS].reverse()) {
    if (target.id === 'redisLimiter' && !redisUp) {
      skipped.add(target.id);
      continue;
    }
    const { child, url } = await start(target);
    try {
      for (const key of target.scenarios) {
        const scenario = SCENARIOS[key];
        if (!scenario) continue;
        await load(`${url}${scenario.path}`, 1);
        const sample = await load(`${url}${scenario.path}`, DURATION);
        if (sample.errors > 0) throw new Error(`${target.label} ${scenario.name}: ${sample.errors} non-2xx or failed requests`);
        const id = `${target.id}:${key}`;
        samples.set(id, [...(samples.get(id) ?? []), sample]);
        process.stderr.write(
          `round ${round} ${target.label.padEnd(44)} ${scenario.name.padEnd(32)} ${Math.round(sample.rps)} req/s p50 ${sample.p50} ms p99 ${sample.p99} ms (${GENERATOR})\n`,
        );
      }
    } finally {
      await stop(child);
    }
  }
}

const stat = (id: string) => {
  const list = samples.get(id) ?? [];
  return { rps: median(list.map((s) => s.rps)), p50: median(list.map((s) => s.p50)), p99: median(list.map((s) => s.p99)) };
};
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

const rows: string[] = [];
const chart: Array<{ label: string; value: number }> = [];
for (const target of TARGETS) {
  for (const key of target.scenarios) {
    const scenario = SCENARIOS[key];
    if (!scenario || !samples.has(`${target.id}:${key}`)) continue;
    const s = stat(`${target.id}:${key}`);
    const base = stat(`express:${scenario.baseline}`);
    const calls = s.rps * scenario.calls;
    rows.push(
      `| ${target.label} | ${scenario.name} | ${fmt(s.rps)} | ${scenario.calls > 1 ? fmt(calls) : ''} | ${s.p50} | ${s.p99} | ${ratio(calls, base.rps)} |`,
    );
    chart.push({ label: `${target.label}: ${scenario.name}`, value: calls });
  }
}

const none = stat('noLimiter:restToUtc').rps;
const cost = (id: string) => (samples.has(id) && none > 0 ? `${((1 - stat(id).rps / none) * 100).toFixed(1)}%` : 'not measured');
const one = stat('service:restToUtc').rps;
const runtime = `Node ${spawnSync(node, ['--version']).stdout.toString().trim()}`;
const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? 'unknown CPU';

/** Whether bare node:http ran under 2.5× of bare Express: then the load generator, not the servers, was the limit. */
const generatorBound = (): boolean =>
  samples.has('http:restToUtc') && samples.has('express:restToUtc') && stat('http:restToUtc').rps < 2.5 * stat('express:restToUtc').rps;

/** The measures whose scenarios ran, against their targets. */
function measuresTable(): string {
  const ran = (...ids: string[]) => ids.every((id) => samples.has(id));
  const rows: Array<[boolean, string, string, string]> = [
    [
      ran('service:restToUtc', 'express:restToUtc'),
      'REST to-utc vs bare Express',
      ratio(stat('service:restToUtc').rps, stat('express:restToUtc').rps),
      '≥ 0.70× (stretch 0.85×)',
    ],
    [
      ran('service:restDecode', 'express:restDecode'),
      'REST jwt/decode vs bare Express',
      ratio(stat('service:restDecode').rps, stat('express:restDecode').rps),
      '≥ 0.70× (stretch 0.85×)',
    ],
    [
      ran('service:trpcSingle', 'express:restToUtc'),
      'tRPC single call vs bare Express',
      ratio(stat('service:trpcSingle').rps, stat('express:restToUtc').rps),
      '≥ 0.55× (stretch 0.70×)',
    ],
    [
      ran('http:restToUtc', 'express:restToUtc'),
      'Sanity: bare node:http vs bare Express (REST to-utc)',
      `${ratio(stat('http:restToUtc').rps, stat('express:restToUtc').rps)}${generatorBound() ? ': under 2.5×, so the generator set the pace, and every ratio above it is flattered' : ''}`,
      '≥ 2.5×',
    ],
    [
      ran('service:restIdentify', 'service:restToUtc'),
      'REST identify vs REST to-utc, same service',
      ratio(stat('service:restIdentify').rps, stat('service:restToUtc').rps),
      '≥ 0.85×',
    ],
    [
      ran('service:restToUtc', 'baseline:restToUtc'),
      'REST to-utc vs before',
      ratio(stat('service:restToUtc').rps, stat('baseline:restToUtc').rps),
      '',
    ],
    [
      ran('service:restDecode', 'baseline:restDecode'),
      'REST jwt/decode vs before',
      ratio(stat('service:restDecode').rps, stat('baseline:restDecode').rps),
      '',
    ],
    [
      ran('service:trpcSingle', 'baseline:trpcSingle'),
      'tRPC single call vs before',
      ratio(stat('service:trpcSingle').rps, stat('baseline:trpcSingle').rps),
      '',
    ],
    [
      ran('baseline:restToUtc', 'baseline@other:restToUtc'),
      'Same code, REST to-utc, this Node vs the other',
      ratio(stat('baseline:restToUtc').rps, stat('baseline@other:restToUtc').rps),
      '',
    ],
    [
      ran('baseline:trpcSingle', 'baseline@other:trpcSingle'),
      'Same code, tRPC single call, this Node vs the other',
      ratio(stat('baseline:trpcSingle').rps, stat('baseline@other:trpcSingle').rps),
      '',
    ],
    [
      ran('service:restToUtc'),
      `p99 at ${CONNECTIONS} connections, worst service scenario`,
      `${Math.max(...['restToUtc', 'restDecode', 'trpcSingle', 'trpcBatch', 'restIdentify'].map((k) => stat(`service:${k}`).p99))} ms`,
      '≤ 10 ms',
    ],
    [
      ran('memoryLimiter:restToUtc', 'noLimiter:restToUtc'),
      'Memory limiter cost (REST to-utc, vs no limiter store)',
      cost('memoryLimiter:restToUtc'),
      '≤ 10%',
    ],
    [
      ran('noLimiter:restToUtc') && (ran('redisLimiter:restToUtc') || skipped.has('redisLimiter')),
      'Redis limiter cost (REST to-utc, vs no limiter store)',
      skipped.has('redisLimiter') ? 'not measured: Redis unreachable' : cost('redisLimiter:restToUtc'),
      '≤ 30%',
    ],
    [
      ran('workers2:restToUtc', 'service:restToUtc'),
      'Scaling, WORKERS=1 → 2 (REST to-utc)',
      ratio(stat('workers2:restToUtc').rps, one),
      '',
    ],
  ];
  const kept = rows.filter(([shown]) => shown);
  if (kept.length === 0) return '';
  return [
    '| Measure | Result | Target |',
    '|---|---|---|',
    ...kept.map(([, label, value, target]) => `| ${label} | ${value} | ${target} |`),
    '',
  ].join('\n');
}

const section = `<!-- bench:${SECTION}:start -->
## HTTP throughput and latency${SECTION === 'http' ? '' : ` (${runtime})`}

Command: \`make bench\` (\`bench/run.ts\`), ${runtime}, ${cpu}, ${spawnSync('nproc', ['--all']).stdout.toString().trim()} cores. Commit ${spawnSync('git', ['rev-parse', '--short', 'HEAD']).stdout.toString().trim()}, ${new Date().toISOString().slice(0, 10)}. ${ROUNDS} alternating rounds of ${DURATION} s per scenario after a 1 s warm-up, ${CONNECTIONS} connections, generator ${GENERATOR === 'wrk' ? `${spawnSync('wrk', ['--version']).stdout.toString().split('\n')[0]?.split(' [')[0] ?? 'wrk'} (one thread)` : 'autocannon (in the bench process)'}; ${hasTaskset ? 'servers pinned to core 0 and the load generator to core 1 with taskset' : 'taskset not available, nothing pinned'}.${generatorBound() ? ' **Generator-bound**: bare node:http ran under 2.5× of bare Express, so the generator set the pace.' : ''} Medians of the rounds. The service runs \`dist/main.js\` with \`NODE_ENV=production\`, request logging on (to /dev/null) and the memory limiter at a limit it never reaches; the bare apps run the same core arithmetic with no validation, limiter or logging. Ratios are calls per second against bare Express on the same REST endpoint (\`to-utc\` for the tRPC rows).

| Server | Scenario | req/s | calls/s | p50 ms | p99 ms | vs bare Express |
|---|---|---:|---:|---:|---:|---:|
${rows.join('\n')}

${measuresTable()}

${SECTION === 'http' ? '![Calls per second](benchmarks.svg)\n' : ''}<!-- bench:${SECTION}:end -->`;

const docPath = 'docs/benchmarks.md';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const marked = new RegExp(`<!-- bench:${SECTION}:start -->[\\s\\S]*<!-- bench:${SECTION}:end -->`);
writeFileSync(docPath, marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`);

const max = Math.max(...chart.map((bar) => bar.value), 1);
const barHeight = 22;
const width = 900;
const labelWidth = 430;
const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${chart.length * barHeight + 50}" font-family="sans-serif" font-size="12">`,
  `<text x="10" y="18" font-size="14" font-weight="bold">Calls per second, median of ${ROUNDS} rounds (${runtime}, ${CONNECTIONS} connections)</text>`,
  ...chart.map((bar, i) => {
    const y = 32 + i * barHeight;
    const w = ((width - labelWidth - 90) * bar.value) / max;
    const color = bar.label.startsWith('bare') ? '#999' : '#2b6cb0';
    const label = bar.label.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return `<text x="${labelWidth - 6}" y="${y + 14}" text-anchor="end">${label}</text><rect x="${labelWidth}" y="${y}" width="${w.toFixed(1)}" height="${barHeight - 6}" fill="${color}"/><text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 14}">${fmt(bar.value)}</text>`;
  }),
  '</svg>',
].join('\n');
if (SECTION === 'http') writeFileSync('docs/benchmarks.svg', `${svg}\n`);
process.stdout.write(`${section}\n`);
