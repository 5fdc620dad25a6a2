// make bench: how long the built command line takes from start to exit, as a user runs it, against
// the runtime alone: `node -e 0`, `node dist/cli.js now` (the tsjwt bin) and `make now`, in alternating
// rounds so that a busy host slows each alike. Rewrites the CLI section of docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 30);
const WARM_UP = 3;
if (!existsSync('dist/cli.js')) throw new Error('run make build (or make bench) first');

const JWT_IO_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln';
// The node of node_modules/.bin, which npm run puts first on PATH, as make's targets run it.
const node = process.execPath;
const commands = [
  { label: 'node -e 0', file: node, args: ['-e', '0'] },
  { label: 'node dist/cli.js now', file: node, args: ['dist/cli.js', 'now'] },
  { label: 'make now', file: 'make', args: ['-s', 'now'] },
  {
    label: 'node dist/cli.js to-unix 2024-10-27T02:30:00 --tz Europe/Berlin',
    file: node,
    args: ['dist/cli.js', 'to-unix', '2024-10-27T02:30:00', '--tz', 'Europe/Berlin'],
  },
  {
    label: 'node dist/cli.js decode <jwt.io token> --check-secrets',
    file: node,
    args: ['dist/cli.js', 'decode', JWT_IO_TOKEN, '--check-secrets'],
  },
] as const;

function once(file: string, args: readonly string[]): number {
  const started = performance.now();
  const result = spawnSync(file, args, { encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`${file} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

// The warm-up rounds fill Node's compile cache, as any earlier run of the command line does.
const samples = commands.map(() => [] as number[]);
for (let round = 0; round < WARM_UP + RUNS; round++) {
  for (const [index, { file, args }] of commands.entries()) {
    const elapsed = once(file, args);
    if (round >= WARM_UP) samples[index]?.push(elapsed);
  }
}
for (const list of samples) list.sort((a, b) => a - b);

const at = (list: readonly number[], q: number) => list[Math.min(list.length - 1, Math.floor(list.length * q))] ?? 0;
const median = (index: number) => at(samples[index] ?? [], 0.5);
const runtime = median(0);
const ratio = (index: number) => median(index) / runtime;
for (const [index, { label }] of commands.entries())
  process.stderr.write(
    `${label.padEnd(64)} median ${median(index).toFixed(0)} ms p90 ${at(samples[index] ?? [], 0.9).toFixed(0)} ms ${ratio(index).toFixed(2)}× node -e 0\n`,
  );

const targets = [
  { measure: '`node dist/cli.js now` against `node -e 0`, medians', result: ratio(1), target: 2 },
  { measure: '`make now` against `node -e 0`, medians', result: ratio(2), target: 4 },
];
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const section = `<!-- bench:cli:start -->
## Command line, start to exit

Command: \`make bench\` (\`bench/cli.ts\`), Node ${process.version}, commit ${commit}, ${new Date().toISOString().slice(0, 10)}. ${RUNS} alternating rounds of every command after ${WARM_UP} warm-up rounds, wall clock from spawn to exit; the warm-up fills Node's compile cache, as any earlier run of the CLI does. \`make now\` runs \`node_modules/.bin/node dist/cli.js now\` after make's check that the build is current.

| Command | median | p90 | median / \`node -e 0\` |
|---|---:|---:|---:|
${commands.map(({ label }, index) => `| \`${label}\` | ${median(index).toFixed(0)} ms | ${at(samples[index] ?? [], 0.9).toFixed(0)} ms | ${ratio(index).toFixed(2)}× |`).join('\n')}

| Measure | Result | Target |
|---|---|---|
${targets.map(({ measure, result, target }) => `| ${measure} | ${result.toFixed(2)}× (${result <= target ? 'met' : 'missed'}) | ≤ ${target}× |`).join('\n')}
<!-- bench:cli:end -->`;
const docPath = 'docs/benchmarks.md';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const marked = /<!-- bench:cli:start -->[\s\S]*<!-- bench:cli:end -->/;
writeFileSync(docPath, marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`);
