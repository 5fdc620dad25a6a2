// The typed client as a frontend meets it: packed with npm pack, installed from the
// tarball into an empty project, typechecked in three module modes, run in Node
// against a live server, and bundled and run in Chromium from another origin.
import { execFile, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, warnIfNoChromium } from '../support/chromium.js';
import { JWT_IO_TOKEN } from '../support/fixtures.js';
import { listen, testService, TEST_NOW_MS, type Running } from '../support/service.js';
import { PUBLIC_KEY_ALGORITHMS } from '../../src/core/shared/algorithms.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const scratch = mkdtempSync(join(tmpdir(), 'tsjwt-client-'));
let tarball = '';

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' } });
}

function must(result: SpawnSyncReturns<string>, what: string): string {
  if (result.status !== 0) throw new Error(`${what} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const GOOD = `import { createClient, PUBLIC_KEY_ALGORITHMS, SIGNING_ALGORITHMS, type AppRouter } from 'timestamp-jwt-client';
import { createLocalClient, localAppLink } from 'timestamp-jwt-client/local';
import { createTRPCClient } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';

// The local client is the remote one's type, and its link builds the same client.
export const local: ReturnType<typeof createClient> = createLocalClient({ now: () => 0 });
export const linked: ReturnType<typeof createClient> = createTRPCClient<AppRouter>({ links: [localAppLink()] });

const api = createClient('http://localhost:3000');
export async function calls(): Promise<string> {
  const utc = await api.unixTimestamp.toUtc.query({ timestamp: '1700000000', unit: 'seconds', tz: 'Europe/Berlin' });
  const unit: 'seconds' | 'milliseconds' | 'microseconds' | 'nanoseconds' = utc.detected_unit;
  const zone: string | undefined = utc.local?.time_zone;
  const unix = await api.unixTimestamp.toUnix.query({ datetime: '2024-10-27T02:30:00', tz: 'Europe/Berlin', disambiguation: 'later' });
  const kind: 'unique' | 'gap' | 'overlap' | undefined = unix.resolution?.kind;
  const decoded = await api.jwt.decode.query({ token: 'a.b.c', check_secrets: true });
  const severities: Array<'critical' | 'warning' | 'info'> = decoded.findings.map((finding) => finding.severity);
  const verified = await api.jwt.verify.query({ token: 'a.b.c', key: '{}' });
  const valid: boolean = verified.valid;
  const claims = await api.jwt.claims.query({ vendor: 'entra' });
  const vendor: string | null | undefined = claims.entries[0]?.vendor;
  const explainedBy: string | null | undefined = decoded.explained[0]?.title;
  const inspected = await api.jwt.inspectKey.query({ key: '{}', token: 'a.b.c' });
  const thumbprint: string | undefined = inspected.keys[0]?.thumbprint.uri;
  const validated = await api.jwt.validate.query({ token: 'a.b.c', profile: 'oidc_id_token', issuer: 'https://op.example' });
  const rule: string | undefined = validated.checks[0]?.rule;
  const pair: (typeof PUBLIC_KEY_ALGORITHMS)[number] = 'ES256';
  const signed = await api.jwt.sign.mutate({ payload: { sub: '1' }, generate: true, alg: pair, expires_in: 'PT1H' });
  const algorithms: readonly string[] = SIGNING_ALGORITHMS;
  const thumbprintOfSigned: string | undefined = signed.key?.thumbprint;
  const now = await api.unixTimestamp.now.query();
  const identified = await api.token.identify.query({ value: 'my string.wh6tMHxLgJqB6oY1uT73iMlyrOA', tz: 'UTC' });
  const first = identified.candidates[0];
  const tokenFormat: string | undefined = first?.format;
  const authenticated: boolean | undefined = first !== undefined && 'times' in first ? first.times[0]?.authenticated : undefined;
  const checked = await api.token.verify.mutate({ value: 'my string.wh6tMHxLgJqB6oY1uT73iMlyrOA', format: 'itsdangerous', secret: 'secret-key', max_age: 60 });
  const reason: 'signature_invalid' | 'expired' | 'not_yet_valid' | 'malformed' | undefined = checked.reason?.code;
  return [unit, zone, kind, severities.join(), valid, now.utc.iso, vendor, explainedBy, decoded.issuer_vendor?.code, thumbprint, rule, signed.token, thumbprintOfSigned, algorithms.join(), tokenFormat, authenticated, checked.valid, reason].join();
}
export type Outputs = inferRouterOutputs<AppRouter>;
`;

const BAD = `import { createClient } from 'timestamp-jwt-client';
const api = createClient('http://localhost:3000');
await api.unixTimestamp.toUtcc.query({ timestamp: '1' });
await api.unixTimestamp.toUtc.query({ timestamp: 1700000000 });
await api.jwt.verify.query({ secret: 'a-string-secret-at-least-256-bits-long' });
await api.jwt.claims.query({ name: 42 });
await api.jwt.inspectKey.query({ token: 'a.b.c' });
await api.jwt.validate.query({ profile: 'dpop_proof' });
await api.jwt.sign.query({ payload: {}, secret: 'x' });
await api.jwt.sign.mutate({ payload: 'not an object', secret: 'x' });
await api.token.verify.query({ value: 'x', format: 'fernet' });
await api.token.verify.mutate({ value: 'x', format: 'fernet', max_age: '60' });
`;

const MODES = {
  bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
  node16: { module: 'Node16', moduleResolution: 'Node16' },
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
} as const;

function typecheck(mode: keyof typeof MODES, file: string): SpawnSyncReturns<string> {
  const config = `tsconfig.${mode}.${file}.json`;
  writeFileSync(
    join(scratch, config),
    JSON.stringify({
      compilerOptions: {
        ...MODES[mode],
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'ESNext.Disposable'],
        types: [],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
      },
      files: [file],
    }),
  );
  return run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', config], scratch);
}

beforeAll(() => {
  // As on a clean clone: no dist/ until npm pack builds it (the client's prepack script).
  rmSync(join(root, 'client', 'dist'), { recursive: true, force: true });
  must(run('npm', ['pack', '-w', 'client', '--pack-destination', scratch, '--silent'], root), 'npm pack');
  const found = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
  if (!found) throw new Error('npm pack made no tarball');
  tarball = found;
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { 'timestamp-jwt-client': `file:./${tarball}` } }),
  );
  must(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], scratch), 'npm install of the tarball');
  writeFileSync(join(scratch, 'good.ts'), GOOD);
  writeFileSync(join(scratch, 'bad.ts'), BAD);
}, 180_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the client package, installed from its tarball', () => {
  it('ships the built client with its declarations, built by npm pack itself', () => {
    const files = must(run('tar', ['tzf', join(scratch, tarball)], scratch), 'listing the tarball').split('\n');
    for (const file of [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/app-router.d.ts',
      'dist/algorithms.js',
      'dist/local.js',
      'dist/local.d.ts',
      'package.json',
    ]) {
      expect(files).toContain(`package/${file}`);
    }
    // The local entry's Temporal polyfill, in a chunk of its own beside it.
    expect(files.some((file) => /^package\/dist\/local\/.+\.js$/.test(file))).toBe(true);
  });

  it('brings @trpc/client and nothing of the server', () => {
    const installed = readdirSync(join(scratch, 'node_modules'));
    for (const server of ['express', 'ioredis', 'helmet', 'pino', 'zod', 'jose', 'swagger-ui-dist', 'node', 'rate-limiter-flexible']) {
      expect(installed).not.toContain(server);
    }
    expect(existsSync(join(scratch, 'node_modules/@trpc/client'))).toBe(true);
    expect(existsSync(join(scratch, 'node_modules/@types/node'))).toBe(false);
  });

  it.each(Object.keys(MODES) as Array<keyof typeof MODES>)(
    'typechecks under moduleResolution %s, skipLibCheck off, no @types/node',
    (mode) => {
      const result = typecheck(mode, 'good.ts');
      expect(`${result.stdout}${result.stderr}`).toBe('');
      expect(result.status).toBe(0);
    },
  );

  it.each(Object.keys(MODES) as Array<keyof typeof MODES>)('refuses a misspelt procedure and wrong inputs under %s', (mode) => {
    const result = typecheck(mode, 'bad.ts');
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/bad\.ts\(3,\d+\): error TS2551: Property 'toUtcc' does not exist/);
    expect(result.stdout).toMatch(/bad\.ts\(4,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
    // key and secret are each optional (exactly one is checked at run time), but a token is always needed.
    expect(result.stdout).toMatch(/bad\.ts\(5,\d+\): error TS2345: .*Property 'token' is missing/s);
    expect(result.stdout).toMatch(/bad\.ts\(6,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
    expect(result.stdout).toMatch(/bad\.ts\(7,\d+\): error TS2345: .*Property 'key' is missing/s);
    expect(result.stdout).toMatch(/bad\.ts\(8,\d+\): error TS2345: .*Property 'token' is missing/s);
    // A mutation has no query, and its members are JSON values, not strings.
    expect(result.stdout).toMatch(/bad\.ts\(9,\d+\): error TS2339: Property 'query' does not exist/);
    expect(result.stdout).toMatch(/bad\.ts\(10,\d+\): error TS2322: Type 'string' is not assignable to type 'Record<string, unknown>'/);
    expect(result.stdout).toMatch(/bad\.ts\(11,\d+\): error TS2339: Property 'query' does not exist/);
    expect(result.stdout).toMatch(/bad\.ts\(12,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
  });

  describe('at run time', () => {
    let running: Running;

    beforeAll(async () => {
      running = await listen(testService({ RATE_LIMIT_POINTS: '100' }).app);
    });
    afterAll(() => running.close());

    it('answers in Node from the local entry as the live server does', async () => {
      writeFileSync(
        join(scratch, 'local-run.mjs'),
        `import { createClient } from 'timestamp-jwt-client';
import { createLocalClient } from 'timestamp-jwt-client/local';
const input = { token: process.argv[3], check_secrets: true };
const [remote, local] = await Promise.all([createClient(process.argv[2]).jwt.decode.query(input), createLocalClient({ now: () => Number(process.argv[4]) }).jwt.decode.query(input)]);
process.stdout.write(JSON.stringify({ same: JSON.stringify(local) === JSON.stringify(remote), finding: local.findings[0].code }));`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, ['local-run.mjs', running.url, JWT_IO_TOKEN, String(TEST_NOW_MS)], {
        cwd: scratch,
      });
      expect(JSON.parse(stdout)).toEqual({ same: true, finding: 'known_secret' });
    });

    it('calls a live server from Node', async () => {
      writeFileSync(
        join(scratch, 'node-run.mjs'),
        `import { createClient, PUBLIC_KEY_ALGORITHMS } from 'timestamp-jwt-client';
const api = createClient(process.argv[2]);
const [utc, decoded] = await Promise.all([api.unixTimestamp.toUtc.query({ timestamp: '1700000000' }), api.jwt.decode.query({ token: process.argv[3], check_secrets: true })]);
process.stdout.write(JSON.stringify({ iso: utc.utc.iso, finding: decoded.findings[0].code, pairs: PUBLIC_KEY_ALGORITHMS }));`,
      );
      // Not spawnSync: the live server runs in this process and must keep answering.
      const { stdout } = await promisify(execFile)(process.execPath, ['node-run.mjs', running.url, JWT_IO_TOKEN], { cwd: scratch });
      expect(JSON.parse(stdout)).toEqual({ iso: '2023-11-14T22:13:20Z', finding: 'known_secret', pairs: [...PUBLIC_KEY_ALGORITHMS] });
    });

    warnIfNoChromium('CLIENT BROWSER TEST');
    describe.skipIf(!chromiumAvailable)('in Chromium, from a page on another origin', () => {
      let page: Server;
      let pageUrl: string;
      let browser: Browser;

      beforeAll(async () => {
        writeFileSync(
          join(scratch, 'browser.ts'),
          `import { createClient } from 'timestamp-jwt-client';
const api = createClient((window as unknown as { API: string }).API);
// POST across origins: a preflight, then the JSON body.
const posting = createClient((window as unknown as { API: string }).API, { method: 'POST' });
const [utc, unix] = await Promise.all([api.unixTimestamp.toUtc.query({ timestamp: '1700000000' }), posting.unixTimestamp.toUnix.query({ datetime: '2024-03-31T02:30:00', tz: 'Europe/Berlin' })]);
document.body.dataset.result = JSON.stringify({ iso: utc.utc.iso, kind: unix.resolution?.kind });`,
        );
        must(
          run(bin('esbuild'), ['browser.ts', '--bundle', '--format=esm', '--platform=browser', '--outfile=browser.js'], scratch),
          'esbuild',
        );
        const script = (await import('node:fs')).readFileSync(join(scratch, 'browser.js'), 'utf8');
        page = createServer((req, res) => {
          if (req.url === '/app.js') {
            res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
            return;
          }
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              `<!doctype html><script>window.API = ${JSON.stringify(running.url)}</script><script type="module" src="/app.js"></script>`,
            );
        });
        await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
        const address = page.address();
        pageUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}/`;
        browser = await launchChromium();
      }, 60_000);

      afterAll(async () => {
        await browser?.close();
        await new Promise((resolve) => page?.close(resolve));
      });

      it('calls the service across origins (CORS) with the bundled client', async () => {
        const tab = await browser.newPage();
        await tab.goto(pageUrl);
        await tab.waitForFunction('document.body.dataset.result !== undefined', undefined, { timeout: 15_000 });
        const result = await tab.evaluate<string>('document.body.dataset.result');
        expect(new URL(pageUrl).origin).not.toBe(new URL(running.url).origin);
        expect(JSON.parse(result)).toEqual({ iso: '2023-11-14T22:13:20Z', kind: 'gap' });
      }, 30_000);
    });
  });
});

// The most common tRPC frontend: React with TanStack Query through tRPC's own integration, whose newest
// release pins its tRPC peers exactly. The client's tRPC peers must meet those pins, with no npm flags,
// and leave one copy of each, or the types break.
const REACT_APP = `import { QueryClient, useQuery } from '@tanstack/react-query';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createClient, type AppRouter } from 'timestamp-jwt-client';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();
export const queryClient = new QueryClient();
export const options = createTRPCOptionsProxy<AppRouter>({ client: createClient('http://localhost:3000', { method: 'POST' }), queryClient });

export function Decoded({ token }: { token: string }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.jwt.decode.queryOptions({ token }));
  const algorithm: string | null | undefined = data?.algorithm;
  return <p>{algorithm}</p>;
}
`;

const REACT_BAD = `import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './app.js';

export function Wrong({ token }: { token: string }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.jwt.decode.queryOptions({ tokn: token }));
  return <p>{data?.algorithm}</p>;
}
`;

describe('the client package beside @trpc/tanstack-react-query, React and TanStack Query', () => {
  const app = mkdtempSync(join(tmpdir(), 'tsjwt-react-'));
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  it('installs with no flags, one copy of each tRPC package, and typechecks queryOptions', () => {
    must(run('npm', ['pack', '-w', 'client', '--pack-destination', app, '--silent'], root), 'npm pack');
    const packed = readdirSync(app).find((name) => name.endsWith('.tgz')) ?? '';
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'react-app',
        private: true,
        type: 'module',
        dependencies: {
          'timestamp-jwt-client': `file:./${packed}`,
          '@trpc/tanstack-react-query': '11.22.1',
          '@tanstack/react-query': '^5.80.3',
          react: '^19.0.0',
          '@types/react': '^19.0.0',
        },
      }),
    );
    // No --legacy-peer-deps, no --force: a frontend installs it as it installs anything.
    must(run('npm', ['install', '--no-audit', '--no-fund'], app), 'npm install beside the React Query integration');
    const tree = JSON.parse(must(run('npm', ['ls', '--all', '--json', '@trpc/client', '@trpc/server'], app), 'npm ls')) as unknown;
    const versions = new Set<string>();
    const visit = (node: unknown, name: string): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [dependency, child] of Object.entries((node as { dependencies?: Record<string, unknown> }).dependencies ?? {})) {
        if (dependency === name) versions.add((child as { version: string }).version);
        visit(child, name);
      }
    };
    for (const name of ['@trpc/client', '@trpc/server']) {
      versions.clear();
      visit(tree, name);
      expect([...versions], name).toEqual(['11.22.1']);
    }
    writeFileSync(join(app, 'app.tsx'), REACT_APP);
    writeFileSync(join(app, 'bad.tsx'), REACT_BAD);
    const config = (files: string[]) =>
      JSON.stringify({
        compilerOptions: {
          module: 'ESNext',
          moduleResolution: 'Bundler',
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          jsx: 'react-jsx',
          strict: true,
          skipLibCheck: true,
          noEmit: true,
        },
        files,
      });
    writeFileSync(join(app, 'tsconfig.good.json'), config(['app.tsx']));
    writeFileSync(join(app, 'tsconfig.bad.json'), config(['app.tsx', 'bad.tsx']));
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const good = run(process.execPath, [tsc, '-p', 'tsconfig.good.json'], app);
    expect(`${good.stdout}${good.stderr}`).toBe('');
    const bad = run(process.execPath, [tsc, '-p', 'tsconfig.bad.json'], app);
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/bad\.tsx\(6,\d+\): error TS2769: No overload matches this call.*'tokn' does not exist/s);
    expect(bad.stdout).not.toMatch(/app\.tsx/);
  }, 300_000);
});
