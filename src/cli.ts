#!/usr/bin/env node
// The command line's entry point, the tsjwt bin. It turns Node's module compile cache on before
// anything else loads, so that from the second run on the command line's code is read from V8's
// cache rather than compiled again (docs/benchmarks.md has what that saves); then it runs the
// command line (cli-main.ts). `npm run build` bundles both with esbuild into dist/cli.js and its
// chunks, so that starting reads a few files rather than the hundred modules of zod and the core.
// Where no cache can be written (a read-only file system), Node says so in the status it returns
// and the CLI runs all the same.
// It needs Node 26 (Temporal, the compile cache): an older node that a PATH finds first is told so, not a crash.
if (Number(process.versions.node.split('.')[0]) < 26) {
  process.stderr.write(
    `tsjwt needs Node.js 26 or later, and this is ${process.version}: npx tsjwt and make run it on the project's own Node\n`,
  );
  process.exit(1);
}
// node:module is taken rather than imported: an import reads every export of a built-in module.
process.getBuiltinModule('node:module').enableCompileCache();
await import('./cli-main.js');
