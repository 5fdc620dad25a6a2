// The command line as its own process, as `make to-utc` and the tsjwt bin run it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JWT_IO_TOKEN, RFC7519_3_1_TOKEN } from '../support/fixtures.js';

const root = new URL('../..', import.meta.url).pathname;

async function run(command: string, args: readonly string[], stdin = '', env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { env });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out, err };
}

describe('the CLI process', () => {
  it('runs as a process, whatever the server settings in its environment', async () => {
    const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
    const entry = new URL('../../src/cli.ts', import.meta.url).pathname;
    const { code, out } = await run(tsx, [entry, 'to-utc', '0'], '', { ...process.env, PORT: 'not-a-port' });
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ utc: { iso: '1970-01-01T00:00:00Z' } });
  });
});

describe('the bundled bin, as npm run build makes it', () => {
  // The build:cli script itself, writing into a directory of the test's own rather than dist/.
  const out = mkdtempSync(join(tmpdir(), 'tsjwt-bundle-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['build:cli'];

  it('builds, and runs a conversion and a verification, whose jose is a chunk of its own', async () => {
    expect(script).toContain('--outdir=dist ');
    const build = spawnSync('sh', ['-c', (script ?? '').replaceAll('dist/', `${out}/`).replace('--outdir=dist ', `--outdir=${out} `)], {
      cwd: root,
      env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}` },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    expect(readdirSync(join(out, 'tsjwt')).filter((name) => name.endsWith('.js'))).toContainEqual(
      expect.stringMatching(/^jose-signature-verifier-\w+\.js$/),
    );
    // zod's other locales stay out of it: what no schema uses is not loaded on every start.
    const main = readdirSync(join(out, 'tsjwt')).find((name) => /^cli-main-\w+\.js$/.test(name)) ?? '';
    const bundled = readFileSync(join(out, 'tsjwt', main), 'utf8');
    expect(bundled).toContain('zod/v4/locales/en.js');
    expect(bundled).not.toContain('zod/v4/locales/de.js');
    const bin = join(out, 'cli.js');
    const toUtc = await run(process.execPath, [bin, 'to-utc', '0']);
    expect([toUtc.code, JSON.parse(toUtc.out)]).toMatchObject([0, { utc: { iso: '1970-01-01T00:00:00Z' } }]);
    // The jwt.io debugger's token and its secret, read from standard input.
    const verify = await run(process.execPath, [bin, 'verify', JWT_IO_TOKEN], 'your-256-bit-secret');
    expect([verify.code, JSON.parse(verify.out)]).toMatchObject([0, { valid: true, algorithm: 'HS256' }]);
    // An HMAC token's signature rule, with its oct JWK on standard input: RFC 7519 §3.1's token, RFC 7515 A.1's key.
    const hmacKey = '{"kty":"oct","k":"AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"}';
    const validate = await run(process.execPath, [bin, 'validate', RFC7519_3_1_TOKEN, '--profile', 'oidc_id_token'], hmacKey);
    expect(validate.err).toBe('');
    expect((JSON.parse(validate.out) as { checks: Array<{ rule: string }> }).checks).toContainEqual(
      expect.objectContaining({ rule: 'signature', passed: true }),
    );
    const refused = await run(process.execPath, [bin, 'to-utc', '1.5']);
    expect([refused.code, refused.err]).toEqual([1, '{"detail":"timestamp must be a decimal integer (an optional sign and digits)"}\n']);
  });

  // The machine's own node, where it is older than the project's: the bin found first on a PATH that lacks npm's.
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => {
    const version = spawnSync(file, ['--version'], { encoding: 'utf8' });
    return version.status === 0 && Number(/^v(\d+)/.exec(version.stdout)?.[1]) < 26;
  });
  if (oldNode === undefined)
    process.stderr.write('cli.test.ts: no node older than 26 on this machine, so the old-node refusal is not run\n');

  it.skipIf(oldNode === undefined)('tells a node older than 26 what it needs, rather than crash', async () => {
    const refused = await run(oldNode ?? '', [join(out, 'cli.js'), 'now']);
    expect([refused.code, refused.out]).toEqual([1, '']);
    expect(refused.err).toMatch(
      /^tsjwt needs Node\.js 26 or later, and this is v\d+\.\d+\.\d+: npx tsjwt and make run it on the project's own Node\n$/,
    );
  });

  it('loads, for each command, the chunks of its own context alone', async () => {
    const bin = join(out, 'cli.js');
    // A module hook that names on stderr every file the process loads.
    const hook = join(out, 'loads.mjs');
    writeFileSync(
      hook,
      "import { registerHooks } from 'node:module';\n" +
        "registerHooks({ load(url, context, next) { if (url.startsWith('file:')) process.stderr.write(`loads ${url}\\n`); return next(url, context); } });\n",
    );
    // The files a command loads, and the source files bundled into them, which esbuild names in a comment each.
    const loaded = async (args: readonly string[], stdin = '') => {
      const { code, err } = await run(process.execPath, ['--import', hook, bin, ...args], stdin);
      expect(code, err).toBe(0);
      const files = [...err.matchAll(/^loads (file:\/\/.*\/tsjwt\/[\w-]+\.js)$/gm)].map((match) => new URL(match[1] ?? '').pathname);
      const sources = files.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)].map((match) => match[1]),
      );
      return { sources };
    };
    const now = await loaded(['now']);
    expect(now.sources).toContain('src/core/time/use-cases/get-current-time.ts');
    // The catalog's schemas name the JWT side's codes from its lists alone (vocabulary.ts, and its ports' reasons);
    // the key codec comes with the JWT context.
    const jwtSide = /^src\/core\/(jwt|keys)\/(?!vocabulary\.ts$|ports\/)|^src\/adapters\/driven\/node-key-codec|jose|ipaddr/;
    expect(now.sources.filter((source) => jwtSide.test(source ?? ''))).toEqual([]);
    const decode = await loaded(['decode', JWT_IO_TOKEN]);
    expect(decode.sources).toContain('src/core/jwt/use-cases/decode-jwt.ts');
    expect(decode.sources).toContain('src/adapters/driven/node-key-codec.ts');
    expect(
      decode.sources.filter((source) =>
        /^src\/core\/time\/(use-cases|text-formats|identify-formats|format-writers|reading)|jose/.test(source ?? ''),
      ),
    ).toEqual([]);
    // therootcompany/base62-token.js, test.js, commit 17dfd0700742c6b352844bd6ba568cf22269e6b1: a real, expired GitHub token.
    const identifyToken = await loaded(['identify-token'], '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\n');
    expect(identifyToken.sources).toContain('src/core/tokens/use-cases/identify-token.ts');
    expect(
      identifyToken.sources.filter((source) =>
        /^src\/core\/jwt\/use-cases|^src\/core\/time\/(use-cases|text-formats|identify-formats|format-writers|reading)|jose/.test(
          source ?? '',
        ),
      ),
    ).toEqual([]);
  });
});
