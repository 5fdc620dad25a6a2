// The parity test's host in another Node (Node 22, the oldest the local entry runs on, contract §11): the local
// client's entry, client/dist/local.js as the client workspace builds it, loaded by a child process of that Node as a
// Node app loads it (its peers, @trpc/client and @trpc/server, the repository's own), and answering each call with
// createLocalClient() there. The child runs parity-node-child.ts, bundled here: the same settle and offsetsOrNull as
// the other hosts run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { ChildReply, Question, Runtime } from './parity-node-child.js';
import { isMutation, type Host } from './parity-hosts.js';
import { LOCAL_BUNDLE } from './parity-page.js';
import { inputText } from './parity-settle.js';

/** The Node 22 binary the parity test runs the local entry in, from NODE22_BIN (.ci/run installs one), or none. */
export const NODE22_BIN = process.env.NODE22_BIN === '' ? undefined : process.env.NODE22_BIN;

/** Says loudly, once per file, that the Node 22 test will not run. */
export function warnIfNoNode22(what: string): void {
  if (NODE22_BIN === undefined) {
    process.stderr.write(
      `\n#### ${what} SKIPPED: NODE22_BIN is not set. Point it at a Node 22 binary (npm install --prefix <dir> node@22 puts one in <dir>/node_modules/.bin/node; .ci/run does). ####\n\n`,
    );
  }
}

/** parity-node-child.ts and what it imports, bundled for Node 22, the local entry left to be loaded by its URL. */
async function childScript(): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [new URL('./parity-node-child.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    write: false,
    logLevel: 'silent',
  });
  return outputFiles[0]?.text ?? '';
}

/**
 * createLocalClient() in a child process of the Node at `bin`, its clock fixed at `nowMs`, in a zone and a locale of
 * its own (no answer may depend on the host's): each batch of calls is one request, which runs `settle` on each call
 * in turn. Its zone rules are measured by the entry's own differingZones, and its offsets written by zoneOffsets, both
 * run there. `runtime` is what the child found before loading the entry.
 */
export async function nodeHost(bin: string, nowMs: number): Promise<Host & { readonly runtime: Runtime }> {
  if (!existsSync(LOCAL_BUNDLE)) throw new Error(`${LOCAL_BUNDLE} is missing: npm run -s build -w client builds it`);
  const folder = await mkdtemp(join(tmpdir(), 'tsjwt-parity-node-'));
  const script = join(folder, 'child.mjs');
  await writeFile(script, await childScript());
  // Nothing of this process's environment (NODE_OPTIONS, the test runner's variables) reaches the child.
  const child = spawn(bin, [script, pathToFileURL(LOCAL_BUNDLE).href, String(nowMs)], {
    env: { TZ: 'Australia/Lord_Howe', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // A write after the child has gone fails with EPIPE; what is waiting is told why by `exited`.
  child.stdin.on('error', () => undefined);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = `${stderr}${chunk}`.slice(-4000)));
  const exited = new Promise<string>((resolve) => {
    child.on('error', (error) => resolve(`${bin} did not run: ${error.message}`));
    child.on('close', (code, signal) => resolve(`the child exited (${signal ?? code ?? 'unknown'}): ${stderr}`));
  });

  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let ready: (runtime: Runtime) => void = () => undefined;
  const started = new Promise<Runtime>((resolve) => (ready = resolve));
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    const reply = JSON.parse(line) as ChildReply | { ready: Runtime };
    if ('ready' in reply) return ready(reply.ready);
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if ('error' in reply) waiting?.reject(new Error(`the child failed: ${reply.error}`));
    else waiting?.resolve(reply.result);
  });
  void exited.then((why) => {
    for (const waiting of pending.values()) waiting.reject(new Error(why));
    pending.clear();
  });

  let last = 0;
  const ask = <T>(question: Question): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++last;
      pending.set(id, { resolve, reject });
      child.stdin.write(`${JSON.stringify({ ...question, id })}\n`);
    });

  let runtime: Runtime;
  try {
    runtime = await Promise.race([started, exited.then((why) => Promise.reject(new Error(why)))]);
  } finally {
    // The child has read its script by the time it is ready, or has gone.
    await rm(folder, { recursive: true, force: true });
  }
  return {
    runtime,
    answer: (calls) =>
      ask<string[]>({
        kind: 'answer',
        calls: calls.map(({ procedure, input }) => [procedure, inputText(input) ?? null, isMutation(procedure)]),
      }),
    differingZones: (zones) => ask<string[]>({ kind: 'differingZones', zones }),
    zoneOffsets: (zones) => ask<(string | null)[]>({ kind: 'zoneOffsets', zones }),
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
