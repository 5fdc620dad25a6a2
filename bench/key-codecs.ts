// node --import tsx bench/key-codecs.ts: the portable key codec against node:crypto's (ADR 0010). Its size, bundled
// and minified by esbuild and compressed by gzip -9 (the codec alone, and with @noble/curves apart), and what
// /jwt/inspect-key costs in process through the use case over each codec and its host's verifier: a 2048-bit RSA JWK,
// a JWK Set of 100 EC P-256 keys, and a chain of three certificates as PEM. Rounds alternate between the codecs, and
// each figure is the median of the rounds' medians. Prints; writes nothing.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { JoseSignatureVerifier } from '../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../src/adapters/driven/portable/portable-key-codec.js';
import { PortableSignatureVerifier } from '../src/adapters/driven/portable/portable-signature-verifier.js';
import { SystemClock } from '../src/adapters/driven/system-clock.js';
import { InspectKey } from '../src/core/jwt/use-cases/inspect-key.js';
import { CHAIN_PEM, EC_SET, RSA_JWK } from './key-inputs.js';
import { timeAwaited } from './timing.js';

const ROUNDS = Number(process.env.ROUNDS ?? 7);

async function size(external: string[]): Promise<{ minified: number; gzipped: number }> {
  const result = await build({
    entryPoints: ['src/adapters/driven/portable/portable-key-codec.ts'],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    external,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

const whole = await size([]);
const withoutCurves = await size(['@noble/curves', '@noble/curves/*']);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
process.stdout.write(
  `size: codec with its libraries ${kb(whole.minified)} minified, ${kb(whole.gzipped)} gzip -9; ` +
    `without @noble/curves ${kb(withoutCurves.minified)}, ${kb(withoutCurves.gzipped)}\n`,
);

const clock = new SystemClock();
const portableCodec = new PortableKeyCodec();
const codecs = {
  node: new InspectKey(clock, new JoseSignatureVerifier(), new NodeKeyCodec()),
  portable: new InspectKey(clock, new PortableSignatureVerifier(portableCodec), portableCodec),
};

const [rsa, ecSet, chainPem] = [RSA_JWK, EC_SET, CHAIN_PEM];
const inputs = [
  ['2048-bit RSA JWK', rsa, 2_000],
  ['JWK Set of 100 EC P-256 keys', ecSet, 100],
  ['chain of 3 certificates (Ed25519, RSA 2048, EC P-384), PEM', chainPem, 200],
] as const;

/** The median of `iterations` awaited calls, after a warm-up, in milliseconds. */
const median = async (run: () => Promise<unknown>, iterations: number): Promise<number> => (await timeAwaited(run, iterations)).median;

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => (value < 0.1 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(2)} ms`);
for (const [label, key, iterations] of inputs) {
  const rounds: Record<keyof typeof codecs, number[]> = { node: [], portable: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['node', 'portable'] as const) : (['portable', 'node'] as const);
    for (const name of order) rounds[name].push(await median(() => codecs[name].execute({ key }), iterations));
  }
  const [node, portable] = [middle(rounds.node), middle(rounds.portable)];
  process.stdout.write(
    `${label.padEnd(60)} node ${ms(node).padStart(9)}  portable ${ms(portable).padStart(9)}  ${(portable / node).toFixed(2)}x\n`,
  );
}
