import { createServer, type RequestListener, type Server } from 'node:http';
import type { HttpMetrics } from './observability/metrics.js';
import net, { type Socket } from 'node:net';
import { INTERNAL_MESSAGE } from '../contract/errors.js';
import { detailBody, sendDetail } from './errors.js';
import type { HttpApp } from './pipeline.js';

/** The answer to a parser error: its status and reason phrase, which is also the `detail`. */
function answerFor(code: string | undefined): readonly [status: number, text: string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout'];
  return [400, 'Bad Request'];
}

/**
 * Answers what Node's parser refuses before Express sees it (oversized headers,
 * malformed request lines) with a JSON body, as every other error is.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket, record: ParserAnswerRecorder | undefined): void {
  // A response already went (or is going) out on this socket: a second one would corrupt the stream.
  if (!socket.writable || error.code === 'ECONNRESET' || answering.has(socket)) {
    socket.destroy();
    return;
  }
  const [status, text] = answerFor(error.code);
  const opened = openedAt.get(socket);
  record?.(status, opened === undefined ? 0 : Number(process.hrtime.bigint() - opened) / 1e9);
  const body = detailBody(text);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
      `Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Every connection a server has, whether it accepted it or was handed it (the
 * WORKERS primary forwards some): net.Server counts only the ones it accepted.
 */
const openConnections = new WeakMap<Server, Set<Socket>>();

/** Sockets with a response in flight, or one that said Connection: close. */
const answering = new WeakSet<Socket>();
const openedAt = new WeakMap<Socket, bigint>();

/** Told of every answer Node's parser forced (400, 408, 431), with the seconds since the connection opened. */
export type ParserAnswerRecorder = (status: number, seconds: number) => void;

/**
 * Shutdown as the app and the server see it: `draining` (readiness answers 503,
 * no new connections) and then `closing` (every answer says Connection: close).
 */
export class Lifecycle {
  draining = false;
  closing = false;
}

export interface HttpServerOptions {
  readonly record?: ParserAnswerRecorder;
  readonly lifecycle?: Lifecycle;
}

function tracked(app: HttpApp, lifecycle: Lifecycle | undefined): RequestListener {
  return (req, res) => {
    // While closing, every answer closes its connection, so a kept-alive client moves on to another instance.
    if (lifecycle?.closing) res.setHeader('Connection', 'close');
    answering.add(req.socket);
    res.once('finish', () => {
      if (res.getHeader('connection') !== 'close') answering.delete(req.socket);
    });
    app(req, res);
  };
}

export function createHttpServer(app: HttpApp, { record, lifecycle }: HttpServerOptions = {}): Server {
  // Node checks these timeouts every connectionsCheckingInterval (30 s by default); once a second keeps them exact to a second.
  const server = createServer(
    { maxHeaderSize: 16 * 1024, requestTimeout: 30_000, headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    tracked(app, lifecycle),
  );
  server.keepAliveTimeout = 5_000;
  const open = new Set<Socket>();
  openConnections.set(server, open);
  server.on('connection', (socket: Socket) => {
    openedAt.set(socket, process.hrtime.bigint());
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, record));
  return server;
}

/**
 * Drains for shutdown: readiness turns 503, the server stops accepting new
 * connections, every request that arrives on an open connection is still
 * answered, and idle kept-alive connections are left to their keep-alive
 * timeout rather than cut, since a client may be sending on one at that
 * moment. Whatever is still open after `graceMs` is closed. Resolves once
 * every connection has ended.
 *
 * Answers say `Connection: close` only once `everyListenerClosed` resolves,
 * which it is given once this server has stopped accepting. A client told to
 * close reconnects at once, and under WORKERS a connection that lands on the
 * shared socket while another worker still holds it would be reset when that
 * worker closes it with the connection still queued; so the primary resolves
 * it only when every worker has stopped accepting.
 */
export function closeGracefully(
  server: Server,
  lifecycle: Lifecycle,
  graceMs: number,
  everyListenerClosed: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  lifecycle.draining = true;
  const open = openConnections.get(server) ?? new Set<Socket>();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    let accepting = true;
    const settle = () => {
      if (accepting || open.size > 0) return;
      clearTimeout(force);
      resolve();
    };
    for (const socket of open) socket.once('close', settle);
    server.on('connection', (socket: Socket) => socket.once('close', settle));
    // http.Server#close would also cut idle kept-alive connections; net.Server#close only stops accepting.
    net.Server.prototype.close.call(server, () => {
      accepting = false;
      settle();
    });
    void everyListenerClosed().then(() => {
      lifecycle.closing = true;
    });
  });
}

/**
 * The Prometheus endpoint, on a listener of its own (METRICS_PORT) so that
 * the public port never serves it: `GET /metrics`, 404 for anything else.
 */
export function createMetricsServer(metrics: HttpMetrics): Server {
  return createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      if (path === '/metrics') res.setHeader('Allow', 'GET, HEAD');
      sendDetail(res, path === '/metrics' ? 405 : 404, path === '/metrics' ? 'Method Not Allowed' : 'Not Found');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType });
        // Node sends no body in answer to HEAD, whatever is written.
        res.end(text);
      },
      () => sendDetail(res, 500, INTERNAL_MESSAGE),
    );
  });
}
