// A WORKERS worker dies under load: the connections that come after are served, none hangs.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';

const main = new URL('../../src/main.ts', import.meta.url).pathname;
// Node itself, with tsx as a loader: the tsx CLI relays signals with a 30 ms handshake, and on a
// loaded machine it gives up and exits 143, taking the service down mid-drain.

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
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        WORKERS: '2',
        PORT: '0',
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_POINTS: '1000000',
      },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const listening = () => [...stdout.matchAll(/"pid":(\d+)[^\n]*"port":(\d+)[^\n]*"msg":"listening"/g)];
      const deadline = Date.now() + 20_000;
      while (listening().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const [first, second] = listening();
      expect(second).toBeDefined();
      const port = Number(first?.[2]);
      const victim = Number(first?.[1]);

      const attempts: Attempt[] = [];
      let running = true;
      const loops = Array.from({ length: 8 }, async () => {
        while (running) attempts.push(await attempt(port));
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const killedAt = Date.now();
      process.kill(victim, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 3000));
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
      expect(stdout).toContain('worker died; starting another');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 40_000);
});
