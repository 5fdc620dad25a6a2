// Real Redis deployments for the high-availability tests: redis-server
// processes on loopback ports of their own, each stopped by its PID.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis, type RedisOptions } from 'ioredis';
import { eventually } from './eventually.js';

const run = promisify(execFile);

const missing = ['redis-server', 'redis-cli', 'openssl'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
/** Why the deployment tests cannot run here, or undefined when they can. */
export const DEPLOYMENTS_MISSING: string | undefined = missing.length === 0 ? undefined : missing.join(', ');
if (DEPLOYMENTS_MISSING !== undefined) {
  process.stderr.write(
    `\n#### REDIS DEPLOYMENT TESTS SKIPPED: ${DEPLOYMENTS_MISSING} not found. Install Debian's redis-server, redis-tools and openssl (.ci/run does). ####\n\n`,
  );
}

/** Every redis-server this module started and has not stopped, killed if the test process exits first. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const taken = new Set<number>();
/** A free loopback port whose cluster bus port (port + 10000) is free too. */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 25_000);
    if (taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await isFree(port)) && (await isFree(port + 10_000))) {
      taken.add(port);
      taken.add(port + 10_000);
      return port;
    }
  }
  throw new Error('no free port pair');
}

/**
 * Files for a TLS deployment: a private CA made by openssl, a server certificate for 127.0.0.1
 * and a client certificate it signed, and a client certificate another CA signed.
 */
export interface TlsFiles {
  readonly caFile: string;
  readonly certFile: string;
  readonly keyFile: string;
  readonly clientCertFile: string;
  readonly clientKeyFile: string;
  readonly strangerCertFile: string;
  readonly strangerKeyFile: string;
  /** Servers refuse a client without a certificate the CA signed (`tls-auth-clients yes`). */
  readonly requireClientCertificates?: boolean;
}

export async function makeTlsFiles(dir: string): Promise<TlsFiles> {
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  const authority = (name: string) =>
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.pem`),
    );
  const signedBy = async (ca: string, name: string, subject: string, extensions: string[] = []) => {
    await openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      `/CN=${subject}`,
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.csr`),
    );
    await openssl(
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file(`${ca}.pem`),
      '-CAkey',
      file(`${ca}.key`),
      '-CAcreateserial',
      '-days',
      '2',
      ...extensions,
      '-out',
      file(`${name}.pem`),
    );
  };
  await authority('ca');
  await authority('other-ca');
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await signedBy('ca', 'server', '127.0.0.1', ['-extfile', file('server.ext')]);
  await signedBy('ca', 'client', 'client');
  await signedBy('other-ca', 'stranger', 'stranger');
  return {
    caFile: file('ca.pem'),
    certFile: file('server.pem'),
    keyFile: file('server.key'),
    clientCertFile: file('client.pem'),
    clientKeyFile: file('client.key'),
    strangerCertFile: file('stranger.pem'),
    strangerKeyFile: file('stranger.key'),
  };
}

export interface DeploymentOptions {
  /** `requirepass` on every data node (and what replicas authenticate with). */
  readonly password?: string;
  /** Serve TLS only, with this certificate, on every node. */
  readonly tls?: TlsFiles;
  /** `requirepass` on the Sentinels themselves (and what they authenticate to each other with). */
  readonly sentinelPassword?: string;
}

/** Client options that reach a node of a deployment made with `options`. */
export function nodeOptions(port: number, options: DeploymentOptions): RedisOptions {
  return {
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
    ...(options.password === undefined ? {} : { password: options.password }),
    ...(options.tls === undefined
      ? {}
      : {
          tls: {
            ca: readFileSync(options.tls.caFile),
            ...(options.tls.requireClientCertificates === true
              ? { cert: readFileSync(options.tls.clientCertFile), key: readFileSync(options.tls.clientKeyFile) }
              : {}),
          },
        }),
  };
}

/** Sends one command to a node and returns its answer, or throws. */
export async function ask(port: number, options: DeploymentOptions, ...command: [string, ...string[]]): Promise<unknown> {
  const client = new Redis(nodeOptions(port, options));
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.call(...command);
  } finally {
    client.disconnect();
  }
}

/** `eventually`, with the argument order of the calls below: what is awaited first. */
const waitFor = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> =>
  eventually(probe, { what, timeoutMs, intervalMs: 100 });

/** One redis-server process on `port`. */
export class RedisNode {
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    private readonly args: readonly string[],
    private readonly options: DeploymentOptions,
  ) {}

  get alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', [...this.args], { stdio: 'ignore' });
    started.add(child);
    child.once('exit', () => started.delete(child));
    this.child = child;
    await waitFor(
      `redis-server on ${this.port} answered PING`,
      async () => ((await ask(this.port, this.options, 'PING')) === 'PONG' ? true : undefined),
      10_000,
    );
  }

  /** SIGKILL, as a crash would; resolves once the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

function serverArgs(port: number, dir: string, options: DeploymentOptions): string[] {
  // A replica syncs at once, not after the default 5 s that a diskless sync waits for more replicas.
  const common = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--repl-diskless-sync-delay', '0'];
  const auth = options.password === undefined ? [] : ['--requirepass', options.password, '--masterauth', options.password];
  const tls =
    options.tls === undefined
      ? ['--port', String(port)]
      : [
          '--port',
          '0',
          '--tls-port',
          String(port),
          '--tls-cert-file',
          options.tls.certFile,
          '--tls-key-file',
          options.tls.keyFile,
          '--tls-ca-cert-file',
          options.tls.caFile,
          '--tls-auth-clients',
          options.tls.requireClientCertificates === true ? 'yes' : 'no',
          '--tls-replication',
          'yes',
          '--tls-cluster',
          'yes',
        ];
  return [...tls, ...common, ...auth];
}

/** How a client reaches a Sentinel of a deployment made with `options`. */
function sentinelOptions(options: DeploymentOptions): DeploymentOptions {
  return {
    ...(options.tls === undefined ? {} : { tls: options.tls }),
    ...(options.sentinelPassword === undefined ? {} : { password: options.sentinelPassword }),
  };
}

/** A primary, a replica and three Sentinels watching them as `primaryName`. */
export class SentinelDeployment {
  readonly primaryName = 'ratelimit';

  private constructor(
    private readonly dir: string,
    readonly servers: RedisNode[],
    readonly sentinels: RedisNode[],
    private readonly options: DeploymentOptions,
  ) {}

  static async start(options: DeploymentOptions = {}): Promise<SentinelDeployment> {
    const dir = mkdtempSync(join(tmpdir(), 'sentinel-'));
    const [primaryPort, replicaPort] = [await freePortPair(), await freePortPair()];
    const primary = new RedisNode(primaryPort, serverArgs(primaryPort, dir, options), options);
    const replica = new RedisNode(
      replicaPort,
      [...serverArgs(replicaPort, dir, options), '--replicaof', '127.0.0.1', String(primaryPort)],
      options,
    );
    const sentinels: RedisNode[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePortPair();
      const file = join(dir, `sentinel-${port}.conf`);
      writeFileSync(
        file,
        [
          options.tls === undefined
            ? `port ${port}`
            : `port 0\ntls-port ${port}\ntls-cert-file ${options.tls.certFile}\ntls-key-file ${options.tls.keyFile}\ntls-ca-cert-file ${options.tls.caFile}\ntls-auth-clients ${options.tls.requireClientCertificates === true ? 'yes' : 'no'}\ntls-replication yes`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ratelimit 127.0.0.1 ${primaryPort} 2`,
          'sentinel down-after-milliseconds ratelimit 1000',
          'sentinel failover-timeout ratelimit 5000',
          ...(options.password === undefined ? [] : [`sentinel auth-pass ratelimit ${options.password}`]),
          ...(options.sentinelPassword === undefined
            ? []
            : [`requirepass ${options.sentinelPassword}`, `sentinel sentinel-pass ${options.sentinelPassword}`]),
          '',
        ].join('\n'),
      );
      sentinels.push(new RedisNode(port, [file, '--sentinel'], sentinelOptions(options)));
    }
    const deployment = new SentinelDeployment(dir, [primary, replica], sentinels, options);
    try {
      await primary.start();
      await replica.start();
      await Promise.all(sentinels.map((sentinel) => sentinel.start()));
      // Failover needs each Sentinel to know the replica and the other two.
      await waitFor(
        'every Sentinel knows the replica and the other Sentinels',
        async () => {
          for (const sentinel of sentinels) {
            const fields = (await ask(sentinel.port, deployment.sentinelOptions(), 'SENTINEL', 'MASTER', 'ratelimit')) as string[];
            const info = Object.fromEntries(fields.flatMap((value, i) => (i % 2 === 0 ? [[value, fields[i + 1]]] : [])));
            if (info['num-slaves'] !== '1' || info['num-other-sentinels'] !== '2') return undefined;
          }
          const replication = String(await ask(replica.port, options, 'INFO', 'replication'));
          return replication.includes('master_link_status:up') ? true : undefined;
        },
        20_000,
      );
    } catch (error) {
      await deployment.stop();
      throw error;
    }
    return deployment;
  }

  private sentinelOptions(): DeploymentOptions {
    return sentinelOptions(this.options);
  }

  get sentinelList(): string {
    return this.sentinels.map((sentinel) => `127.0.0.1:${sentinel.port}`).join(',');
  }

  /** The port the Sentinels name as the primary now. */
  /** How a client reaches the data servers (TLS, password), for `ask`. */
  serverOptions(): DeploymentOptions {
    return this.options;
  }

  async primaryPort(): Promise<number> {
    const [, port] = (await ask(
      this.sentinels[0]?.port ?? 0,
      this.sentinelOptions(),
      'SENTINEL',
      'GET-MASTER-ADDR-BY-NAME',
      'ratelimit',
    )) as string[];
    return Number(port);
  }

  /** SIGKILLs the current primary; returns it and the port it had. */
  async killPrimary(): Promise<RedisNode> {
    const port = await this.primaryPort();
    const node = this.servers.find((server) => server.port === port);
    if (!node) throw new Error(`no server on ${port}`);
    await node.kill();
    return node;
  }

  /** Resolves with the time it took every Sentinel to name another primary than `oldPort`. */
  async promotion(oldPort: number, timeoutMs = 20_000): Promise<number> {
    const start = Date.now();
    await waitFor(
      'the Sentinels promoted the replica',
      async () => {
        for (const sentinel of this.sentinels) {
          const [, port] = (await ask(
            sentinel.port,
            this.sentinelOptions(),
            'SENTINEL',
            'GET-MASTER-ADDR-BY-NAME',
            'ratelimit',
          )) as string[];
          if (Number(port) === oldPort) return undefined;
        }
        const role = (await ask(await this.primaryPort(), this.options, 'ROLE')) as unknown[];
        return role[0] === 'master' ? true : undefined;
      },
      timeoutMs,
    );
    return Date.now() - start;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.sentinels, ...this.servers].map((node) => node.kill()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Six cluster-enabled nodes joined by `redis-cli --cluster create` into three primaries with a replica each. */
export class ClusterDeployment {
  private constructor(
    private readonly dir: string,
    readonly nodes: RedisNode[],
    private readonly options: DeploymentOptions,
  ) {}

  static async start(options: DeploymentOptions = {}): Promise<ClusterDeployment> {
    const dir = mkdtempSync(join(tmpdir(), 'cluster-'));
    const nodes: RedisNode[] = [];
    for (let i = 0; i < 6; i++) {
      const port = await freePortPair();
      nodes.push(
        new RedisNode(
          port,
          [
            ...serverArgs(port, dir, options),
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            join(dir, `nodes-${port}.conf`),
            '--cluster-node-timeout',
            '1000',
          ],
          options,
        ),
      );
    }
    const deployment = new ClusterDeployment(dir, nodes, options);
    try {
      await Promise.all(nodes.map((node) => node.start()));
      const auth = options.password === undefined ? [] : ['-a', options.password, '--no-auth-warning'];
      const tls =
        options.tls === undefined
          ? []
          : [
              '--tls',
              '--cacert',
              options.tls.caFile,
              ...(options.tls.requireClientCertificates === true
                ? ['--cert', options.tls.clientCertFile, '--key', options.tls.clientKeyFile]
                : []),
            ];
      await run(
        'redis-cli',
        [
          ...auth,
          ...tls,
          '--cluster',
          'create',
          ...nodes.map((node) => `127.0.0.1:${node.port}`),
          '--cluster-replicas',
          '1',
          '--cluster-yes',
        ],
        { timeout: 30_000 },
      );
      await deployment.settled({ replicas: true });
    } catch (error) {
      await deployment.stop();
      throw error;
    }
    return deployment;
  }

  get seedList(): string {
    return this.nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
  }

  /**
   * Waits until every live node reports the cluster ok, with all 16384 slots
   * served, and no live node's slot table names a node that is down; with
   * `replicas`, also until every shard has a replica in sync, so that it can fail over.
   */
  async settled({ replicas = false, timeoutMs = 30_000 }: { replicas?: boolean; timeoutMs?: number } = {}): Promise<void> {
    const down = new Set(this.nodes.filter((node) => !node.alive).map((node) => node.port));
    await waitFor(
      'the cluster is ok on every live node, its slots on live primaries',
      async () => {
        for (const node of this.nodes.filter((candidate) => candidate.alive)) {
          const info = String(await ask(node.port, this.options, 'CLUSTER', 'INFO'));
          if (!info.includes('cluster_state:ok') || !info.includes('cluster_slots_ok:16384')) return undefined;
          const shards = (await ask(node.port, this.options, 'CLUSTER', 'SLOTS')) as [
            number,
            number,
            [string, number],
            ...[string, number][],
          ][];
          if (shards.some((shard) => down.has(shard[2][1]))) return undefined;
          if (replicas && shards.some((shard) => shard.length < 4)) return undefined;
          if (replicas) {
            const replication = String(await ask(node.port, this.options, 'INFO', 'replication'));
            if (replication.includes('role:slave') && !replication.includes('master_link_status:up')) return undefined;
          }
        }
        return true;
      },
      timeoutMs,
    );
  }

  /** The port of the primary that serves `key` now, and the hash slot. */
  async ownerOf(key: string): Promise<{ port: number; slot: number }> {
    for (const node of this.nodes.filter((candidate) => candidate.alive)) {
      try {
        const slot = Number(await ask(node.port, this.options, 'CLUSTER', 'KEYSLOT', key));
        const shards = (await ask(node.port, this.options, 'CLUSTER', 'SLOTS')) as [
          number,
          number,
          [string, number, ...unknown[]],
          ...unknown[],
        ][];
        const shard = shards.find(([from, to]) => slot >= from && slot <= to);
        if (shard) return { port: shard[2][1], slot };
      } catch {
        // try the next node
      }
    }
    throw new Error(`no live node knows the owner of ${key}`);
  }

  /** The ports of the primaries, as the cluster sees them now. */
  async primaryPorts(): Promise<number[]> {
    const ports: number[] = [];
    for (const node of this.nodes.filter((candidate) => candidate.alive)) {
      const role = (await ask(node.port, this.options, 'ROLE')) as unknown[];
      if (role[0] === 'master') ports.push(node.port);
    }
    return ports;
  }

  /**
   * Moves one hash slot, with its keys, from the primary on `from` to the one on `to`, as
   * `redis-cli --cluster reshard` does: IMPORTING and MIGRATING, MIGRATE of every key (clients
   * asking meanwhile are sent ASK redirections), then the new owner told to every primary.
   */
  async moveSlot(slot: number, from: number, to: number): Promise<void> {
    const id = async (port: number) => String(await ask(port, this.options, 'CLUSTER', 'MYID'));
    const [fromId, toId] = [await id(from), await id(to)];
    await ask(to, this.options, 'CLUSTER', 'SETSLOT', String(slot), 'IMPORTING', fromId);
    await ask(from, this.options, 'CLUSTER', 'SETSLOT', String(slot), 'MIGRATING', toId);
    const auth = this.options.password === undefined ? [] : ['AUTH', this.options.password];
    for (;;) {
      const keys = (await ask(from, this.options, 'CLUSTER', 'GETKEYSINSLOT', String(slot), '100')) as string[];
      if (keys.length === 0) break;
      await ask(from, this.options, 'MIGRATE', '127.0.0.1', String(to), '', '0', '5000', ...auth, 'KEYS', ...keys);
    }
    for (const port of [to, from, ...(await this.primaryPorts()).filter((port) => port !== to && port !== from)]) {
      await ask(port, this.options, 'CLUSTER', 'SETSLOT', String(slot), 'NODE', toId);
    }
  }

  node(port: number): RedisNode {
    const node = this.nodes.find((candidate) => candidate.port === port);
    if (!node) throw new Error(`no node on ${port}`);
    return node;
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.kill()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A TLS-only Sentinel deployment and a TLS-only Cluster, started together, with files made in a
 * directory of their own; `stop` ends both and removes it. Should one fail to start, the other is
 * stopped before the error is thrown: no redis-server may outlive the test.
 */
export async function startTlsSentinelAndCluster(
  requireClientCertificates = false,
): Promise<{ tls: TlsFiles; sentinel: SentinelDeployment; cluster: ClusterDeployment; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'tls-ha-'));
  const tls = { ...(await makeTlsFiles(dir)), requireClientCertificates };
  const starting = await Promise.allSettled([SentinelDeployment.start({ tls }), ClusterDeployment.start({ tls })]);
  const [sentinelStart, clusterStart] = starting;
  if (sentinelStart.status === 'rejected' || clusterStart.status === 'rejected') {
    for (const result of starting) if (result.status === 'fulfilled') await result.value.stop();
    rmSync(dir, { recursive: true, force: true });
    throw sentinelStart.status === 'rejected' ? sentinelStart.reason : (clusterStart as PromiseRejectedResult).reason;
  }
  const [sentinel, cluster] = [sentinelStart.value, clusterStart.value];
  return {
    tls,
    sentinel,
    cluster,
    stop: async () => {
      await Promise.all([sentinel.stop(), cluster.stop()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One TLS-only redis-server with a password, its certificate signed by a private CA; with `requireClientCertificates`, it takes only clients with a certificate that CA signed. */
export class TlsRedis {
  private constructor(
    private readonly dir: string,
    readonly node: RedisNode,
    readonly tls: TlsFiles,
  ) {}

  static async start(password: string, { requireClientCertificates = false } = {}): Promise<TlsRedis> {
    const dir = mkdtempSync(join(tmpdir(), 'tls-redis-'));
    const tls = { ...(await makeTlsFiles(dir)), requireClientCertificates };
    const port = await freePortPair();
    const options = { password, tls };
    const node = new RedisNode(port, serverArgs(port, dir, options), options);
    await node.start();
    return new TlsRedis(dir, node, tls);
  }

  async stop(): Promise<void> {
    await this.node.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
