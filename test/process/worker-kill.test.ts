// A WORKERS worker dies under load: the connections that come after are served, none hangs.
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { startService } from '../support/service-process.js';

interface Attempt {
  readonly startedAt: number;
  readonly ms: number;
  readonly outcome: string;
}

/** One request on a connection of its own, given up after 5 s so that a hang shows as one. */
function attempt(port: number): Promise<Attempt> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const agent = new Agent({ keepAlive: false });
    const done = (outcome: string) => {
      agent.destroy();
      resolve({ startedAt, ms: Date.now() - startedAt, outcome });
    };
    const req = request({ host: '127.0.0.1', port, path: '/unix-timestamp/now', agent, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => done(String(res.statusCode)));
    });
    req.on('timeout', () => req.destroy(new Error('hung')));
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    req.end();
  });
}

describe('WORKERS=2, a worker SIGKILLed under load', () => {
  it('serves every new connection within a second of the death, and replaces the worker', async () => {
    const service = await startService({ WORKERS: '2', RATE_LIMIT_POINTS: '1000000' }, 2);
    const { child, exited } = service;
    try {
      const [first] = service.listening();
      const port = first?.port ?? 0;
      const victim = first?.pid ?? 0;

      const attempts: Attempt[] = [];
      let running = true;
      const loops = Array.from({ length: 8 }, async () => {
        while (running) attempts.push(await attempt(port));
      });
      // Under load before the death, and long enough after it for the replacement to listen and for
      // fifty connections to start more than a second after it.
      await eventually(() => attempts.length >= 50, { what: 'fifty answers before the kill' });
      const killedAt = Date.now();
      process.kill(victim, 'SIGKILL');
      await eventually(() => service.listening().length >= 3 && attempts.filter((a) => a.startedAt >= killedAt + 1000).length > 50, {
        timeoutMs: 20_000,
        what: 'a replacement worker, and fifty connections a second after the death',
      });
      running = false;
      await Promise.all(loops);

      const after = attempts.filter((a) => a.startedAt >= killedAt + 1000);
      expect(after.length).toBeGreaterThan(50);
      expect(
        after.filter((a) => a.outcome !== '200'),
        JSON.stringify(after.filter((a) => a.outcome !== '200').slice(0, 5)),
      ).toEqual([]);
      expect(Math.max(...after.map((a) => a.ms))).toBeLessThan(1000);
      // Nothing hangs at any time: even a connection caught by the death is answered or refused at once.
      expect(Math.max(...attempts.map((a) => a.ms)), JSON.stringify(attempts.filter((a) => a.ms >= 1000))).toBeLessThan(1000);
      expect(service.stdout()).toContain('worker died; starting another');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 40_000);
});
