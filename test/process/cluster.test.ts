import { describe, expect, it } from 'vitest';
import { startService } from '../support/service-process.js';

describe('WORKERS=2', () => {
  it('keeps one exact limit across two workers that both serve', async () => {
    const service = await startService({ WORKERS: '2', TRUST_PROXY: 'loopback' }, 2);
    const { child, exited } = service;
    try {
      const [first, second] = service.listening();
      expect(first?.port).toBe(second?.port);
      const port = first?.port ?? 0;
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
    const servedBy = new Set([...service.stdout().matchAll(/"pid":(\d+)[^\n]*"msg":"request"/g)].map((match) => match[1]));
    expect(servedBy.size).toBe(2);
  }, 40_000);
});
