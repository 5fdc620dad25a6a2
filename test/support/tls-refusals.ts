// Run by test/process/redis-tls-clients.test.ts in a process of its own: clients made by the
// service's own factory connect to a TLS Redis that refuses their handshake, over and over. The
// process must survive every refusal: it prints how many connection errors its clients saw and
// exits 0 once they reach the count asked for, or dies of an unhandled error on the way.
import { readFileSync } from 'node:fs';
import { createRedisClient, type RedisConnection } from '../../src/adapters/driven/redis-connection.js';

const [port = '', caFile = '', attempts = '100', certFile, keyFile] = process.argv.slice(2);
const connection: RedisConnection = {
  topology: { mode: 'single', url: `rediss://127.0.0.1:${port}` },
  tls: true,
  caPem: readFileSync(caFile, 'utf8'),
  ...(certFile === undefined || keyFile === undefined
    ? {}
    : { clientCertificate: { certPem: readFileSync(certFile, 'utf8'), keyPem: readFileSync(keyFile, 'utf8') } }),
};
const wanted = Number(attempts);
let failures = 0;
const clients = Array.from({ length: 25 }, () => {
  const client = createRedisClient(connection, { commandTimeoutMs: 1000, connectTimeoutMs: 1000 });
  client.on('error', () => (failures += 1));
  return client;
});
const timer = setInterval(() => {
  if (failures < wanted) return;
  clearInterval(timer);
  for (const client of clients) client.disconnect();
  process.stdout.write(`${JSON.stringify({ failures })}\n`);
}, 20);
