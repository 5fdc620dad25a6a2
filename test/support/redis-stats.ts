import { ask, type DeploymentOptions } from './redis-deployments.js';

/** How often the nodes on `ports` have run a Lua script (the limiter's one command), from INFO commandstats. */
export async function scriptCalls(ports: readonly number[], options: DeploymentOptions = {}): Promise<number> {
  let total = 0;
  for (const port of ports) {
    const stats = String(await ask(port, options, 'INFO', 'commandstats'));
    for (const match of stats.matchAll(/^cmdstat_(?:evalsha|eval|evalsha_ro|eval_ro|fcall):calls=(\d+)/gm)) total += Number(match[1]);
  }
  return total;
}
