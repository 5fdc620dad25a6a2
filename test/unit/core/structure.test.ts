// The core's structure (docs/architecture.md): bounded contexts over a shared base, each importing only the contexts
// below it, and no import circle between files, type imports included; and free of its host, with no Node module and
// no Buffer (ADR 0008, ADR 0009), so that it runs wherever JavaScript does; as must the browser's host (src/local) and
// the portable adapters it builds on (contract §11, ADR 0010).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../src/core/', import.meta.url).pathname;
const src = new URL('../../../src/', import.meta.url).pathname;

/** What each context may import: those below it, and itself. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  shared: ['shared'],
  time: ['shared', 'time'],
  keys: ['shared', 'time', 'keys'],
  jwt: ['shared', 'time', 'keys', 'jwt'],
  tokens: ['shared', 'time', 'keys', 'jwt', 'tokens'],
  'rate-limit': ['shared', 'rate-limit'],
  'use-cases': ['shared', 'time', 'keys', 'jwt', 'tokens', 'use-cases'],
};

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** Every relative module a file names: static imports and exports, type ones included, and `import()`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map((match) => match[1] ?? '');
  return specifiers.map((specifier) => normalize(join(dirname(file), specifier.replace(/\.js$/, '.ts'))));
}

const contextOf = (file: string): string => relative(root, file).split('/')[0] ?? '';
const files = filesUnder(root);
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('the core', () => {
  it('is its contexts and the use-case table alone, each file in one of them', () => {
    expect(new Set(files.map(contextOf))).toEqual(new Set(Object.keys(MAY_IMPORT)));
  });

  it('imports only files that exist, within the core', () => {
    for (const [file, imports] of graph)
      for (const target of imports) {
        expect(target.startsWith(root), `${relative(root, file)} imports ${target}`).toBe(true);
        expect(graph.has(target), `${relative(root, file)} imports ${relative(root, target)}`).toBe(true);
      }
  });

  it('imports no context above the importing one', () => {
    const upward = [...graph].flatMap(([file, imports]) =>
      imports
        .filter((target) => !(MAY_IMPORT[contextOf(file)] ?? []).includes(contextOf(target)))
        .map((target) => `${relative(root, file)} -> ${relative(root, target)}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import circle', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map((step) => relative(root, step)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('names no Node module and no Buffer, in code (comments aside), type positions included', () => {
    expect(hostNames(files)).toEqual([]);
  });
});

/** Where files name a Node module (import, export, import(), require, process.getBuiltinModule) or Buffer, in code. */
function hostNames(paths: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of paths) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) && /^node:/.test(node.text)) found.push(`${relative(src, file)}: '${node.text}'`);
      if (ts.isIdentifier(node) && node.text === 'Buffer') found.push(`${relative(src, file)}: Buffer`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the hosts beyond the server', () => {
  it.each(['adapters/driven/portable', 'local'])('src/%s names no Node module and no Buffer either, for it runs in Chromium', (dir) => {
    const paths = filesUnder(join(src, dir));
    expect(paths.length).toBeGreaterThan(0);
    expect(hostNames(paths)).toEqual([]);
  });
});
