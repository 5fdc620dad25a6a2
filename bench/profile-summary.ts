// Summarises a V8 .cpuprofile: self time by function and by package.
// Run: node --import tsx bench/profile-summary.ts <file.cpuprofile>
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
const profile = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const pkg = (url: string) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1] ?? url;
  if (url.includes('/dist/') || url.includes('/src/')) return 'service';
  return url === '' ? '(native/gc/idle)' : url.startsWith('node:') ? 'node core' : url;
};
const groups = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, time] of self) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  groups.set(pkg(url), (groups.get(pkg(url)) ?? 0) + time);
  const key = `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//, '')}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + time);
}
const show = (title: string, map: Map<string, number>, limit: number) => {
  process.stdout.write(`\n${title}\n`);
  for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    process.stdout.write(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}\n`);
  }
};
// Inclusive time: each function counted once per stack, however deep it recurses.
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map<string, number>();
const nameOf = (node: Node) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//, '')}:${node.callFrame.lineNumber + 1}`;
for (const [id, time] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at);
    if (!node) break;
    const name = nameOf(node);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + time);
  }
}
show('self time by package', groups, 15);
show('self time by function', functions, 30);
show('inclusive time by function', inclusive, Number(process.env.INCLUSIVE ?? 40));
