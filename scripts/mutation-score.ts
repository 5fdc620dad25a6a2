// Reads Stryker's JSON report and checks the mutation score of each part that has a target.
// Run by `make mutation` after `stryker run`; exits 1 when a part is under its target.
import { readFileSync } from 'node:fs';

interface Report {
  files: Record<string, { mutants: Array<{ status: string }> }>;
}

const TARGETS: ReadonlyArray<readonly [label: string, prefix: string, target: number]> = [
  ['src/core', 'src/core/', 95],
  ['HTTP adapters', 'src/adapters/driving/http/', 90],
  ['API contract', 'src/adapters/driving/contract/', 90],
];

const report = JSON.parse(readFileSync(new URL('../reports/mutation/mutation.json', import.meta.url), 'utf8')) as Report;
let failed = false;
for (const [label, prefix, target] of TARGETS) {
  const counts: Record<string, number> = {};
  for (const [path, file] of Object.entries(report.files)) {
    if (!path.replaceAll('\\', '/').includes(prefix)) continue;
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  }
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  const ok = score >= target;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${score.toFixed(2)}% (${detected}/${valid} detected), target ${target}%`);
}
process.exit(failed ? 1 : 0);
