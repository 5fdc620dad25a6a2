import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * Answers what Node's parser refuses before Express sees it (oversized headers,
 * malformed request lines) with a JSON body, as every other error is.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = statusFor(error.code);
  const body = JSON.stringify({ detail: STATUS_TEXT[status] ?? 'Bad Request' });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
      `Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function createHttpServer(app: Express): Server {
  const server = createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 30_000, headersTimeout: 10_000 }, app);
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);
  return server;
}

/**
 * Stops accepting, lets requests in flight finish, and force-closes whatever
 * is still open after `graceMs`. Resolves once the server has closed.
 */
export function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    // A keep-alive connection turns idle once its request in flight is answered; close it then.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}
