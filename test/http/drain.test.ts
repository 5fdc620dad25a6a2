// Draining for shutdown, in-process: the server of production, its connections
// accepted by itself or handed to it (as the WORKERS primary hands some over).
import { eventually } from '../support/eventually.js';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully, createHttpServer } from '../../src/adapters/driving/http/server.js';
import { testService } from '../support/service.js';

const REQUEST = 'GET /unix-timestamp/to-utc?timestamp=0 HTTP/1.1\r\nHost: x\r\n\r\n';

/** A client connection that collects what it reads and says when it closed. */
function client(port: number): Promise<{ socket: Socket; read: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, read: () => text, closed }));
  });
}

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

function drainingServer() {
  const { app, lifecycle } = testService({ RATE_LIMIT_POINTS: '1000' });
  const server = createHttpServer(app, { lifecycle });
  cleanup.push(() => server.closeAllConnections());
  return { server, lifecycle };
}

describe('closeGracefully', () => {
  it('stops accepting, answers a kept-alive connection with Connection: close, and resolves once it has closed', async () => {
    const { server, lifecycle } = drainingServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const kept = await client(port);
    kept.socket.write(REQUEST);
    await eventually(() => kept.read().includes('"iso":"1970-01-01T00:00:00Z"'), { what: 'the first answer' });
    expect(kept.read()).toContain('Connection: keep-alive');

    let drained = false;
    const draining = closeGracefully(server, lifecycle, 5_000).then(() => (drained = true));
    expect(lifecycle.draining).toBe(true);
    await expect(client(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // The drain waits for the kept-alive connection, which is served once more below.
    expect(drained).toBe(false);

    const before = kept.read().length;
    kept.socket.write(REQUEST);
    await kept.closed;
    const second = kept.read().slice(before);
    expect(second).toMatch(/^HTTP\/1.1 200 OK/);
    expect(second).toContain('Connection: close');
    await draining;
    expect(drained).toBe(true);
  });

  it('counts a connection handed to the server as its own, and closes what is idle when the grace runs out', async () => {
    const { server, lifecycle } = drainingServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Another listener hands its connections over, unread, as the WORKERS primary does.
    const handing = createNetServer({ pauseOnConnect: true }, (socket) => {
      server.emit('connection', socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => handing.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => handing.close());
    const handed = await client((handing.address() as AddressInfo).port);
    handed.socket.write(REQUEST);
    await eventually(() => handed.read().includes('"iso":"1970-01-01T00:00:00Z"'), { what: 'the first answer' });

    const started = Date.now();
    let drained = false;
    const draining = closeGracefully(server, lifecycle, 400).then(() => (drained = true));
    // Half the grace: that the handed connection is still open then is the behaviour under test.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Its own listener has closed and it accepted nothing itself, yet the handed connection is open.
    expect(server.listening).toBe(false);
    expect(drained).toBe(false);
    await draining;
    await handed.closed;
    // The grace closed it, not the 5 s keep-alive timeout.
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('keeps answering kept-alive, refusing new connections, until every listener has closed', async () => {
    const { server, lifecycle } = drainingServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const kept = await client(port);
    let everyListenerClosed = () => undefined as void;
    const draining = closeGracefully(server, lifecycle, 5_000, () => new Promise<void>((resolve) => (everyListenerClosed = resolve)));
    expect(lifecycle.draining).toBe(true);
    await expect(client(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    kept.socket.write(REQUEST);
    await eventually(() => kept.read().includes('"iso":"1970-01-01T00:00:00Z"'), { what: 'an answer while others still accept' });
    expect(kept.read()).toContain('Connection: keep-alive');
    expect(lifecycle.closing).toBe(false);

    everyListenerClosed();
    await eventually(() => lifecycle.closing, { what: 'closing' });
    const before = kept.read().length;
    kept.socket.write(REQUEST);
    await kept.closed;
    expect(kept.read().slice(before)).toContain('Connection: close');
    await draining;
  });

  it('resolves at once when nothing is open, even if the server never listened', async () => {
    const { server, lifecycle } = drainingServer();
    const started = Date.now();
    await closeGracefully(server, lifecycle, 5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
