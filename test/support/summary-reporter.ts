import type { SerializedError } from '@vitest/utils';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `vitest: N passed, N failed, N skipped`, that any CI can read, and `, N errors` after
 * it when something failed outside a test: a file that did not load, a `beforeAll` or `afterAll` that threw (whose
 * tests vitest then counts as skipped), or an unhandled rejection. Without it, such a run read "0 failed" and exited 1.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    let errors = unhandledErrors.length;
    for (const module of testModules) {
      errors += module.errors().length;
      for (const suite of module.children.allSuites()) errors += suite.errors().length;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
    }
    const outside = errors === 0 ? '' : `, ${errors} error${errors === 1 ? '' : 's'} outside tests`;
    process.stdout.write(`\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${outside}\n`);
  }
}
