import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const built = join(root, 'web/dist/index.html');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Vitest's global set-up: the tests that serve the playground serve it as
 * `make build` leaves it in web/dist, rebuilt here when a source of it (or of
 * the client it is built on, whose local entry bundles the service's own code
 * under src/) is newer than the build.
 */
export default function buildWeb(): void {
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'client/src', 'src'].map((path) =>
    newest(join(root, path)),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources)) return;
  execFileSync('npm', ['run', '-s', 'build:web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
