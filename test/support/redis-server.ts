import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { eventually } from './eventually.js';

/** The shared Redis the suite may use, or undefined: then the Redis tests are skipped, loudly. */
export const REDIS_URL = process.env.REDIS_URL;

if (!REDIS_URL) {
  process.stderr.write(
    '\n#### REDIS TESTS SKIPPED: REDIS_URL is not set. Run `REDIS_URL=redis://127.0.0.1:6379 make test` (or .ci/run) to include them. ####\n\n',
  );
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

export async function waitForPing(url: string, timeoutMs = 5000): Promise<void> {
  await eventually(
    async () => {
      const probe = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    },
    { timeoutMs, intervalMs: 50, what: `Redis at ${url} answering PING` },
  );
}

/** A private redis-server on its own port, so fault tests never disturb the machine's shared Redis. */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPing(this.url);
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
