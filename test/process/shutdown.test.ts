// A deploy as a load balancer sees it: 20 kept-alive connections under load through a SIGTERM.
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { freePort } from '../support/redis-server.js';
import { startService } from '../support/service-process.js';

type Outcome =
  { kind: 'answered'; status: number; closing: boolean } | { kind: 'refused' } | { kind: 'lost'; code: string; reused: boolean };

function get(port: number, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/unix-timestamp/now', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ kind: 'answered', status: res.statusCode ?? 0, closing: res.headers.connection === 'close' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      // A refused connection never reached the server; anything else on an open connection is a lost request.
      // `reused` tells, when one is lost, a kept-alive connection from a new one the server may never have accepted.
      resolve(
        error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'lost', code: error.code ?? error.message, reused: req.reusedSocket },
      ),
    );
    req.end();
  });
}

// WORKERS=2: only the workers hold the listening socket, so no connection is left in the queue of a
// socket that nobody accepts from while the last of them drains.
describe('shutdown under load', () => {
  it.each(['1', '2'])(
    'answers every request that reached it, 20 kept-alive connections through a SIGTERM, with WORKERS=%s, and exits 0 within 10 s',
    async (workers) => {
      const workerCount = Number(workers);
      const service = await startService(
        {
          PORT: workers === '1' ? '0' : String(await freePort()),
          WORKERS: workers,
          RATE_LIMIT_POINTS: '1000000',
        },
        workerCount,
      );
      const { child, exited } = service;
      const [{ port } = { port: 0 }] = service.listening();
      const agent = new Agent({ keepAlive: true, maxSockets: 20 });
      const outcomes: Outcome[] = [];
      let signalledAt = 0;
      const answeredOn = Array.from({ length: 20 }, () => 0);
      const loops = answeredOn.map(async (_, loop) => {
        const deadline = Date.now() + 20_000;
        while (Date.now() < deadline) {
          const outcome = await get(port, agent);
          outcomes.push(outcome);
          answeredOn[loop] = (answeredOn[loop] ?? 0) + 1;
          if (outcome.kind === 'refused' || outcome.kind === 'lost') return;
        }
      });
      // Under load, every one of the 20 connections answered again and again, so that every client is on a
      // kept-alive connection. A connection still being opened when the listener closes is reset by the kernel
      // before any process accepts it, with any WORKERS (ADR 0007 measures it); a balancer's preStop wait covers that.
      await eventually(() => answeredOn.every((count) => count >= 20), { what: 'answers on all 20 connections' });
      signalledAt = Date.now();
      child.kill('SIGTERM');
      await Promise.all(loops);
      const code = await exited;
      const exitedAfterMs = Date.now() - signalledAt;
      agent.destroy();

      const answered = outcomes.filter((outcome) => outcome.kind === 'answered');
      expect(
        outcomes.filter((outcome) => outcome.kind === 'lost'),
        JSON.stringify(outcomes.filter((o) => o.kind === 'lost')),
      ).toEqual([]);
      expect(answered.length).toBeGreaterThan(100);
      expect(answered.every((outcome) => outcome.kind === 'answered' && outcome.status === 200)).toBe(true);
      expect(answered.some((outcome) => outcome.kind === 'answered' && outcome.closing)).toBe(true);
      expect(code).toBe(0);
      expect(exitedAfterMs).toBeLessThan(10_000);
    },
    40_000,
  );
});
