// What `timestamp-jwt-client/local` costs a page that loads it (contract §11: at most 250 KB): the local entry and
// everything it loads at once, the service's zone-rules table and tRPC's client and server (its peers) included,
// minified as one file and gzip-compressed at level 9. What it imports only when asked is left out: the Temporal
// polyfill, loaded where the host has no Temporal.
// Run: npx tsx scripts/local-client-size.ts (it builds the entry afresh in a scratch directory and prints the figure).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildLocalClient } from './build-local-client.js';

export const LOCAL_CLIENT_BUDGET = 250 * 1024;

export interface LocalClientSize {
  readonly minified: number;
  readonly gzipped: number;
  /** The modules loaded only on demand, which the figure leaves out, by their source paths. */
  readonly onDemand: readonly string[];
}

/** Builds the local entry into a scratch directory and measures it with what it loads, as said above. */
export async function localClientSize(): Promise<LocalClientSize> {
  const outdir = mkdtempSync(join(tmpdir(), 'tsjwt-local-'));
  try {
    const metafile = await buildLocalClient(outdir);
    const outputs = Object.entries(metafile.outputs);
    const entry = outputs.find(([, output]) => output.entryPoint !== undefined);
    if (entry === undefined) throw new Error('the build made no entry');
    const dynamic = new Set(entry[1].imports.filter((imported) => imported.kind === 'dynamic-import').map((imported) => imported.path));
    const onDemand = outputs.filter(([path]) => dynamic.has(path)).flatMap(([, output]) => Object.keys(output.inputs));
    const bundled = await build({
      entryPoints: [join(outdir, 'local.js')],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      nodePaths: [fileURLToPath(new URL('../node_modules', import.meta.url))],
      write: false,
      logLevel: 'warning',
      plugins: [
        {
          name: 'leave-on-demand-imports',
          setup(builder) {
            builder.onResolve({ filter: /.*/ }, (args) =>
              args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
            );
          },
        },
      ],
    });
    const [file] = bundled.outputFiles;
    if (file === undefined) throw new Error('the measuring build wrote nothing');
    return { minified: file.contents.length, gzipped: gzipSync(file.contents, { level: 9 }).length, onDemand };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { minified, gzipped } = await localClientSize();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  process.stdout.write(
    `timestamp-jwt-client/local with its peers: ${kb(minified)} minified, ${kb(gzipped)} gzip-compressed (at most ${kb(LOCAL_CLIENT_BUDGET)}), the Temporal polyfill aside\n`,
  );
  if (gzipped > LOCAL_CLIENT_BUDGET) process.exitCode = 1;
}
