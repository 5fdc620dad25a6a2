import { get, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/**
 * Writes raw bytes to a server (each string of `payload` as it comes, so that a
 * request can arrive in pieces) and resolves with everything it answered
 * before closing the connection.
 */
export function rawExchange(url: string, ...payload: string[]): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // An idle socket is given up after 5 s, so that a server that never answers fails the test.
    const socket = connect({ port: Number(port), host: hostname, timeout: 5000 }, () => {
      for (const piece of payload) socket.write(piece);
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.on('timeout', () => socket.destroy(new Error('no answer')));
  });
}

/** A GET whose body comes back as sent, not decompressed (node:http never decodes). */
export function getRaw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
