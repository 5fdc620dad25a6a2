// make bench: how long the built command line takes from start to exit, as a user runs it
// (`node dist/cli.js now`, i.e. the tsjwt bin). Rewrites the CLI section of docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 30);
if (!existsSync('dist/cli.js')) throw new Error('run make build (or make bench) first');

function time(args: string[]): number[] {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['dist/cli.js', ...args], { encoding: 'utf8' });
    const elapsed = performance.now() - started;
    if (result.status !== 0) throw new Error(`tsjwt ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    if (i >= 3) samples.push(elapsed);
  }
  return samples.sort((a, b) => a - b);
}

const at = (samples: number[], q: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? 0;
const rows = [
  ['tsjwt now', time(['now'])],
  ['tsjwt to-unix 2024-10-27T02:30:00 --tz Europe/Berlin', time(['to-unix', '2024-10-27T02:30:00', '--tz', 'Europe/Berlin'])],
  ['tsjwt decode <jwt.io token> --check-secrets', time(['decode', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', '--check-secrets'])],
  [
    'node -e 0 (the runtime alone)',
    (() => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        spawnSync(process.execPath, ['-e', '0']);
        samples.push(performance.now() - started);
      }
      return samples.sort((a, b) => a - b);
    })(),
  ],
] as const;
for (const [label, samples] of rows)
  process.stderr.write(`${label.padEnd(56)} median ${at(samples, 0.5).toFixed(0)} ms p90 ${at(samples, 0.9).toFixed(0)} ms\n`);

const worst = at(rows[0][1], 0.9);
const section = `<!-- bench:cli:start -->
## Command line, start to exit

Command: \`make bench\` (\`bench/cli.ts\`), Node ${process.version}: ${RUNS} runs of each command after 3 warm-up runs, wall clock from spawn to exit.

| Command | median | p90 |
|---|---:|---:|
${rows.map(([label, samples]) => `| \`${label}\` | ${at(samples, 0.5).toFixed(0)} ms | ${at(samples, 0.9).toFixed(0)} ms |`).join('\n')}

| Measure | Result | Target |
|---|---|---|
| \`tsjwt now\`, p90 | ${worst.toFixed(0)} ms | < 150 ms |
<!-- bench:cli:end -->`;
const docPath = 'docs/benchmarks.md';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const marked = /<!-- bench:cli:start -->[\s\S]*<!-- bench:cli:end -->/;
writeFileSync(docPath, marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`);
if (worst >= 150) process.exitCode = 1;
