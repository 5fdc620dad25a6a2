// Request ids, log lines and samples, each on its own.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/adapters/driven/logger.js';
import { HttpMetrics } from '../../../../src/adapters/driving/http/observability/metrics.js';
import { observe, parserAnswerRecorder } from '../../../../src/adapters/driving/http/observability/request-log.js';

describe('observe', () => {
  function observed() {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', {
      destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const metrics = new HttpMetrics(() => ({ name: 'memory', state: 'ok' }));
    const app = express();
    // The route step names each request; here, by its path.
    app.use((req, res, next) => {
      res.locals.route = { name: req.path };
      next();
    });
    app.use(observe(logger, metrics));
    app.get('/slow', (_req, res) => {
      // An answer that takes 30 ms: its measured duration is the behaviour under test.
      setTimeout(() => res.status(204).end(), 30);
    });
    app.all('/{*rest}', (_req, res) => {
      res.status(204).end();
    });
    return { app, lines, metrics };
  }

  it.each([
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['req-1.2_3:4', true],
    ['', false],
    ['two words', false],
  ])('keeps the offered request id %j: %s', async (offered, kept) => {
    const { app, lines } = observed();
    const res = await request(app).get('/x').set('X-Request-Id', offered);
    const id = res.headers['x-request-id'] as string;
    if (kept) expect(id).toBe(offered);
    else expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(lines[0]?.requestId).toBe(id);
  });

  it('logs one line and one sample per request, with an unknown method as OTHER', async () => {
    const { app, lines, metrics } = observed();
    await request(app).get('/one?token=secret');
    await request(app).delete('/two');
    await request(app).options('/three');
    await request(app).purge('/four');
    expect(lines.map((line) => [line.method, line.route, line.status, line.msg])).toEqual([
      ['GET', '/one', 204, 'request'],
      ['DELETE', '/two', 204, 'request'],
      ['OPTIONS', '/three', 204, 'request'],
      ['OTHER', '/four', 204, 'request'],
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
    const durations = lines.map((line) => line.durationMs as number);
    expect(durations.every((ms) => ms >= 0 && ms < 10_000 && Math.round(ms * 1000) === ms * 1000)).toBe(true);
    const text = await metrics.registry.metrics();
    expect(text).toContain('http_requests_total{route="/four",method="OTHER",status="204"} 1');
    expect(text).toContain('http_request_duration_seconds_count{route="/one",method="GET"} 1');
  });

  it('logs the duration in milliseconds and samples it in seconds', async () => {
    const { app, lines, metrics } = observed();
    await request(app).get('/slow');
    const ms = lines[0]?.durationMs as number;
    expect(ms).toBeGreaterThanOrEqual(29);
    expect(ms).toBeLessThan(5000);
    const sum = /http_request_duration_seconds_sum\{route="\/slow",method="GET"\} ([\d.e-]+)/.exec(await metrics.registry.metrics());
    expect(Number(sum?.[1])).toBeCloseTo(ms / 1000, 3);
  });
});

describe('parserAnswerRecorder', () => {
  it('logs and counts a forced answer under the route parser, its duration in milliseconds to the microsecond', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', {
      destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const metrics = new HttpMetrics(() => ({ name: 'memory', state: 'ok' }));
    parserAnswerRecorder(logger, metrics)(431, 0.0123456);
    expect(lines).toEqual([expect.objectContaining({ msg: 'request', method: 'OTHER', route: 'parser', status: 431, durationMs: 12.346 })]);
    expect(await metrics.registry.metrics()).toContain('http_requests_total{route="parser",method="OTHER",status="431"} 1');
  });
});
