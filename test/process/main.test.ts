// The service's own process: start-up refusals and the drain on SIGTERM.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { startService } from '../support/service-process.js';

const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
const main = new URL('../../src/main.ts', import.meta.url).pathname;

describe('the process', () => {
  it('exits non-zero at start-up listing every bad setting', async () => {
    const child = spawn(tsx, [main], { env: { ...process.env, PORT: 'x', TRUST_PROXY: 'true', RATE_LIMIT_STORE: 'disk' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be a whole number from 0 to 65535');
    expect(stderr).toContain('TRUST_PROXY=true would trust any X-Forwarded-For');
    expect(stderr).toContain('RATE_LIMIT_STORE must be memory or redis');
  });

  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const service = await startService({});
    const [{ port } = { port: 0 }] = service.listening();
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // Half a request is in flight when the signal arrives. Nothing outside the server shows when it has
    // read those bytes, so this wait, the time for them to arrive, is part of the behaviour under test.
    socket.write('GET /unix-timestamp/to-utc?timestamp=0 HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    service.child.kill('SIGTERM');
    // The rest of the request comes once the drain has begun.
    await eventually(() => service.stdout().includes('"msg":"shutting down'), { what: 'the shutting-down line' });
    socket.write('\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1.1 200 OK/);
    expect(answer).toContain('"iso":"1970-01-01T00:00:00Z"');
    expect(await service.exited).toBe(0);
    expect(service.stdout()).toContain('"msg":"stopped"');
  });
});
