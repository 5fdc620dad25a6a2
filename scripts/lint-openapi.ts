// make lint's OpenAPI step: the served document, with and without a BASE_PATH, must pass
// Redocly's recommended ruleset and Spectral's spectral:oas with no error and no warning.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/adapters/driving/http/openapi.js';
import { SERVICE_VERSION } from '../src/composition-root.js';

mkdirSync('.lint', { recursive: true });
const files = ['', '/api'].map((basePath) => {
  const file = `.lint/openapi${basePath.replace('/', '-')}.json`;
  writeFileSync(
    file,
    JSON.stringify(buildOpenApiDocument({ basePath, version: SERVICE_VERSION, serverUrl: 'http://localhost:3000' }), null, 2),
  );
  return file;
});

interface Report {
  totals?: { errors: number; warnings: number };
  problems?: Array<{ ruleId: string; message: string }>;
}
let problems = 0;
for (const file of files) {
  const redocly = spawnSync('redocly', ['lint', '--format=json', file], { encoding: 'utf8' });
  const report = JSON.parse(redocly.stdout || '{}') as Report;
  if (report.totals === undefined) console.error(redocly.stderr);
  problems += (report.totals?.errors ?? 1) + (report.totals?.warnings ?? 0);
  for (const problem of report.problems ?? []) console.error(`redocly ${file} ${problem.ruleId}: ${problem.message}`);
}

const spectral = spawnSync('spectral', ['lint', '--fail-severity=hint', '--ruleset', '.spectral.yaml', ...files], { encoding: 'utf8' });
if (spectral.status !== 0) console.error(spectral.stdout, spectral.stderr);

console.log(`openapi: redocly ${problems} problem(s), spectral ${spectral.status === 0 ? 'clean' : 'failed'}`);
process.exit(problems === 0 && spectral.status === 0 ? 0 : 1);
