// Redis servers that require TLS client certificates (tls-auth-clients yes): REDIS_TLS_CERT_FILE
// and REDIS_TLS_KEY_FILE in every mode, a missing or foreign certificate, and refused handshakes
// that must never end the process.
import { eventually } from '../support/eventually.js';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisClient } from '../../src/adapters/driven/redis-connection.js';
import { DEPLOYMENTS_MISSING, TlsRedis, startTlsSentinelAndCluster } from '../support/redis-deployments.js';
import { REDIS_URL } from '../support/redis-server.js';
import {
  burstTheStoreAnswered,
  startInstance,
  startPair,
  statusesSplitAcross,
  stopInstance,
  successes,
  type Instance,
} from '../support/redis-instances.js';

const PASSWORD = 'tls-client-s3cret';
const skip = !REDIS_URL || DEPLOYMENTS_MISSING !== undefined;

/** The warning lines an instance logged (pino level 40). */
const warnings = (instance: Instance): string[] => instance.logs.filter((line) => (JSON.parse(line) as { level: number }).level === 40);

describe.skipIf(skip)('one TLS Redis that requires client certificates', () => {
  let server: TlsRedis;
  let url: string;

  beforeAll(async () => {
    server = await TlsRedis.start(PASSWORD, { requireClientCertificates: true });
    url = `rediss://127.0.0.1:${server.node.port}`;
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('shares one exact limit with REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE', async () => {
    const env = {
      REDIS_URL: url,
      REDIS_PASSWORD: PASSWORD,
      REDIS_TLS_CA_FILE: server.tls.caFile,
      REDIS_TLS_CERT_FILE: server.tls.clientCertFile,
      REDIS_TLS_KEY_FILE: server.tls.clientKeyFile,
    };
    const pair = await startPair(env, `tls-client:${randomUUID()}`);
    try {
      expect(successes((await burstTheStoreAnswered(pair, 100)).statuses)).toBe(30);
    } finally {
      await Promise.all(pair.map(stopInstance));
    }
  });

  it.each([
    ['no client certificate', false],
    ['a certificate another CA signed', true],
  ])('stays degraded and serving with %s, with one plain warning that names the cause', async (_label, stranger) => {
    const files: Record<string, string> = stranger
      ? { REDIS_TLS_CERT_FILE: server.tls.strangerCertFile, REDIS_TLS_KEY_FILE: server.tls.strangerKeyFile }
      : {};
    const instance = await startInstance(
      { REDIS_URL: url, REDIS_PASSWORD: PASSWORD, REDIS_TLS_CA_FILE: server.tls.caFile, ...files },
      `tls-refused:${randomUUID()}`,
    );
    try {
      await eventually(() => warnings(instance).length > 0, { timeoutMs: 3000 });
      // Several reconnect attempts later, still one warning. What is tested is that nothing more is said
      // as time passes, so the wait is the behaviour under test.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(instance.store.health()).toEqual({ name: 'redis', mode: 'single', state: 'degraded' });
      expect(successes(await statusesSplitAcross([instance], 31))).toBe(30);
      const lines = warnings(instance);
      expect(lines).toHaveLength(1);
      const { msg, reason } = JSON.parse(lines[0] ?? '{}') as { msg: string; reason: string };
      expect(msg).toBe('rate-limit store degraded to per-instance memory');
      expect(reason).toMatch(new RegExp(`^Redis at rediss://127\\.0\\.0\\.1:${server.node.port} is unreachable \\(`));
      expect(reason).toMatch(
        stranger
          ? /: the server (refused the TLS client certificate of REDIS_TLS_CERT_FILE|closed the connection during the TLS handshake)/
          : /: the server (requires a TLS client certificate; set REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE|closed the connection during the TLS handshake)/,
      );
      const log = instance.logs.join('\n');
      expect(log).not.toContain(PASSWORD);
      expect(log).not.toContain(readFileSync(server.tls.strangerKeyFile, 'utf8').split('\n')[1] ?? 'no key line');
    } finally {
      await stopInstance(instance);
    }
  });

  it.each([
    ['without a client certificate', [] as string[]],
    ['with a certificate another CA signed', ['stranger']],
  ])(
    'survives 100 refused handshakes in a row %s, in a process of its own',
    async (_label, which) => {
      const root = new URL('../..', import.meta.url).pathname;
      const certificate = which.length === 0 ? [] : [server.tls.strangerCertFile, server.tls.strangerKeyFile];
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/support/tls-refusals.ts', String(server.node.port), server.tls.caFile, '100', ...certificate],
        { cwd: root },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(err).toBe('');
      expect(code).toBe(0);
      expect((JSON.parse(out) as { failures: number }).failures).toBeGreaterThanOrEqual(100);
    },
    30_000,
  );

  it('absorbs a second error on a socket that ioredis no longer listens to, which a plain ioredis client does not', async () => {
    const ca = readFileSync(server.tls.caFile, 'utf8');
    const ours = createRedisClient(
      { topology: { mode: 'single', url }, tls: true, caPem: ca },
      { commandTimeoutMs: 1000, connectTimeoutMs: 1000 },
    ) as Redis;
    const plain = new Redis({ host: '127.0.0.1', port: server.node.port, tls: { ca }, retryStrategy: () => null });
    // Both clients connect as they are built, so listen to both before awaiting either: the plain
    // client's refusal can come while the test still waits for ours.
    const refused = [ours, plain].map((client) => {
      // The clients' own 'error' events are handled; what differs is their sockets' listeners.
      client.on('error', () => undefined);
      return new Promise((resolve) => client.once('error', resolve));
    });
    try {
      await Promise.all(refused);
      const second = new Error('a second error on the same socket');
      expect(() => ours.stream.emit('error', second)).not.toThrow();
      expect(() => plain.stream.emit('error', second)).toThrow(second);
    } finally {
      ours.disconnect();
      plain.disconnect();
    }
  });
});

describe.skipIf(skip)('Sentinels and a Cluster that require client certificates', () => {
  it('share one exact limit through REDIS_TLS=true with REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE', async () => {
    const { tls, sentinel, cluster, stop } = await startTlsSentinelAndCluster(true);
    const started: Instance[] = [];
    try {
      const common = {
        REDIS_TLS: 'true',
        REDIS_TLS_CA_FILE: tls.caFile,
        REDIS_TLS_CERT_FILE: tls.clientCertFile,
        REDIS_TLS_KEY_FILE: tls.clientKeyFile,
      };
      for (const env of [
        { ...common, REDIS_SENTINELS: sentinel.sentinelList, REDIS_SENTINEL_MASTER: sentinel.primaryName },
        { ...common, REDIS_CLUSTER_NODES: cluster.seedList },
      ]) {
        const pair = await startPair(env, `tls-clients-ha:${randomUUID()}`);
        started.push(...pair);
        expect(successes((await burstTheStoreAnswered(pair, 100)).statuses)).toBe(30);
      }
    } finally {
      await Promise.all(started.map(stopInstance));
      await stop();
    }
  }, 90_000);
});
