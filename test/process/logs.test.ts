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

describe('request lines from several processes on one pipe', () => {
  // Cluster workers share the primary's stdout. A write of more than PIPE_BUF (4096 bytes on Linux) to a
  // pipe may be split around another process's write, which cuts lines apart when the reader lags.
  it('stay whole lines while the reader lags', () => {
    const perWriter = 20_000;
    const writer = `
      const { createLogger } = await import(${JSON.stringify(logger)});
      const log = createLogger('info', { bufferedMessage: 'request' });
      for (let i = 0; i < ${perWriter}; i++) log.info({ writer: process.argv[1], i, route: '/unix-timestamp/to-utc' }, 'request');
    `;
    const writers = `
      const { spawn } = await import('node:child_process');
      for (const name of ['a', 'b']) {
        spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', process.env.WRITER, name], { stdio: ['ignore', 'inherit', 'inherit'] });
      }
    `;
    // Reads the pipe 1,000 bytes at a time, pausing now and then, and counts the lines that do not parse.
    const reader = `
      const { readSync } = require('node:fs');
      const buffer = Buffer.alloc(1000);
      let rest = '', lines = 0, broken = 0, reads = 0;
      const step = () => {
        const n = readSync(0, buffer, 0, buffer.length);
        if (n === 0) return process.stdout.write(JSON.stringify({ lines, broken }));
        const parts = (rest + buffer.toString('utf8', 0, n)).split('\\n');
        rest = parts.pop();
        for (const line of parts) {
          lines++;
          try { JSON.parse(line); } catch { broken++; }
        }
        // A reader that lags behind the writers now and then: the lag is the behaviour under test.
        if (++reads % 20 === 0) setTimeout(step, 1); else setImmediate(step);
      };
      step();
    `;
    const result = spawnSync('sh', ['-c', '"$NODE" --input-type=module -e "$WRITERS" | "$NODE" -e "$READER"'], {
      env: { ...process.env, NODE: process.execPath, WRITER: writer, WRITERS: writers, READER: reader },
      encoding: 'utf8',
    });
    expect(JSON.parse(result.stdout)).toEqual({ lines: 2 * perWriter, broken: 0 });
  }, 60_000);
});
