// The client package's local entry as it is built (scripts/build-local-client.ts): its size with what it loads, its
// declarations, its answers in Node with the host's Temporal and with the polyfill, and the remote entry without it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocalClient, PEERS } from '../../scripts/build-local-client.js';
import { LOCAL_CLIENT_BUDGET, localClientSize } from '../../scripts/local-client-size.js';
import { JWT_IO_TOKEN } from '../support/fixtures.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the repository, so that the build's imports of its peers resolve to the repository's own tRPC.
const cache = join(root, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const outdir = mkdtempSync(join(cache, 'tsjwt-local-'));

beforeAll(() => buildLocalClient(outdir), 60_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const RUN = `const { createLocalClient, differingZones, serviceTzdata, zoneRulesMatch } = await import(process.argv[2]);
const api = createLocalClient({ now: () => 1_800_000_000_123 });
const answers = await Promise.all([
  api.unixTimestamp.toUnix.query({ datetime: '2024-10-27T02:30:00', tz: 'Europe/Berlin', disambiguation: 'later' }),
  api.unixTimestamp.add.query({ from: '2024-03-30T12:00:00[Europe/Berlin]', duration: 'P1D' }),
  api.jwt.decode.query({ token: process.argv[3], check_secrets: true }),
  api.unixTimestamp.toUtc.query({ timestamp: '1e9' }).catch((error) => ({ message: error.message, data: error.data })),
  api.jwt.verify.query({ token: process.argv[3], secret: 'your-256-bit-secret' }),
  api.jwt.sign.mutate({ payload: { sub: '1' }, secret: 'a-string-secret-at-least-256-bits-long', expires_in: 'PT1H' }),
]);
const native = (method) => Function.prototype.toString.call(method).includes('[native code]');
// After the first call, as the README says, where the host has no Temporal of its own.
const zones = [serviceTzdata, zoneRulesMatch('America/Winnipeg'), differingZones(['UTC', 'europe/berlin', 'Mars/Olympus_Mons'])];
process.stdout.write(JSON.stringify({ native: [native(Temporal.Instant), native(Uint8Array.fromBase64)], answers, zones }));`;

describe('timestamp-jwt-client/local, as built', () => {
  it(`weighs at most ${LOCAL_CLIENT_BUDGET / 1024} KB gzip-compressed with what it loads, the Temporal polyfill aside`, async () => {
    const { gzipped, onDemand } = await localClientSize();
    expect(gzipped).toBeLessThanOrEqual(LOCAL_CLIENT_BUDGET);
    // What the figure leaves out is the polyfill alone (with its own dependencies), loaded only where the host has no Temporal.
    expect(onDemand.some((path) => path.includes('node_modules/temporal-polyfill/'))).toBe(true);
    expect(onDemand.filter((path) => !/node_modules\/temporal-(polyfill|utils|spec)\//.test(path))).toEqual([]);
  }, 60_000);

  it('declares itself in the client’s own types, naming nothing of the server', () => {
    const declarations = readFileSync(join(outdir, 'local.d.ts'), 'utf8');
    const imported = [...declarations.matchAll(/from '([^']+)'/g)].map(([, from]) => from);
    expect(new Set(imported)).toEqual(new Set(['@trpc/client', './app-router.js']));
    expect(declarations).toMatch(/export declare function createLocalClient\(options\?: LocalClientOptions\): TRPCClient<AppRouter>;/);
    expect(declarations).toMatch(/export declare function localAppLink\(options\?: LocalClientOptions\): TRPCLink<AppRouter>;/);
    expect(declarations).toMatch(/export declare const serviceTzdata: string;/);
    expect(declarations).toMatch(/export declare function zoneRulesMatch\(zone: string\): boolean;/);
    expect(declarations).toMatch(/export declare function differingZones\(zones: Iterable<string>\): string\[\];/);
  });

  it('answers alike in Node with its own Temporal and base64, and as in Node 22, without them', async () => {
    const script = join(outdir, 'run.mjs');
    writeFileSync(script, RUN);
    const run = async (...flags: string[]) => {
      const { stdout } = await promisify(execFile)(process.execPath, [...flags, script, join(outdir, 'local.js'), JWT_IO_TOKEN]);
      return JSON.parse(stdout) as { native: [boolean, boolean]; answers: unknown[]; zones: unknown[] };
    };
    // Node 22 has neither Temporal nor Uint8Array's base64 and hex methods: this Node, without them.
    const withoutBase64 = `data:text/javascript,${encodeURIComponent(
      'delete Uint8Array.fromBase64; delete Uint8Array.fromHex; delete Uint8Array.prototype.toBase64; delete Uint8Array.prototype.toHex;',
    )}`;
    const [own, polyfilled] = await Promise.all([run(), run('--no-harmony-temporal', '--import', withoutBase64)]);
    expect([own.native, polyfilled.native]).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(JSON.stringify(polyfilled.answers)).toBe(JSON.stringify(own.answers));
    // This Node's zone rules are the service's, read through the polyfill too (it reads the same ICU's).
    expect([own.zones, polyfilled.zones]).toEqual([
      [process.versions.tz, true, []],
      [process.versions.tz, true, []],
    ]);
    expect(own.answers[3]).toEqual({
      message: 'timestamp must be a decimal integer (an optional sign and digits)',
      data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'unixTimestamp.toUtc' },
    });
  }, 30_000);
});

describe('timestamp-jwt-client, the remote entry', () => {
  it('loads nothing of the local core', async () => {
    const { metafile } = await build({
      entryPoints: [join(root, 'client/src/index.ts')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      external: PEERS,
      logLevel: 'silent',
    });
    expect(Object.keys(metafile.inputs).filter((input) => !input.startsWith('client/src/'))).toEqual([]);
  });
});
