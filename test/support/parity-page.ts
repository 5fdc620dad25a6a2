/// <reference lib="dom" />
// The parity test's host in Chromium: a page of its own origin that loads the local client's entry
// (client/dist/local.js, as the client workspace builds it, bundled with its peers as an app bundles it) and answers
// each call with createLocalClient().
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import type { Request } from 'playwright-core';
import { zoneOffsets } from '../../src/local/zone-rules.js';
import { launchChromium } from './chromium.js';
import { isMutation, type Host } from './parity-hosts.js';
import { inputText, settle } from './parity-settle.js';

const CLIENT_DIST = new URL('../../client/dist/', import.meta.url).pathname;
export const LOCAL_BUNDLE = join(CLIENT_DIST, 'local.js');

const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parity</title></head><body></body></html>';

/**
 * client/dist/local.js as a browser app gets it: bundled by esbuild with its peers (@trpc/client and @trpc/server,
 * which the package leaves to the app), its lazily loaded chunks kept apart. The files by their names.
 */
async function bundleForPage(): Promise<ReadonlyMap<string, Uint8Array>> {
  const { outputFiles } = await build({
    entryPoints: { local: LOCAL_BUNDLE },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome130',
    outdir: '/parity',
    write: false,
    logLevel: 'silent',
  });
  return new Map(outputFiles.map((file) => [`/${basename(file.path)}`, file.contents]));
}

/** Serves the page and the bundle, and nothing else, on the loopback interface (a secure context, for Web Crypto). */
async function serveBundle(files: ReadonlyMap<string, Uint8Array>): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = files.get(path);
    if (path === '/') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (file === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface ParityWindow {
  parityClient: unknown;
  parityLocal: { differingZones(zones: Iterable<string>): string[] };
  settle: typeof settle;
  zoneOffsets: typeof zoneOffsets;
}

/**
 * createLocalClient() in headless Chromium, its clock fixed at `nowMs`, in a zone and a locale of its own: each batch of calls is one `page.evaluate`,
 * which runs `settle` (the same function the Node hosts run) on each call in turn. Its zone rules are measured by the
 * entry's own differingZones, and its offsets written by zoneOffsets, run in the page as `settle` is. Every request the
 * page makes is recorded: `requests` lists any beyond the page's own origin, where nothing may go.
 */
export async function chromiumHost(nowMs: number): Promise<Host & { readonly strayRequests: readonly string[] }> {
  if (!existsSync(LOCAL_BUNDLE)) throw new Error(`${LOCAL_BUNDLE} is missing: npm run -s build -w client builds it`);
  const served = await serveBundle(await bundleForPage());
  const browser = await launchChromium();
  // A zone and a locale other than the service's (UTC, en): no answer may depend on the host's own.
  const page = await browser.newPage({ timezoneId: 'Australia/Lord_Howe', locale: 'de-DE' });
  const strayRequests: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(`${served.origin}/`)) strayRequests.push(`${request.method()} ${request.url()}`);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${served.origin}/`);
  await page.evaluate(`window.settle = ${settle.toString()}; window.zoneOffsets = ${zoneOffsets.toString()}`);
  // Text, not a function: the test runner rewrites a dynamic import() in a function it compiles.
  await page.evaluate(
    `import('/local.js').then((local) => { window.parityLocal = local; window.parityClient = local.createLocalClient({ now: () => ${nowMs} }); })`,
  );
  return {
    strayRequests,
    async answer(calls) {
      const batch = calls.map(({ procedure, input }) => [procedure, inputText(input), isMutation(procedure)] as const);
      const answers = await page.evaluate(async (sent) => {
        const own = window as unknown as ParityWindow;
        const settled: string[] = [];
        for (const [procedure, input, mutation] of sent) settled.push(await own.settle(own.parityClient, procedure, input, mutation));
        return settled;
      }, batch);
      if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
      return answers;
    },
    differingZones: (zones) => page.evaluate((named) => (window as unknown as ParityWindow).parityLocal.differingZones(named), zones),
    zoneOffsets: (zones) =>
      page.evaluate(
        (named) =>
          named.map((zone) => {
            try {
              return (window as unknown as ParityWindow).zoneOffsets(zone);
            } catch (error) {
              if (error instanceof RangeError) return null;
              throw error;
            }
          }),
        zones,
      ),
    async close() {
      await browser.close();
      await served.close();
    },
  };
}
