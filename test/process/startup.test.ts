// Start-up as an operator meets it: spawned processes of the built-from-source service.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/redis-server.js';

const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
const main = new URL('../../src/main.ts', import.meta.url).pathname;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts the service and collects what it prints, until it exits or `ms` pass (then it is stopped). */
function start(env: Record<string, string>, ms: number, until?: (stdout: string) => boolean): Promise<Run> {
  return new Promise((resolve) => {
    // Node stops it with SIGTERM once `ms` pass.
    const child = spawn(tsx, [main], { env: { ...process.env, METRICS_PORT: '0', LOG_LEVEL: 'silent', ...env }, timeout: ms });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until?.(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('start-up failures', () => {
  let taken: Server;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '0.0.0.0', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it.each(['silent', 'info'])('names a port in use in one plain line and exits 1, at LOG_LEVEL=%s', async (level) => {
    const run = await start({ PORT: String(port), LOG_LEVEL: level }, 10_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`port ${port} is already in use\n`);
  });

  it.each(['1', '2'])('names a metrics port in use once, with WORKERS=%s', async (workers) => {
    const run = await start({ PORT: '0', METRICS_PORT: String(port), WORKERS: workers }, 15_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`METRICS_PORT ${port} is already in use: set METRICS_PORT to a free port, or to 0 to turn that listener off\n`);
  });

  it('names a port in use once with WORKERS=2, from the primary that owns it', async () => {
    const run = await start({ PORT: String(port), WORKERS: '2' }, 15_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`port ${port} is already in use\n`);
  });

  it('names a HOST this machine does not have', async () => {
    const run = await start({ PORT: '0', HOST: '192.0.2.1' }, 10_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('HOST 192.0.2.1 cannot be bound: it is not an address of this machine\n');
  });

  it('refuses a bad REDIS_URL without printing its password', async () => {
    const run = await start({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'redis://:s3cret@127.0.0.1:abc' }, 10_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('REDIS_URL is not a URL such as redis://:password@host:6379/0: redis://***@127.0.0.1:abc');
    expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret');
  });
});

describe('an unreachable Redis at start-up', () => {
  it('is a warning at once, with the address but never the password, and the service serves', async () => {
    const deadPort = await freePort();
    const run = await start(
      { PORT: '0', LOG_LEVEL: 'warn', RATE_LIMIT_STORE: 'redis', REDIS_URL: `redis://:s3cret@127.0.0.1:${deadPort}` },
      5_000,
      (stdout) => stdout.includes('unreachable'),
    );
    const warning = run.stdout.split('\n').find((line) => line.includes('unreachable'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning ?? '{}')).toMatchObject({
      level: 'warn',
      reason: expect.stringContaining(`redis://***@127.0.0.1:${deadPort}`),
    });
    expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret');
    expect(run.code).toBe(0);
  }, 15_000);
});

describe('V8’s allocation-site pretenuring', () => {
  const node = new URL('../../node_modules/.bin/node', import.meta.url).pathname;
  const probe = new URL('../support/pretenuring-probe.ts', import.meta.url).pathname;
  const v8Flags = ['--trace-pretenuring-statistics', '--import', 'tsx', '--import', probe];

  /** V8's pretenuring reports on allocation sites printed while the probe ran, between its two marks. */
  const reportsDuringProbe = (stdout: string): number => {
    const during = stdout.slice(stdout.indexOf('probe start'), stdout.indexOf('probe done'));
    return [...during.matchAll(/pretenuring: AllocationSite\(/g)].length;
  };

  /** Runs node until it exits, with what it printed. */
  function run(args: string[], env: Record<string, string>, onStdout: (stdout: string, child: ChildProcess) => void): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(node, args, { env: { ...process.env, ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        onStdout(stdout, child);
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('is reported for a million kept objects in a plain Node process (the control)', async () => {
    const { code, stdout } = await run([...v8Flags, '-e', ''], { PROBE_NOW: '1' }, () => undefined);
    expect(code).toBe(0);
    expect(stdout).toContain('probe done');
    expect(reportsDuringProbe(stdout)).toBeGreaterThan(0);
  });

  it('is off in the service: the same objects, made once it listens, are never reported', async () => {
    let step: 'starting' | 'probing' | 'stopping' = 'starting';
    const { code, stdout } = await run(
      [...v8Flags, main],
      { PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'production' },
      (output, child) => {
        if (step === 'starting' && output.includes('"msg":"listening"')) {
          step = 'probing';
          child.kill('SIGUSR2');
        } else if (step === 'probing' && output.includes('probe done')) {
          step = 'stopping';
          child.kill('SIGTERM');
        }
      },
    );
    expect(code).toBe(0);
    expect(stdout).toContain('probe start');
    expect(stdout).toContain('probe done');
    expect(reportsDuringProbe(stdout)).toBe(0);
  }, 20_000);
});
