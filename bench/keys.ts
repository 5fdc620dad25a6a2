// make bench: what /jwt/inspect-key costs in process, through the use case (no HTTP): a 2048-bit RSA JWK,
// a JWK Set of 100 EC keys, and a chain of three certificates as PEM text. Rewrites the keys section of
// docs/benchmarks.md. Targets (issue 35): under 1 ms, 20 ms and 5 ms.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { JoseSignatureVerifier } from '../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../src/adapters/driven/node-key-codec.js';
import { SystemClock } from '../src/adapters/driven/system-clock.js';
import { InspectKey } from '../src/core/jwt/use-cases/inspect-key.js';
import { CHAIN_PEM, EC_SET, RSA_JWK } from './key-inputs.js';
import { timeAwaited } from './timing.js';

const inspect = new InspectKey(new SystemClock(), new JoseSignatureVerifier(), new NodeKeyCodec());

const [rsa, ecSet, chainPem] = [RSA_JWK, EC_SET, CHAIN_PEM];

const rows = [
  ['2048-bit RSA JWK', await timeAwaited(() => inspect.execute({ key: rsa }), 2_000), 1],
  ['JWK Set of 100 EC P-256 keys', await timeAwaited(() => inspect.execute({ key: ecSet }), 200), 20],
  ['chain of 3 certificates (Ed25519, RSA 2048, EC P-384), PEM', await timeAwaited(() => inspect.execute({ key: chainPem }), 500), 5],
] as const;

const ms = (value: number) => (value < 0.1 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(2)} ms`);
for (const [label, timing] of rows) process.stderr.write(`${label.padEnd(60)} median ${ms(timing.median)} p99 ${ms(timing.p99)}\n`);

const section = `<!-- bench:keys:start -->
## Key inspection

Command: \`make bench\` (\`bench/keys.ts\`), Node ${process.version}, one core, in-process through the use case (no HTTP). Commit ${spawnSync('git', ['rev-parse', '--short', 'HEAD']).stdout.toString().trim()}, ${new Date().toISOString().slice(0, 10)}. Each call reads the text, checks every member, computes the thumbprint and the public PEM of every key and, for certificates, their names, fingerprints and signatures.

| Input | median | p99 | Target (median) |
|---|---:|---:|---:|
${rows.map(([label, timing, target]) => `| ${label} | ${ms(timing.median)} | ${ms(timing.p99)} | < ${target} ms |`).join('\n')}
<!-- bench:keys:end -->`;

const docPath = 'docs/benchmarks.md';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const marked = /<!-- bench:keys:start -->[\s\S]*<!-- bench:keys:end -->/;
const jwtEnd = '<!-- bench:jwt:end -->';
writeFileSync(
  docPath,
  marked.test(doc)
    ? doc.replace(marked, section)
    : doc.includes(jwtEnd)
      ? doc.replace(jwtEnd, `${jwtEnd}\n\n${section}`)
      : `${doc.trimEnd()}\n\n${section}\n`,
);
for (const [label, timing, target] of rows) {
  if (timing.median >= target) {
    process.stderr.write(`${label}: median ${ms(timing.median)} is over the ${target} ms target\n`);
    process.exitCode = 1;
  }
}
