// make bench: what one format, diff or add call costs in-process, in UTC and in a zone with DST, against
// issue 33's targets. Rewrites the time-operations section of docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { timeEach } from './timing.js';
import { FixedClock } from '../test/support/fakes.js';
import { AddDuration } from '../src/core/time/use-cases/add-duration.js';
import { DiffInstants } from '../src/core/time/use-cases/diff-instants.js';
import { FormatInstant } from '../src/core/time/use-cases/format-instant.js';

const format = new FormatInstant(new FixedClock(Date.UTC(2026, 10, 22)));
const diff = new DiffInstants(new FixedClock(Date.UTC(2026, 10, 22)));
const add = new AddDuration(new FixedClock(Date.UTC(2026, 10, 22)));

const CASES: ReadonlyArray<readonly [label: string, run: () => unknown, targetUs: number]> = [
  ['format 1700000000, in UTC', () => format.execute({ timestamp: '1700000000' }), 100],
  ['format 1700000000, in Europe/Berlin', () => format.execute({ timestamp: '1700000000', tz: 'Europe/Berlin' }), 100],
  ['diff of two RFC 3339 instants, in UTC', () => diff.execute({ from: '2023-01-31T00:00:00Z', to: '2024-03-01T12:30:00.5Z' }), 50],
  [
    'diff of the same two instants written as text',
    () => diff.execute({ from: 'Tue, 31 Jan 2023 00:00:00 GMT', to: '2024-03-01 12:30:00.5 UTC' }),
    100,
  ],
  [
    'diff across fall-back, in Europe/Berlin',
    () => diff.execute({ from: '2024-10-26T12:00:00', to: '2024-10-27T12:00:00', tz: 'Europe/Berlin' }),
    200,
  ],
  ['add P1M2DT3H to a timestamp, in UTC', () => add.execute({ from: '1700000000', duration: 'P1M2DT3H' }), 50],
  [
    'add P1D across spring-forward, in Europe/Berlin',
    () => add.execute({ from: '2024-03-30T12:00:00+01:00[Europe/Berlin]', duration: 'P1D' }),
    200,
  ],
];

const rows = CASES.map(([label, run, targetUs]) => ({ label, targetUs, timing: timeEach(run, 20_000, 2_000) }));
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
for (const row of rows) process.stderr.write(`${row.label.padEnd(48)} median ${us(row.timing.median)} p99 ${us(row.timing.p99)}\n`);
const over = rows.filter((row) => row.timing.median * 1000 >= row.targetUs);
// Issue 45: two text operands cost under twice two RFC 3339 operands.
const medianOf = (label: string) => rows.find((row) => row.label.startsWith(label))?.timing.median ?? Number.NaN;
const textRatio = medianOf('diff of the same two instants written as text') / medianOf('diff of two RFC 3339 instants');
process.stderr.write(`text operands / RFC 3339 operands: ${textRatio.toFixed(2)}x\n`);

const section = `<!-- bench:time-operations:start -->
## format, diff and add per call

Command: \`make bench\` (\`bench/time-operations.ts\`), Node ${process.version}, commit ${spawnSync('git', ['rev-parse', '--short', 'HEAD']).stdout.toString().trim()}, ${new Date().toISOString().slice(0, 10)}, one core, in-process (no HTTP, no output validation).

| Call | median | p99 | Target (median) |
|---|---:|---:|---:|
${rows.map((row) => `| ${row.label} | ${us(row.timing.median)} | ${us(row.timing.p99)} | < ${row.targetUs} µs |`).join('\n')}

Two operands written as text (an HTTP-date and a Rails time) against the same instants in RFC 3339: ${textRatio.toFixed(2)}× (target < 2×).
<!-- bench:time-operations:end -->`;

const docPath = 'docs/benchmarks.md';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const marked = /<!-- bench:time-operations:start -->[\s\S]*<!-- bench:time-operations:end -->/;
const identifyEnd = '<!-- bench:identify:end -->';
writeFileSync(
  docPath,
  marked.test(doc)
    ? doc.replace(marked, section)
    : doc.includes(identifyEnd)
      ? doc.replace(identifyEnd, `${identifyEnd}\n\n${section}`)
      : `${doc.trimEnd()}\n\n${section}\n`,
);
const overs = [...over.map((row) => row.label), ...(textRatio < 2 ? [] : [`text operands at ${textRatio.toFixed(2)}x RFC 3339's`])];
if (overs.length > 0) {
  process.stderr.write(`over target: ${overs.join('; ')}\n`);
  process.exitCode = 1;
}
