// make bench: what /jwt/sign costs (issue 37), and what key generation does to everyone else.
// In process, through the use case: HS256 with a secret, ES256 and Ed25519 with given keys, RS256 with a given
// 2048-bit key. Over HTTP, on one server: decode's latency alone, then while RS256 key pairs are generated from
// many client addresses at once (TRUST_PROXY=1, a different X-Forwarded-For each); the p99 must stay within 2x.
// Rewrites the sign section of docs/benchmarks.md.
// Targets: HS256 under 100 us; ES256 and Ed25519 under 1 ms; RS256 under 5 ms; decode p99 under load at most 2x quiet.
import { generateKeyPairSync } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HmacKnownSecrets } from '../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { SystemClock } from '../src/adapters/driven/system-clock.js';
import { WebCryptoTokenSigner } from '../src/adapters/driven/web-crypto-token-signer.js';
import { NodeKeyCodec } from '../src/adapters/driven/node-key-codec.js';
import { buildHttpService, createContainer } from '../src/composition-root.js';
import { loadConfig } from '../src/config/config.js';
import { DecodeJwt } from '../src/core/jwt/use-cases/decode-jwt.js';
import { SignJwt } from '../src/core/jwt/use-cases/sign-jwt.js';
import { BASELINE_ROOT, loadBaseline } from './baseline.js';
import { pairedRatio, timeAwaited, timeAwaitedBatch } from './timing.js';

const clock = new SystemClock();
const signer = new SignJwt(clock, new WebCryptoTokenSigner(), new NodeKeyCodec(), new DecodeJwt(clock, new HmacKnownSecrets()));
const payload = { sub: '1234567890', name: 'John Doe', admin: true, iat: 1516239022 };
const jwkOf = (type: 'ec' | 'ed25519' | 'rsa') =>
  (type === 'ec'
    ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
    : type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ed25519')
  ).privateKey.export({ format: 'jwk' });

const cases = [
  ['HS256, a secret', { secret: 'a-string-secret-at-least-256-bits-long' }, 0.1],
  ['ES256, a given P-256 JWK', { key: jwkOf('ec') }, 1],
  ['Ed25519, a given JWK', { key: jwkOf('ed25519') }, 1],
  ['RS256, a given 2048-bit JWK', { key: jwkOf('rsa') }, 5],
] as const;
const inProcess = [];
for (const [name, source, target] of cases) {
  inProcess.push({ name, target, ...(await timeAwaited(() => signer.execute({ payload, ...source }), 2_000)) });
}

/**
 * HS256 signing against the baseline's SignJwt (bench/baseline.ts) in the same process: 30 alternating rounds of
 * 2,000 awaited calls, the median of the paired ratios. Before the key codec port (0f285b1) SignJwt took no codec.
 */
async function hs256AgainstBaseline(): Promise<number | undefined> {
  if (BASELINE_ROOT === undefined) return undefined;
  type Constructor = new (...args: unknown[]) => { execute(input: object): Promise<unknown> };
  const at = (dir: string) => [`src/core/jwt/use-cases/${dir}.ts`, `src/core/use-cases/${dir}.ts`];
  const { SignJwt: BaselineSignJwt } = await loadBaseline<{ SignJwt: Constructor }>(...at('sign-jwt'));
  const { DecodeJwt: BaselineDecodeJwt } = await loadBaseline<{ DecodeJwt: Constructor }>(...at('decode-jwt'));
  const { HmacKnownSecrets: BaselineSecrets } = await loadBaseline<{ HmacKnownSecrets: new () => unknown }>(
    'src/adapters/driven/known-secrets/hmac-known-secrets.ts',
  );
  const { WebCryptoTokenSigner: BaselineSigner } = await loadBaseline<{ WebCryptoTokenSigner: new () => unknown }>(
    'src/adapters/driven/web-crypto-token-signer.ts',
  );
  const decoder = new BaselineDecodeJwt(clock, new BaselineSecrets());
  const codec = await loadBaseline<{ NodeKeyCodec: new () => unknown }>('src/adapters/driven/node-key-codec.ts').catch(() => undefined);
  const baseline =
    codec === undefined
      ? new BaselineSignJwt(clock, new BaselineSigner(), decoder)
      : new BaselineSignJwt(clock, new BaselineSigner(), new codec.NodeKeyCodec(), decoder);
  const input = { payload, secret: 'a-string-secret-at-least-256-bits-long' };
  return pairedRatio(
    () => timeAwaitedBatch(() => baseline.execute(input), 2_000),
    () => timeAwaitedBatch(() => signer.execute(input), 2_000),
  );
}
const hs256Ratio = await hs256AgainstBaseline();
if (hs256Ratio !== undefined) process.stderr.write(`sign HS256, against ${BASELINE_ROOT}: ${hs256Ratio.toFixed(3)}×\n`);

// Over HTTP: one server, decode timed one request at a time, quiet and then beside RS256 generation.
const container = createContainer(loadConfig({ RATE_LIMIT_POINTS: '30', TRUST_PROXY: '1', LOG_LEVEL: 'silent' }));
const { app } = buildHttpService(container);
const server = createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const token =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
let client = 0;
// Each request from its own address, so that the rate limit never answers in the service's place.
const from = () => ({ 'X-Forwarded-For': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client++ & 255}` });
const decode = async () => {
  const response = await fetch(`${origin}/jwt/decode`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...from() },
    body: JSON.stringify({ token }),
  });
  if (response.status !== 200) throw new Error(`decode answered ${response.status}`);
  await response.arrayBuffer();
};
const quiet = await timeAwaited(decode, 2_000);
let generating = true;
let generated = 0;
const GENERATORS = 16;
const load = Array.from({ length: GENERATORS }, async () => {
  while (generating) {
    const response = await fetch(`${origin}/jwt/sign`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...from() },
      body: JSON.stringify({ payload: { sub: '1' }, alg: 'RS256', generate: true }),
    });
    if (response.status !== 200) throw new Error(`sign answered ${response.status}`);
    await response.arrayBuffer();
    generated++;
  }
});
const loaded = await timeAwaited(decode, 2_000);
generating = false;
await Promise.all(load);
server.close();

const ms = (value: number) => (value < 1 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(2)} ms`);
const ratio = loaded.p99 / quiet.p99;
for (const row of inProcess) process.stderr.write(`${row.name}: median ${ms(row.median)}, p99 ${ms(row.p99)}\n`);
process.stderr.write(
  `decode p99 quiet ${ms(quiet.p99)}, beside RS256 generation ${ms(loaded.p99)} (${ratio.toFixed(2)}x), ${generated} key pairs made\n`,
);

const section = `<!-- bench:sign:start -->
## Making tokens

Command: \`make bench\` (\`bench/sign.ts\`), Node ${process.version}. Commit ${spawnSync('git', ['rev-parse', '--short', 'HEAD']).stdout.toString().trim()}, ${new Date().toISOString().slice(0, 10)}. In process through the use case (the whole answer, the new token's decode body included), 2,000 calls each, jwt.io's example claims:

| Key | median | p99 | Target |
|---|---:|---:|---:|
${inProcess.map((row) => `| ${row.name} | ${ms(row.median)} | ${ms(row.p99)} | < ${ms(row.target)} |`).join('\n')}

Over HTTP, one server (\`RATE_LIMIT_POINTS=30\`, \`TRUST_PROXY=1\`, each request from its own X-Forwarded-For address): POST \`/jwt/decode\` of jwt.io's token, 2,000 requests one at a time, quiet and then while ${GENERATORS} clients ask for RS256 key pairs (\`generate: true\`) without pause (${generated} made meanwhile). Key generation runs on libuv's thread pool, off the event loop.

| Measure | quiet | beside key generation | Target |
|---|---:|---:|---:|
| decode median | ${ms(quiet.median)} | ${ms(loaded.median)} | |
| decode p99 | ${ms(quiet.p99)} | ${ms(loaded.p99)} (${ratio.toFixed(2)}×) | ≤ 2× |
<!-- bench:sign:end -->`;

const docPath = 'docs/benchmarks.md';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const marked = /<!-- bench:sign:start -->[\s\S]*<!-- bench:sign:end -->/;
const after = '<!-- bench:profiles:end -->';
writeFileSync(
  docPath,
  marked.test(doc)
    ? doc.replace(marked, section)
    : doc.includes(after)
      ? doc.replace(after, `${after}\n\n${section}`)
      : `${doc.trimEnd()}\n\n${section}\n`,
);
for (const row of inProcess) {
  if (row.median >= row.target) {
    process.stderr.write(`${row.name} takes ${ms(row.median)}, over the ${ms(row.target)} target\n`);
    process.exitCode = 1;
  }
}
if (ratio > 2) {
  process.stderr.write(`decode's p99 beside key generation is ${ratio.toFixed(2)}x the quiet one, over 2x\n`);
  process.exitCode = 1;
}
