import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { onTestFinished } from 'vitest';
import { eventually } from './eventually.js';

const main = new URL('../../src/main.ts', import.meta.url).pathname;

export interface ServiceProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything the process wrote to stdout so far: its log lines. */
  readonly stdout: () => string;
  /** The exit code, once it exits. */
  readonly exited: Promise<number | null>;
  /** The listening lines so far, as `{pid, port}`: one per worker. */
  readonly listening: () => { pid: number; port: number }[];
}

/**
 * Starts the service as operators do, as its own process, and waits until
 * `listeners` processes (one, or one per worker) have logged "listening".
 * Node itself runs it, with tsx as a loader: the tsx CLI relays signals with a
 * 30 ms handshake, and on a loaded machine it gives up and exits 143, taking
 * the service down mid-drain. Whatever the test does, the process does not
 * outlive it.
 */
export async function startService(env: Record<string, string>, listeners = 1): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, PORT: '0', METRICS_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const listening = () =>
    [...out.matchAll(/"pid":(\d+)[^\n]*"port":(\d+)[^\n]*"msg":"listening"/g)].map((match) => ({
      pid: Number(match[1]),
      port: Number(match[2]),
    }));
  await eventually(() => listening().length >= listeners || child.exitCode !== null, {
    timeoutMs: 20_000,
    what: `${listeners} listening line(s) in ${JSON.stringify(out)}`,
  });
  if (listening().length < listeners) throw new Error(`the service exited with ${child.exitCode} before listening: ${out}`);
  return { child, stdout: () => out, exited, listening };
}
