// Builds the client package's local entry, `timestamp-jwt-client/local` (contract §11): client/src/local.ts and the
// service's source it imports (the router, the core, the portable adapters, zod, jose, @noble/*) bundled by esbuild
// into client/dist/local.js, minified ESM, with tRPC left to the app's own copies (the package's peers); the
// Temporal polyfill, imported only where the host has no Temporal, is a chunk of its own. Its declarations,
// client/dist/local.d.ts, come from local.ts alone, which names only the client's own types.
// Run by the client's build (npm run build -w client, and so by npm pack).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
export const LOCAL_SOURCE = join(root, 'client/src/local.ts');
export const LOCAL_OUT = join(root, 'client/dist');
/** The peers: what the app brings, never bundled. */
export const PEERS = ['@trpc/client', '@trpc/server'];
/** Where the polyfill's chunk goes, beside local.js. */
const CHUNKS = 'local';

/** Bundles the local entry into `outdir`; returns esbuild's account of what went where. */
export async function buildLocalClient(outdir = LOCAL_OUT): Promise<Metafile> {
  rmSync(join(outdir, CHUNKS), { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints: [LOCAL_SOURCE],
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    // Current Chromium and Node 22 or later: nothing to lower.
    target: 'es2023',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    external: PEERS.flatMap((peer) => [peer, `${peer}/*`]),
    outdir,
    entryNames: '[name]',
    chunkNames: `${CHUNKS}/[name]-[hash]`,
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(join(outdir, 'local.d.ts'), localDeclarations());
  return metafile;
}

/** local.d.ts, from local.ts alone: its exports are annotated, so no other file is read. */
function localDeclarations(): string {
  const { outputText, diagnostics } = ts.transpileDeclaration(readFileSync(LOCAL_SOURCE, 'utf8'), {
    fileName: LOCAL_SOURCE,
    compilerOptions: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, declaration: true },
  });
  if (diagnostics !== undefined && diagnostics.length > 0) {
    throw new Error(
      ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' }),
    );
  }
  return outputText;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildLocalClient();
