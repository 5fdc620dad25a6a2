import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The closing line .ci/run reads (test/support/summary-reporter.ts), from a vitest run of its own over files written
// here: a run whose only failure is outside any test must not read as clean.
const REPORTER = resolve('test/support/summary-reporter.ts');
const VITEST = resolve('node_modules/vitest/vitest.mjs');
const root = mkdtempSync(join(tmpdir(), 'summary-reporter-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function closingLine(files: Record<string, string>): { line: string | undefined; status: number | null } {
  const dir = mkdtempSync(join(root, 'run-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'vitest.config.mjs'), `export default { test: { reporters: [${JSON.stringify(REPORTER)}] } };\n`);
  const run = spawnSync(process.execPath, [VITEST, 'run', '--root', dir], { encoding: 'utf8', timeout: 60_000 });
  return { line: run.stdout.split('\n').findLast((text) => text.startsWith('vitest: ')), status: run.status };
}

describe('the summary line', () => {
  it('counts tests, and says nothing more when nothing failed outside them', () => {
    const { line, status } = closingLine({
      'a.test.mjs':
        "import { it } from 'vitest';\nit('passes', () => {});\nit.skip('skipped', () => {});\nit('fails', () => { throw new Error('no'); });\n",
    });
    expect(line).toBe('vitest: 1 passed, 1 failed, 1 skipped');
    expect(status).toBe(1);
  });

  it('names the error of a beforeAll that threw, whose tests vitest counts as skipped', () => {
    const { line, status } = closingLine({
      'a.test.mjs':
        "import { beforeAll, describe, it } from 'vitest';\ndescribe('s', () => {\n  beforeAll(() => { throw new Error('no'); });\n  it('t', () => {});\n});\n",
    });
    expect(line).toBe('vitest: 0 passed, 0 failed, 1 skipped, 1 error outside tests');
    expect(status).toBe(1);
  });

  it('names a file that does not load', () => {
    const { line } = closingLine({
      'a.test.mjs': "import './missing.mjs';\n",
      'b.test.mjs': "import { it } from 'vitest';\nit('passes', () => {});\n",
    });
    expect(line).toBe('vitest: 1 passed, 0 failed, 0 skipped, 1 error outside tests');
  });
});
