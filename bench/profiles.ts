// make bench: what token profiles cost in process (issue 36): what detection and the structural rules add
// to a plain decode, /jwt/validate's use case without a key, and with a key against /jwt/verify's on the
// same token and key. Rewrites the profiles section of docs/benchmarks.md.
// Targets: detection at most 5% of a decode; validate without a key under 200 µs; with a key at most
// verify plus 50 µs.
import { generateKeyPairSync } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SignJWT } from 'jose';
import { HmacKnownSecrets } from '../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { JoseSignatureVerifier } from '../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../src/adapters/driven/node-key-codec.js';
import { SystemClock } from '../src/adapters/driven/system-clock.js';
import { profileReport } from '../src/core/jwt/profiles/profiles.js';
import { DecodeJwt } from '../src/core/jwt/use-cases/decode-jwt.js';
import { ValidateJwt } from '../src/core/jwt/use-cases/validate-jwt.js';
import { VerifyJwt } from '../src/core/jwt/use-cases/verify-jwt.js';
import { timeBatched } from './timing.js';

const clock = new SystemClock();
const jose = new JoseSignatureVerifier();
const decoder = new DecodeJwt(clock, new HmacKnownSecrets());
const keyCodec = new NodeKeyCodec();
const verifier = new VerifyJwt(clock, jose, keyCodec, decoder);
const validator = new ValidateJwt(clock, jose, keyCodec, verifier);

const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const key = JSON.stringify(publicKey.export({ format: 'jwk' }));
const now = Math.floor(Date.now() / 1000);
const idToken = await new SignJWT({
  iss: 'https://op.example',
  sub: 'alice',
  aud: 'client-1',
  nonce: 'n-0S6_WzA2Mj',
  iat: now,
  exp: now + 600,
})
  .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
  .sign(privateKey);

/** The median of `rounds` rounds of `perRound` awaited calls, per call, in milliseconds. */
async function timeAsync(run: () => Promise<unknown>, rounds: number, perRound: number): Promise<number> {
  for (let i = 0; i < perRound; i++) await run();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < perRound; i++) await run();
    samples.push((performance.now() - started) / perRound);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

const body = decoder.execute({ token: idToken });
// Decode and detection take turns, batch by batch, and the share is the median of each pair's share.
const shares: [decode: number, detect: number, share: number][] = [];
for (let round = 0; round < 32; round++) {
  const decoded = timeBatched(() => decoder.execute({ token: idToken }), 1, 20_000);
  const detected = timeBatched(() => profileReport(body.header, body.payload ?? {}), 1, 20_000);
  if (round > 0) shares.push([decoded, detected, detected / (decoded - detected)]);
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const decode = median(shares.map(([decoded]) => decoded));
const detect = median(shares.map(([, detected]) => detected));
const share = median(shares.map(([, , part]) => part));
const expectations = { issuer: 'https://op.example', audience: 'client-1', nonce: 'n-0S6_WzA2Mj' };
const withoutKey = await timeAsync(() => validator.execute({ token: idToken, ...expectations }), 21, 2_000);
// With a key, validate and verify take turns, round by round, so that a host's drift falls on both alike.
const pairs: [number, number][] = [];
for (let round = 0; round < 22; round++) {
  const validated = await timeAsync(() => validator.execute({ token: idToken, ...expectations, key }), 1, 250);
  const verified = await timeAsync(() => verifier.execute({ token: idToken, key }), 1, 250);
  if (round > 0) pairs.push([validated, verified]);
}
const withKey = median(pairs.map(([validated]) => validated));
const verify = median(pairs.map(([, verified]) => verified));
const extra = median(pairs.map(([validated, verified]) => validated - verified));

const us = (value: number) => `${(value * 1000).toFixed(1)} µs`;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
process.stderr.write(`decode ${us(decode)}, profile detection and structural rules ${us(detect)} (${percent(share)})\n`);
process.stderr.write(`validate without key ${us(withoutKey)}, with key ${us(withKey)}, verify ${us(verify)}, difference ${us(extra)}\n`);

const section = `<!-- bench:profiles:start -->
## Token profiles

Command: \`make bench\` (\`bench/profiles.ts\`), Node ${process.version}, one core, in-process through the use cases (no HTTP). Commit ${spawnSync('git', ['rev-parse', '--short', 'HEAD']).stdout.toString().trim()}, ${new Date().toISOString().slice(0, 10)}. An ES256 ID token of six claims; detection is \`profileReport\` (the detection table and the structural rules) alone, against the whole decode that includes it, in 31 alternating pairs of batches of 20,000 calls, the share the median of the pairs' shares; validate without a key is the median of 21 rounds of 2,000 calls; with a key, validate and verify alternate over 21 rounds of 250 calls each.

| Measure | Result | Target |
|---|---:|---:|
| decode, whole | ${us(decode)} | |
| profile detection and structural rules, share of a plain decode | ${us(detect)}, ${percent(share)} | ≤ 5% |
| /jwt/validate without a key (issuer, audience, nonce) | ${us(withoutKey)} | < 200 µs |
| /jwt/validate with a key, against /jwt/verify with it | ${us(withKey)} against ${us(verify)}: ${us(extra)} more (median of the rounds' differences) | ≤ 50 µs more |
<!-- bench:profiles:end -->`;

const docPath = 'docs/benchmarks.md';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const marked = /<!-- bench:profiles:start -->[\s\S]*<!-- bench:profiles:end -->/;
const keysEnd = '<!-- bench:keys:end -->';
writeFileSync(
  docPath,
  marked.test(doc)
    ? doc.replace(marked, section)
    : doc.includes(keysEnd)
      ? doc.replace(keysEnd, `${keysEnd}\n\n${section}`)
      : `${doc.trimEnd()}\n\n${section}\n`,
);
if (share > 0.05) {
  process.stderr.write(`profile detection adds ${percent(share)} to a decode, over the 5% target\n`);
  process.exitCode = 1;
}
if (withoutKey >= 0.2) {
  process.stderr.write(`validate without a key takes ${us(withoutKey)}, over the 200 µs target\n`);
  process.exitCode = 1;
}
if (extra > 0.05) {
  process.stderr.write(`validate with a key costs ${us(extra)} more than verify, over the 50 µs target\n`);
  process.exitCode = 1;
}
