import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, testService, type Running } from '../support/service.js';

let running: Running;
beforeAll(async () => {
  running = await listen(testService({ RATE_LIMIT_POINTS: '1000' }).app);
});
afterAll(() => running.close());

/** Sends raw bytes, then reports everything answered and when the socket closed, in ms after connecting. */
function exchange(bytes: string, keepOpenMs: number): Promise<{ answer: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(running.url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answer = '';
    // The client gives up after `keepOpenMs`: the abort destroys the socket, which then closes.
    const socket = connect({ port: Number(port), host: hostname, signal: AbortSignal.timeout(keepOpenMs) }, () => socket.write(bytes));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, closedAfterMs: performance.now() - started }));
    socket.on('error', (error) => {
      if (error.name !== 'AbortError' && error.name !== 'TimeoutError') reject(error);
    });
  });
}

describe('timeouts and framing', () => {
  it.concurrent(
    'closes a connection whose headers never finish within a second after 10 s, with a JSON 408',
    async () => {
      const { answer, closedAfterMs } = await exchange('GET /unix-timestamp/now HTTP/1.1\r\nHost: x\r\n', 20_000);
      expect(closedAfterMs).toBeGreaterThanOrEqual(10_000);
      expect(closedAfterMs).toBeLessThan(11_500);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('{"detail":"Request Timeout"}');
    },
    25_000,
  );

  it.concurrent(
    'closes a request whose body never finishes within a second after 30 s',
    async () => {
      // Headers arrive at once; the body trickles, so only the whole-request timeout can end it.
      const { hostname, port } = new URL(running.url);
      const result = await new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
        const started = performance.now();
        let answer = '';
        const socket = connect(Number(port), hostname, () =>
          socket.write('POST /unix-timestamp/now HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n'),
        );
        const drip = setInterval(() => socket.write('x'), 1_000);
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => {
          clearInterval(drip);
          resolve({ answer, closedAfterMs: performance.now() - started });
        });
        socket.on('error', (error) => {
          clearInterval(drip);
          reject(error);
        });
      });
      expect(result.closedAfterMs).toBeGreaterThanOrEqual(30_000);
      expect(result.closedAfterMs).toBeLessThan(31_500);
    },
    40_000,
  );

  it('answers a GET with a malformed chunked body once, with a JSON 400, and closes', async () => {
    const { answer, closedAfterMs } = await exchange(
      'GET /unix-timestamp/now HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nGET /unix-timestamp/now HTTP/1.1\r\nHost: x\r\n\r\n',
      5_000,
    );
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"detail":"GET and HEAD requests must not carry a body"}');
    expect(closedAfterMs).toBeLessThan(4_000);
  });

  it('answers a GET with a Content-Length body with a JSON 400 and closes', async () => {
    const { answer } = await exchange('GET /unix-timestamp/now HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}', 5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain('connection: close');
  });
});
