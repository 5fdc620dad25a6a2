// BENCH_BASELINE_SRC: the checkout of an earlier commit (a git worktree, with this checkout's node_modules linked in),
// whose use cases bench/jwt.ts and bench/sign.ts time against this build's in the same process (pairedRatio in
// timing.ts). Unset, they time this build alone.
import { existsSync } from 'node:fs';

/** The baseline checkout's root, or undefined when none is asked for. */
export const BASELINE_ROOT: string | undefined = process.env.BENCH_BASELINE_SRC;

/** The baseline's module at the first of `paths` it has: files moved between commits (the core by context, 5307055). */
export async function loadBaseline<T>(...paths: readonly string[]): Promise<T> {
  if (BASELINE_ROOT === undefined) throw new Error('BENCH_BASELINE_SRC is not set');
  const path = paths.find((candidate) => existsSync(`${BASELINE_ROOT}/${candidate}`));
  if (path === undefined) throw new Error(`${BASELINE_ROOT} has none of ${paths.join(', ')}`);
  return (await import(`${BASELINE_ROOT}/${path}`)) as T;
}
