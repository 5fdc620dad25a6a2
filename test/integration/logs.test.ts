// Batched request lines reach stdout however the process ends.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const logger = new URL('../../src/adapters/driven/logger.ts', import.meta.url).pathname;

function linesWritten(ending: string): string[] {
  const script = `
    const { createLogger } = await import(${JSON.stringify(logger)});
    const log = createLogger('info', { bufferedMessage: 'request' });
    for (let i = 0; i < 100; i++) log.info({ i }, 'request');
    ${ending}
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return child.stdout.split('\n').filter((line) => line !== '');
}

describe('request lines', () => {
  it.each([
    ['the event loop empties', ''],
    ['the process exits from a timer', 'setTimeout(() => process.exit(3), 20);'],
    ['the logger is flushed, then the process exits', 'log.flush(() => process.exit(0));'],
  ])('all reach stdout, in order, when %s', (_name, ending) => {
    const lines = linesWritten(ending);
    expect(lines.map((line) => (JSON.parse(line) as { i: number }).i)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  // main.ts flushes before it exits, on a signal and on a crash; without that, a batch already being
  // written may land after the rest.
  it.each([
    ['the process exits at once', 'process.exit(0);'],
    ['the process crashes', "throw new Error('crash');"],
  ])('all reach stdout when %s', (_name, ending) => {
    const lines = linesWritten(ending);
    const written = lines.map((line) => (JSON.parse(line) as { i: number }).i).sort((a, b) => a - b);
    expect(written).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });
});
