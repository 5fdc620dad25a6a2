// make bench: what one identify call costs in-process, every format tried, for values that
// match many formats and few. Rewrites the identify section of docs/benchmarks.md.
// Targets: under 50 µs a call; a near miss (a text date with a field out of range) under 100 µs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { timeEach } from './timing.js';
import { SystemClock } from '../src/adapters/driven/system-clock.js';
import { IdentifyTimestamp } from '../src/core/time/use-cases/identify-timestamp.js';
import { IDENTIFY_FORMATS } from '../src/core/time/vocabulary.js';

const identify = new IdentifyTimestamp(new SystemClock());

const VALUES: ReadonlyArray<readonly [label: string, value: string]> = [
  ['10-digit Unix seconds', '1700000000'],
  ['18-digit FILETIME', '133801632000000000'],
  ['19-digit snowflake', '1098230906194546688'],
  ['Excel serial with a fraction', '45292.5'],
  ['UUIDv7', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'],
  ['ULID', '01ARYZ6S41TSV4RRFFQ69G5FAV'],
  ['HTTP-date', 'Tue, 14 Nov 2023 22:13:20 GMT'],
  ['SQL DATETIME, read in UTC', '2024-01-01 10:00:00'],
  ['RFC 3339 with nanoseconds', '2023-11-14T23:13:20.123456789+01:00'],
  ['the date command', 'Fri Nov 27 12:54:46 UTC 2026'],
  ['PostgreSQL timestamptz', '2024-01-01 10:00:00.123456+00'],
  ['Java ZonedDateTime', '2024-01-01T10:00+01:00[Europe/Paris]'],
  ['nothing reads it', 'not a timestamp'],
];

/** Values of a text format's shape with a field out of range: identify says which (contract §3c, near misses). */
const NEAR_MISSES: ReadonlyArray<readonly [label: string, value: string]> = [
  ['impossible date', '2023-02-29'],
  ['second 60, no leap second', '2015-12-31T23:59:60Z'],
  ['week 53 of a 52-week year', '2024-W53-1'],
  ['offset the zone never had', '2024-01-01T10:00:00+05:00[Europe/Paris]'],
];

const rows = VALUES.map(([label, value]) => {
  const candidates = identify.execute({ value }).candidates.length;
  return { label, value, candidates, timing: timeEach(() => identify.execute({ value }), 20_000, 2_000) };
});
const misses = NEAR_MISSES.map(([label, value]) => ({
  label,
  value,
  note: identify.execute({ value }).notes[0] ?? '',
  timing: timeEach(() => identify.execute({ value }), 20_000, 2_000),
}));
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const worst = Math.max(...rows.map((row) => row.timing.median));
const worstMiss = Math.max(...misses.map((row) => row.timing.median));
for (const row of [...rows, ...misses])
  process.stderr.write(`${row.label.padEnd(32)} median ${us(row.timing.median)} p99 ${us(row.timing.p99)}\n`);

const section = `<!-- bench:identify:start -->
## identify per call

Command: \`make bench\` (\`bench/identify.ts\`), Node ${process.version}, commit ${spawnSync('git', ['rev-parse', '--short', 'HEAD']).stdout.toString().trim()}, ${new Date().toISOString().slice(0, 10)}, one core, in-process (no HTTP, no output validation). Every call tries all ${IDENTIFY_FORMATS.length} formats; the candidates found are built in full (\`utc\`, \`exact\`, \`fields\`).

| Value | Candidates | median | p99 |
|---|---:|---:|---:|
${rows.map((row) => `| ${row.label} (\`${row.value}\`) | ${row.candidates} | ${us(row.timing.median)} | ${us(row.timing.p99)} |`).join('\n')}

Near misses: no candidate, and a first note naming the format and the field at fault.

| Value | First note | median | p99 |
|---|---|---:|---:|
${misses.map((row) => `| ${row.label} (\`${row.value}\`) | ${row.note} | ${us(row.timing.median)} | ${us(row.timing.p99)} |`).join('\n')}

| Measure | Result | Target |
|---|---|---|
| one call, worst median | ${us(worst)} | < 50 µs |
| one near miss, worst median | ${us(worstMiss)} | < 100 µs |
<!-- bench:identify:end -->`;

const docPath = 'docs/benchmarks.md';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const marked = /<!-- bench:identify:start -->[\s\S]*<!-- bench:identify:end -->/;
writeFileSync(docPath, marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`);
if (worst >= 0.05 || worstMiss >= 0.1) {
  process.stderr.write(`identify median ${us(worst)} (target 50 µs), near miss ${us(worstMiss)} (target 100 µs): over a target\n`);
  process.exitCode = 1;
}
