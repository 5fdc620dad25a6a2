import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const main = new URL('../../src/main.ts', import.meta.url).pathname;
// Node itself, with tsx as a loader: the tsx CLI relays signals with a 30 ms handshake, and on a
// loaded machine it gives up and exits 143, taking the service down mid-drain.

describe('WORKERS=2', () => {
  it('keeps one exact limit across two workers that both serve', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, WORKERS: '2', PORT: '0', METRICS_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', TRUST_PROXY: 'loopback' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`workers did not listen: ${stdout}`)), 20_000);
        child.stdout.on('data', () => {
          const ports = [...stdout.matchAll(/"port":(\d+).*"msg":"listening"/g)].map((match) => Number(match[1]));
          if (ports.length === 2) {
            clearTimeout(timer);
            expect(ports[0]).toBe(ports[1]);
            resolve(ports[0] ?? 0);
          }
        });
      });
      // Warm both workers and their channel to the primary first, as a client of its own: a decision
      // the primary cannot answer within 170 ms (cold code on a loaded machine) falls back to memory.
      for (let i = 0; i < 10; i++)
        await fetch(`http://127.0.0.1:${port}/unix-timestamp/now`, { headers: { Connection: 'close', 'X-Forwarded-For': '198.51.100.1' } });
      const statuses = await Promise.all(
        Array.from({ length: 100 }, () =>
          fetch(`http://127.0.0.1:${port}/unix-timestamp/now`, {
            headers: { Connection: 'close', 'X-Forwarded-For': '198.51.100.2' },
          }).then((res) => res.status),
        ),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(30);
      expect(statuses.filter((status) => status === 429)).toHaveLength(70);
      const ready = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
      expect(ready).toEqual({ status: 'ok', store: { name: 'cluster', state: 'ok' } });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    const servedBy = new Set([...stdout.matchAll(/"pid":(\d+)[^\n]*"msg":"request"/g)].map((match) => match[1]));
    expect(servedBy.size).toBe(2);
  }, 40_000);
});
