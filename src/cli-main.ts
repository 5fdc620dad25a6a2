// The command line, as the entry point (cli.ts) runs it. It builds the use cases of its command's context from
// the same tables as the server's container (loadUseCases), over its own ports, without the container itself,
// so that converting one timestamp loads only the catalog, the time context and what the command needs
// (docs/architecture.md): nothing of the JWT side, and no Express, tRPC, Redis, rate limiter or logger.
import type { styleText } from 'node:util';
import * as z from 'zod';
import { HmacKnownSecrets } from './adapters/driven/known-secrets/hmac-known-secrets.js';
import { SystemClock } from './adapters/driven/system-clock.js';
import { runCli } from './adapters/driving/cli/cli.js';
import type { Style } from './adapters/driving/cli/pretty.js';
import type { SignatureVerifier } from './core/jwt/ports/signature-verifier.js';
import type { TokenSigner } from './core/jwt/ports/token-signer.js';
import { loadUseCases } from './core/use-cases/contexts.js';
import packageJson from '../package.json' with { type: 'json' };

// A command parses each schema once or a few times: zod's compiled fast path for objects (new Function, which
// the compile cache cannot keep) costs more to build than it saves here. The checks are the same either way.
z.config({ jitless: true });

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  // Standard input has no encoding set, so its chunks are Buffers.
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// jose is loaded only by the commands that verify a signature.
const jose = async () => new (await import('./adapters/driven/jose-signature-verifier.js')).JoseSignatureVerifier();
const verifier: SignatureVerifier = {
  verify: async (request) => (await jose()).verify(request),
  signatureVerifies: async (compact, jwk, algorithm) => (await jose()).signatureVerifies(compact, jwk, algorithm),
};

// The key codec (node:crypto's key objects and certificates) is loaded with the JWT and token contexts, never by a conversion.
const keyCodec = async () => new (await import('./adapters/driven/node-key-codec.js')).NodeKeyCodec();

// Web Crypto and jose are loaded only by the command that signs.
const signer = async () => new (await import('./adapters/driven/web-crypto-token-signer.js')).WebCryptoTokenSigner();
const tokenSigner: TokenSigner = {
  sign: async (alg, key, signingInput) => (await signer()).sign(alg, key, signingInput),
  generate: async (alg) => (await signer()).generate(alg),
};

// node:util is taken when a terminal answer is painted, not imported: importing it as an ES module reads every
// export, which loads its MIME and diff modules and opens stderr, about 5 ms of each start (docs/benchmarks.md).
type Format = Parameters<typeof styleText>[0];
const paint =
  (...format: Format[]) =>
  (text: string): string =>
    process.getBuiltinModule('node:util').styleText(format.flat(), text, { stream: process.stdout });
const style: Style = {
  key: paint('cyan'),
  string: paint('green'),
  number: paint('yellow'),
  literal: paint('magenta'),
  critical: paint('bold', 'red'),
  warning: paint('yellow'),
  info: paint('blue'),
};

const fs = process.getBuiltinModule('node:fs');

/**
 * Writes to standard output or error with one system call per chunk, as Node's own stream does for a pipe or a file on
 * Linux, without building that stream: building it loads Node's network and stream modules, about 5 ms of each start
 * (docs/benchmarks.md). Should the descriptor refuse (a full non-blocking pipe, a closed one), the rest goes through
 * Node's stream, which reports such errors as it always has.
 */
function writerTo(fd: 1 | 2, stream: () => NodeJS.WriteStream): (text: string) => void {
  let streamed = false;
  return (text) => {
    let bytes = Buffer.from(text);
    while (!streamed && bytes.length > 0) {
      try {
        bytes = bytes.subarray(fs.writeSync(fd, bytes));
      } catch {
        streamed = true;
      }
    }
    if (bytes.length > 0) stream().write(bytes);
  };
}

/** A pipe or a file is never a terminal, which fstat tells without Node's stream; only a character device is asked. */
function stdoutIsTerminal(): boolean {
  try {
    return fs.fstatSync(1).isCharacterDevice() && process.stdout.isTTY;
  } catch {
    return false;
  }
}

const clock = new SystemClock();
const code = await runCli(
  process.argv.slice(2),
  async (context) =>
    context === 'time'
      ? loadUseCases(context, { clock })
      : context === 'tokens'
        ? loadUseCases(context, { clock, keyCodec: await keyCodec() })
        : loadUseCases(context, {
            clock,
            knownSecrets: new HmacKnownSecrets(),
            signatureVerifier: verifier,
            tokenSigner,
            keyCodec: await keyCodec(),
          }),
  {
    out: writerTo(1, () => process.stdout),
    err: writerTo(2, () => process.stderr),
    readStdin,
    // Read when a command asks: opening standard input loads Node's streams, about 4 ms of every start.
    get stdinTerminal() {
      return process.stdin.isTTY;
    },
    terminal: stdoutIsTerminal(),
    style,
    version: `tsjwt ${packageJson.version} (Node ${process.version}, tzdata ${process.versions.tz ?? 'unknown'})`,
  },
);
process.exitCode = code;
