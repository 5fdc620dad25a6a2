// The docs check themselves (issue 46): every path the README, docs/ and the ADRs cite exists, every relative link
// leads somewhere, every figure a sentence cites from docs/benchmarks.md is there, and the mutant tables cite commits,
// not line numbers that later edits move.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;
const read = (file: string): string => readFileSync(join(root, file), 'utf8').replaceAll('\u202f', ' ').replaceAll('\u00a0', ' ');
const DOCS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...readdirSync(join(root, 'docs/decisions'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/decisions/${name}`),
];

// The tracked files, and every folder that holds one: a doc may cite a path from the root or its tail
// (`contract/catalog.ts` for src/adapters/driving/contract/catalog.ts).
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const folders = new Set(tracked.flatMap((file) => file.split('/').slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join('/'))));
const paths = [...tracked, ...folders];
const exists = (cited: string): boolean => {
  const path = cited.replace(/\/$/, '');
  return paths.some((known) => known === path || known.endsWith(`/${path}`));
};

/** A code span that names a file or a folder: a path with an extension, or one that ends in `/`. */
const PATH = /^[a-z0-9_.@-]+(?:\/[a-zA-Z0-9_.@[\]-]+)*(?:\.(?:ts|tsx|md|json|cjs|sh|css|html|yml)|\/)$/;
/** What the build or a run makes, MIME types, and paths relative to the reader: not files of the repository. */
const NOT_TRACKED = /^(?:dist|reports|node_modules|application|\.\.?)\//;

describe('the docs', () => {
  it.each(DOCS)('%s cites only paths that exist', (doc) => {
    const missing = [...read(doc).matchAll(/`([^`\s]+)`/g)]
      .map((match) => (match[1] ?? '').replace(/[,.;:]$/, ''))
      .filter((span) => PATH.test(span) && !NOT_TRACKED.test(span) && !exists(span));
    expect(missing).toEqual([]);
  });

  it.each(DOCS)('%s links only to files that exist', (doc) => {
    const broken = [...read(doc).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(normalize(join(root, dirname(doc), target))));
    expect(broken).toEqual([]);
  });

  const benchmarks = read('docs/benchmarks.md');
  it.each(DOCS.filter((doc) => doc !== 'docs/benchmarks.md'))('%s cites figures of docs/benchmarks.md that it holds', (doc) => {
    // A sentence that names docs/benchmarks.md cites it for its figures: each must be there too.
    const sentences = read(doc)
      .split(/\n\s*\n|(?<=\.)\s+(?=[A-Z])/)
      .filter((sentence) => sentence.includes('benchmarks.md'));
    const absent = sentences.flatMap((sentence) =>
      [...sentence.matchAll(/(\d[\d,.]*?)\s?(?:ms|µs|×|%)/g)].map((match) => match[1] ?? '').filter((figure) => !benchmarks.includes(figure)),
    );
    expect(absent).toEqual([]);
  });

  it('cites commits in the mutant tables, never line numbers that later edits move', () => {
    expect(read('docs/testing.md').match(/\(lines? \d[^)]*\)/g) ?? []).toEqual([]);
  });
});
