// The command line as its own process, as `make to-utc` and the tsjwt bin run it.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the CLI process', () => {
  it('runs as a process, whatever the server settings in its environment', async () => {
    const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
    const entry = new URL('../../src/cli.ts', import.meta.url).pathname;
    const child = spawn(tsx, [entry, 'to-utc', '0'], { env: { ...process.env, PORT: 'not-a-port' } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ utc: { iso: '1970-01-01T00:00:00Z' } });
  });
});
