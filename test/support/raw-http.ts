import { connect } from 'node:net';

/**
 * Writes raw bytes to a server (each string of `payload` as it comes, so that a
 * request can arrive in pieces) and resolves with everything it answered
 * before closing the connection.
 */
export function rawExchange(url: string, ...payload: string[]): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      for (const piece of payload) socket.write(piece);
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  });
}
