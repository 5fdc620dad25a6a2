// The shared limit on real Redis deployments: Sentinel failover, Cluster
// shards and TLS, each started here on loopback ports and stopped by PID.
import { eventually } from '../support/eventually.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL } from '../support/redis-server.js';
import {
  ask,
  ClusterDeployment,
  DEPLOYMENTS_MISSING,
  SentinelDeployment,
  TlsRedis,
  startTlsSentinelAndCluster,
} from '../support/redis-deployments.js';
import { scriptCalls } from '../support/redis-stats.js';
import {
  burstTheStoreAnswered,
  newClient,
  startInstance,
  startPair,
  statusesSplitAcross,
  stopInstance,
  successes,
  TO_UTC,
  timedGet,
  type Instance,
} from '../support/redis-instances.js';

const PASSWORD = 'ha-s3cret-pw';
const SENTINEL_PASSWORD = 'sentinel-s3cret-pw';

/**
 * A client spends its window, then floods both instances with `flood` more calls: every one is
 * refused, and the nodes on `ports` run at most one limiter script per instance for them.
 */
async function expectFloodCostsNothing(instances: readonly Instance[], ports: readonly number[], flood = 400): Promise<void> {
  const { statuses, client } = await burstTheStoreAnswered(instances, 40);
  expect(successes(statuses)).toBe(30);
  const before = await scriptCalls(ports, { password: PASSWORD });
  expect(new Set(await statusesSplitAcross(instances, flood, client))).toEqual(new Set([429]));
  expect((await scriptCalls(ports, { password: PASSWORD })) - before).toBeLessThanOrEqual(instances.length);
}

/**
 * Requests through both instances from fresh clients while `fault` runs, which is handed the answers so
 * far, so that it can start once the load is under way; every answer's status and time, and what `fault`
 * resolved with.
 */
async function loadDuring<T>(
  instances: readonly Instance[],
  fault: (answers: readonly unknown[]) => Promise<T>,
): Promise<{ answers: { status: number; ms: number }[]; result: T }> {
  const answers: { status: number; ms: number }[] = [];
  let done = false;
  const running = fault(answers).finally(() => (done = true));
  let round = 0;
  while (!done) {
    const client = newClient();
    round += 1;
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          timedGet(`${instances[(round + i) % instances.length]?.running.url}/unix-timestamp/now`, client),
        ),
      )),
    );
    // The load's pace, about fifty rounds a second: part of the scenario, not a wait for a condition.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { answers, result: await running };
}

/** A fault's start: once the load is under way. */
const underWay = (answers: readonly unknown[]): Promise<boolean> =>
  eventually(() => answers.length >= 30, { what: 'thirty answers of load' });

const allOk = (instances: readonly Instance[]) => () => instances.every((instance) => instance.store.health().state === 'ok');

function expectNoSecret(instances: readonly Instance[]): void {
  for (const instance of instances) {
    expect(instance.logs.join('\n')).not.toContain(PASSWORD);
    expect(instance.logs.join('\n')).not.toContain(SENTINEL_PASSWORD);
  }
}

async function readyBody(instance: Instance): Promise<unknown> {
  const res = await fetch(`${instance.running.url}/readyz`);
  const text = await res.text();
  expect(text).not.toContain(PASSWORD);
  return JSON.parse(text);
}

describe.skipIf(!REDIS_URL || DEPLOYMENTS_MISSING !== undefined)('Redis Sentinel: a primary, a replica and three Sentinels', () => {
  let deployment: SentinelDeployment;
  let instances: Instance[];

  beforeAll(async () => {
    deployment = await SentinelDeployment.start({ password: PASSWORD, sentinelPassword: SENTINEL_PASSWORD });
    const env = {
      REDIS_SENTINELS: deployment.sentinelList,
      REDIS_SENTINEL_MASTER: deployment.primaryName,
      REDIS_PASSWORD: PASSWORD,
      REDIS_SENTINEL_PASSWORD: SENTINEL_PASSWORD,
      // A window longer than the failover, so that a count from before it can be seen after it.
      RATE_LIMIT_DURATION_SECONDS: '60',
    };
    const prefix = `sentinel:${randomUUID()}`;
    instances = await startPair(env, prefix);
  }, 60_000);

  afterAll(async () => {
    await Promise.all((instances ?? []).map(stopInstance));
    await deployment?.stop();
  });

  it('gives exactly 30 of 100 concurrent requests from one client across two instances, and /readyz names the mode', async () => {
    const { statuses } = await burstTheStoreAnswered(instances, 100);
    expect(successes(statuses)).toBe(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(70);
    expect(await readyBody(instances[0] as Instance)).toEqual({ status: 'ok', store: { name: 'redis', mode: 'sentinel', state: 'ok' } });
  });

  it('refuses a flooding client on each instance by itself once Redis has refused it', async () => {
    await expectFloodCostsNothing(instances, [await deployment.primaryPort()]);
  });

  it('answers in under 500 ms with no 5xx while the primary is SIGKILLed, and limits exactly again within 15 s of the promotion', async () => {
    const oldPort = await deployment.primaryPort();
    // A client at its limit before the failover: its count is replicated, so it stays limited after.
    const { statuses: before, client: held } = await burstTheStoreAnswered(instances, 40);
    expect(successes(before)).toBe(30);
    // Its count has reached the replica before the primary dies.
    expect(await ask(oldPort, deployment.serverOptions(), 'WAIT', '1', '5000')).toBe(1);
    let promoted = 0;
    const { answers } = await loadDuring(instances, async (load) => {
      await underWay(load);
      await deployment.killPrimary();
      await deployment.promotion(oldPort);
      promoted = Date.now();
    });
    expect(await deployment.primaryPort()).not.toBe(oldPort);
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(500);
    // The instances noticed: each went degraded, then followed the new primary by itself.
    for (const instance of instances) expect(instance.logs.some((line) => line.includes('degraded to per-instance memory'))).toBe(true);

    await eventually(allOk(instances), { timeoutMs: 15_000 });
    const { statuses } = await burstTheStoreAnswered(instances, 100);
    expect(Date.now() - promoted).toBeLessThan(15_000);
    expect(successes(statuses)).toBe(30);
    expect(await statusesSplitAcross(instances, 10, held)).toEqual(Array.from({ length: 10 }, () => 429));
    const newPrimary = await deployment.primaryPort();
    expect(instances[0]?.logs.some((line) => line.includes(`primary at 127.0.0.1:${newPrimary}`))).toBe(true);
    expectNoSecret(instances);
  }, 60_000);
});

describe.skipIf(!REDIS_URL || DEPLOYMENTS_MISSING !== undefined)('Redis Cluster: three primaries and three replicas', () => {
  let deployment: ClusterDeployment;
  let instances: Instance[];
  const prefix = `cluster:${randomUUID()}`;

  /** One fresh client per primary: clients whose keys land on each of the three shards. */
  async function clientsOnEveryShard(): Promise<{ client: Record<string, string>; port: number }[]> {
    const byShard = new Map<number, Record<string, string>>();
    for (let tries = 0; byShard.size < 3 && tries < 200; tries++) {
      const client = newClient();
      const { port } = await deployment.ownerOf(`${prefix}:${client['X-Forwarded-For']}`);
      if (!byShard.has(port)) byShard.set(port, client);
    }
    expect(byShard.size).toBe(3);
    return [...byShard].map(([port, client]) => ({ client, port }));
  }

  /** A fresh client whose key lives on the primary at `port`. */
  async function clientOn(port: number): Promise<Record<string, string>> {
    for (let tries = 0; tries < 200; tries++) {
      const client = newClient();
      if ((await deployment.ownerOf(`${prefix}:${client['X-Forwarded-For']}`)).port === port) return client;
    }
    throw new Error(`no client of 200 has its key on the primary at ${port}`);
  }

  beforeAll(async () => {
    deployment = await ClusterDeployment.start({ password: PASSWORD });
    const env = { REDIS_CLUSTER_NODES: deployment.seedList, REDIS_PASSWORD: PASSWORD };
    instances = await startPair(env, prefix);
  }, 60_000);

  afterAll(async () => {
    await Promise.all((instances ?? []).map(stopInstance));
    await deployment?.stop();
  });

  it('gives exactly 30 of 100 to each of three clients whose keys live on three different shards', async () => {
    const clients = await clientsOnEveryShard();
    const results = [];
    for (const { port } of clients)
      results.push((await burstTheStoreAnswered(instances, 100, { nextClient: () => clientOn(port) })).statuses);
    for (const statuses of results)
      expect(
        statuses.filter((status) => status === 200),
        JSON.stringify(statuses),
      ).toHaveLength(30);
    expect(await readyBody(instances[1] as Instance)).toEqual({ status: 'ok', store: { name: 'redis', mode: 'cluster', state: 'ok' } });
  });

  it('refuses a flooding client on each instance by itself once its shard has refused it', async () => {
    await expectFloodCostsNothing(
      instances,
      deployment.nodes.map((node) => node.port),
    );
  });

  it('keeps a client exact, every answer a fast 200 or 429, while the slot of its key moves to another primary', async () => {
    const client = newClient();
    const key = `${prefix}:${client['X-Forwarded-For']}`;
    const { port: source, slot } = await deployment.ownerOf(key);
    const target = (await deployment.primaryPorts()).find((port) => port !== source) ?? 0;
    // The client spends its window while the slot moves: its first calls reach the old owner, later
    // ones are sent on with ASK while the key migrates, and the rest go to the new owner.
    const answers: { status: number; ms: number; at: number }[] = [];
    const moved = (async () => {
      await eventually(() => answers.length >= 10, { what: 'ten calls before the move' });
      await deployment.moveSlot(slot, source, target);
      return Date.now();
    })();
    for (let i = 0; i < 80; i++) {
      answers.push({ ...(await timedGet(`${instances[i % 2]?.running.url}${TO_UTC}`, client)), at: Date.now() });
      // The calls' pace, spreading the window over the move: part of the scenario, not a wait for a condition.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const movedAt = await moved;
    expect((await deployment.ownerOf(key)).port).toBe(target);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 429)).toEqual([]);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(500);
    expect(successes(answers.map((answer) => answer.status))).toBe(30);
    // Granted calls were made on both sides of the move.
    expect(answers.some((answer) => answer.status === 200 && answer.at > movedAt)).toBe(true);
    expect(answers.filter((answer) => answer.at < movedAt).length).toBeGreaterThan(0);
    expect(await statusesSplitAcross(instances, 4, client)).toEqual([429, 429, 429, 429]);
  });

  it('keeps the other shards exact while one primary is SIGKILLed, never slow or 5xx, and resumes within 15 s of its replica taking over', async () => {
    const clients = await clientsOnEveryShard();
    const victim = clients[0] as { client: Record<string, string>; port: number };
    let promoted = 0;
    const { answers, result: during } = await loadDuring(instances, async (load) => {
      await underWay(load);
      await deployment.node(victim.port).kill();
      // While the shard is down, clients of the other shards still share one exact count.
      const during = [];
      for (const { client } of clients.slice(1)) during.push(await statusesSplitAcross(instances, 100, client));
      await deployment.settled();
      promoted = Date.now();
      return during;
    });
    for (const statuses of during)
      expect(
        statuses.filter((status) => status === 200),
        JSON.stringify(statuses),
      ).toHaveLength(30);
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(500);

    // A client whose key the promoted replica now owns gets one shared count again.
    const { port: newOwner } = await deployment.ownerOf(`${prefix}:${victim.client['X-Forwarded-For']}`);
    expect(newOwner).not.toBe(victim.port);
    await eventually(allOk(instances), { timeoutMs: 15_000 });
    const { statuses } = await burstTheStoreAnswered(instances, 100, { nextClient: () => clientOn(newOwner) });
    expect(Date.now() - promoted).toBeLessThan(15_000);
    expect(successes(statuses)).toBe(30);
    expectNoSecret(instances);
  }, 90_000);
});

describe.skipIf(!REDIS_URL || DEPLOYMENTS_MISSING !== undefined)('Redis over TLS with a private CA', () => {
  let server: TlsRedis;
  let instances: Instance[];

  beforeAll(async () => {
    server = await TlsRedis.start(PASSWORD);
    const env = { REDIS_URL: `rediss://127.0.0.1:${server.node.port}`, REDIS_PASSWORD: PASSWORD, REDIS_TLS_CA_FILE: server.tls.caFile };
    const prefix = `tls:${randomUUID()}`;
    instances = await startPair(env, prefix);
  }, 60_000);

  afterAll(async () => {
    await Promise.all((instances ?? []).map(stopInstance));
    await server?.stop();
  });

  it('shares one exact limit over rediss:// with REDIS_PASSWORD, and /readyz shows no password', async () => {
    const { statuses } = await burstTheStoreAnswered(instances, 100);
    expect(successes(statuses)).toBe(30);
    expect(await readyBody(instances[0] as Instance)).toEqual({ status: 'ok', store: { name: 'redis', mode: 'single', state: 'ok' } });
  });

  it('is never slow or 5xx while the server is SIGKILLed, and shares the limit again within 15 s of its return', async () => {
    let back = 0;
    const { answers } = await loadDuring(instances, async (load) => {
      await underWay(load);
      await server.node.kill();
      await eventually(() => instances.every((instance) => instance.store.health().state === 'degraded'), { timeoutMs: 5000 });
      await server.node.start();
      back = Date.now();
    });
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(500);
    await eventually(allOk(instances), { timeoutMs: 15_000 });
    const { statuses } = await burstTheStoreAnswered(instances, 100);
    expect(successes(statuses)).toBe(30);
    expect(Date.now() - back).toBeLessThan(15_000);
    expectNoSecret(instances);
  }, 60_000);

  it('stays degraded, and says why at once, when the server certificate is not trusted', async () => {
    const untrusting = await startInstance({ REDIS_URL: `rediss://:${PASSWORD}@127.0.0.1:${server.node.port}` }, 'untrusted');
    try {
      await eventually(() => untrusting.logs.some((line) => line.includes('is unreachable')), { timeoutMs: 3000 });
      expect(untrusting.store.health()).toEqual({ name: 'redis', mode: 'single', state: 'degraded' });
      const line = untrusting.logs.find((entry) => entry.includes('is unreachable')) ?? '';
      expect(line).toContain(`rediss://***@127.0.0.1:${server.node.port}`);
      expect(line).not.toContain(PASSWORD);
    } finally {
      await stopInstance(untrusting);
    }
  });
});

describe.skipIf(!REDIS_URL || DEPLOYMENTS_MISSING !== undefined)('REDIS_TLS=true with Sentinels and with a Cluster', () => {
  it('shares one exact limit through TLS-only Sentinels and a TLS-only Cluster', async () => {
    const { tls, sentinel, cluster, stop } = await startTlsSentinelAndCluster();
    const started: Instance[] = [];
    try {
      const common = { REDIS_TLS: 'true', REDIS_TLS_CA_FILE: tls.caFile };
      const sentinelEnv = { ...common, REDIS_SENTINELS: sentinel.sentinelList, REDIS_SENTINEL_MASTER: sentinel.primaryName };
      const clusterEnv = { ...common, REDIS_CLUSTER_NODES: cluster.seedList };
      for (const [env, prefix] of [
        [sentinelEnv, `tls-sentinel:${randomUUID()}`],
        [clusterEnv, `tls-cluster:${randomUUID()}`],
      ] as const) {
        const pair = await startPair(env, prefix);
        started.push(...pair);
        const { statuses } = await burstTheStoreAnswered(pair, 100);
        expect(successes(statuses)).toBe(30);
      }
    } finally {
      await Promise.all(started.map(stopInstance));
      await stop();
    }
  }, 90_000);
});
