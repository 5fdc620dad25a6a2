// Loaded with --import into a process under test. On SIGUSR2 (or at once with PROBE_NOW=1) it keeps a
// million objects made by one object literal: the pattern V8's allocation-site pretenuring reports on
// (--trace-pretenuring-statistics) and moves to the old generation. It marks the start and the end on
// stdout with direct writes, so that V8's own lines about the probe's objects fall between the two marks.
import { writeSync } from 'node:fs';

const kept: { readonly index: number }[] = [];

function probe(): void {
  writeSync(1, 'probe start\n');
  for (let index = 0; index < 1_000_000; index++) kept.push({ index });
  writeSync(1, `probe done (${kept.length} kept)\n`);
}

if (process.env.PROBE_NOW === '1') probe();
else process.on('SIGUSR2', probe);
