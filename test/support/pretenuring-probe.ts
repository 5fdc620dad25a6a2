// Loaded with --import into a process under test. On SIGUSR2 (or at once with PROBE_NOW=1) it keeps a
// million objects made by one object literal: the pattern V8's allocation-site pretenuring reports on
// (--trace-pretenuring-statistics) and moves to the old generation. Then it prints `probe done`.
const kept: { readonly index: number }[] = [];

function probe(): void {
  for (let index = 0; index < 1_000_000; index++) kept.push({ index });
  process.stdout.write(`probe done (${kept.length} kept)\n`);
}

if (process.env.PROBE_NOW === '1') probe();
else process.on('SIGUSR2', probe);
