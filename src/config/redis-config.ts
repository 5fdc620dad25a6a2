import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { HostPort, RedisConnection, RedisTopology } from '../adapters/driven/redis-connection.js';
import { redactUrl } from '../adapters/driven/redact-url.js';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

type Env = Record<string, string | undefined>;
type Read<T> =
  { readonly value: T; readonly problems: readonly string[] } | { readonly value?: undefined; readonly problems: readonly string[] };

/** A setting that is set and not blank; the rest count as unset. */
const setting = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

function redisUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL such as redis://:password@host:6379/0';
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return 'must start with redis:// or rediss://';
  if (url.hostname === '') return 'has no host';
  if (url.pathname !== '' && url.pathname !== '/' && !/^\/\d{1,2}$/.test(url.pathname))
    return 'may name only a database number, such as /0';
  return undefined;
}

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function hostPort(entry: string): HostPort | undefined {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(entry);
  if (!match) return undefined;
  const host = match[1] ?? match[2] ?? '';
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return undefined;
  if (match[1] !== undefined ? isIP(host) !== 6 : isIP(host) === 0 && !HOST_NAME.test(host)) return undefined;
  return { host, port };
}

function hostPorts(name: string, value: string): Read<HostPort[]> {
  const entries = value.split(',').map((entry) => entry.trim());
  const parsed = entries.map(hostPort);
  const bad = entries.filter((_entry, i) => parsed[i] === undefined);
  if (bad.length > 0)
    return { problems: [`${name} must list host:port pairs separated by commas ([::1]:26379 for IPv6); not: ${bad.join(', ')}`] };
  return { value: parsed.filter((entry) => entry !== undefined), problems: [] };
}

function flag(name: string, value: string | undefined): Read<boolean> {
  if (value === undefined || value === 'false') return { value: false, problems: [] };
  if (value === 'true') return { value: true, problems: [] };
  return { problems: [`${name} must be true or false`] };
}

function caBundle(path: string | undefined): Read<string | undefined> {
  if (path === undefined) return { value: undefined, problems: [] };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { problems: [`REDIS_TLS_CA_FILE ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`] };
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    return { problems: [`REDIS_TLS_CA_FILE ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`] };
  return { value: text, problems: [] };
}

/** A PEM file's text, or the problem reading it; the text itself is never part of a message. */
function pemFile(name: string, path: string, marker: RegExp, holds: string): Read<string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { problems: [`${name} ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`] };
  }
  return marker.test(text) ? { value: text, problems: [] } : { problems: [`${name} ${path} holds no ${holds}`] };
}

function clientCertificate(env: Env): Read<{ certPem: string; keyPem: string } | undefined> {
  const certFile = setting(env, 'REDIS_TLS_CERT_FILE');
  const keyFile = setting(env, 'REDIS_TLS_KEY_FILE');
  if (certFile === undefined && keyFile === undefined) return { value: undefined, problems: [] };
  if (certFile === undefined || keyFile === undefined) {
    const [set, missing] =
      certFile === undefined ? ['REDIS_TLS_KEY_FILE', 'REDIS_TLS_CERT_FILE'] : ['REDIS_TLS_CERT_FILE', 'REDIS_TLS_KEY_FILE'];
    return { problems: [`${set} is set but ${missing} is not: a TLS client certificate needs both the certificate and its key`] };
  }
  const cert = pemFile('REDIS_TLS_CERT_FILE', certFile, /-----BEGIN CERTIFICATE-----/, 'PEM certificate (-----BEGIN CERTIFICATE-----)');
  const key = pemFile(
    'REDIS_TLS_KEY_FILE',
    keyFile,
    /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    'PEM private key (-----BEGIN … PRIVATE KEY-----)',
  );
  if (cert.value === undefined || key.value === undefined) return { problems: [...cert.problems, ...key.problems] };
  return { value: { certPem: cert.value, keyPem: key.value }, problems: [] };
}

function topology(env: Env, tls: boolean): Read<RedisTopology> {
  const sentinels = setting(env, 'REDIS_SENTINELS');
  const clusterNodes = setting(env, 'REDIS_CLUSTER_NODES');
  const primaryName = setting(env, 'REDIS_SENTINEL_MASTER');
  const sentinelPassword = env.REDIS_SENTINEL_PASSWORD === '' ? undefined : env.REDIS_SENTINEL_PASSWORD;
  if (sentinels !== undefined && clusterNodes !== undefined)
    return {
      problems: [
        'REDIS_SENTINELS and REDIS_CLUSTER_NODES are both set: a Redis deployment is either Sentinel-managed or a Cluster, so set one',
      ],
    };
  if (sentinels === undefined) {
    const strays = [
      ...(primaryName === undefined ? [] : ['REDIS_SENTINEL_MASTER']),
      ...(sentinelPassword === undefined ? [] : ['REDIS_SENTINEL_PASSWORD']),
    ];
    if (strays.length > 0)
      return { problems: [`${strays.join(' and ')} ${strays.length > 1 ? 'are' : 'is'} set but REDIS_SENTINELS is not`] };
  }
  if (sentinels !== undefined) {
    const list = hostPorts('REDIS_SENTINELS', sentinels);
    const problems = [...list.problems];
    if (primaryName === undefined) problems.push('REDIS_SENTINELS needs REDIS_SENTINEL_MASTER, the name the Sentinels know the primary by');
    else if (!/^[A-Za-z0-9._-]{1,128}$/.test(primaryName))
      problems.push('REDIS_SENTINEL_MASTER must be a name of letters, digits, dots, dashes or underscores');
    if (list.value === undefined || primaryName === undefined || problems.length > 0) return { problems };
    return {
      value: { mode: 'sentinel', sentinels: list.value, primaryName, ...(sentinelPassword === undefined ? {} : { sentinelPassword }) },
      problems: [],
    };
  }
  if (clusterNodes !== undefined) {
    const list = hostPorts('REDIS_CLUSTER_NODES', clusterNodes);
    return list.value === undefined ? list : { value: { mode: 'cluster', nodes: list.value }, problems: [] };
  }
  const url = setting(env, 'REDIS_URL') ?? DEFAULT_REDIS_URL;
  const problem = redisUrlProblem(url);
  if (problem) return { problems: [`REDIS_URL ${problem}: ${redactUrl(url)}`] };
  if (tls && !url.startsWith('rediss://'))
    return { problems: ['REDIS_TLS=true applies to REDIS_SENTINELS and REDIS_CLUSTER_NODES; for REDIS_URL, use rediss://'] };
  return { value: { mode: 'single', url }, problems: [] };
}

/**
 * Reads the Redis settings (contract section 9) into one connection, or every
 * problem with them. Exactly one mode comes out: Sentinel or Cluster when
 * their setting is present (either overrides REDIS_URL), else one server.
 */
export function readRedisConnection(env: Env): Read<RedisConnection> {
  const tls = flag('REDIS_TLS', setting(env, 'REDIS_TLS'));
  const ca = caBundle(setting(env, 'REDIS_TLS_CA_FILE'));
  const client = clientCertificate(env);
  const target = topology(env, tls.value ?? false);
  const problems = [...tls.problems, ...target.problems, ...ca.problems, ...client.problems];
  if (target.value === undefined || tls.value === undefined || problems.length > 0) return { problems };
  const encrypted = target.value.mode === 'single' ? target.value.url.startsWith('rediss://') : tls.value;
  const tlsOnly = [
    ...(ca.value === undefined ? [] : ['REDIS_TLS_CA_FILE']),
    ...(client.value === undefined ? [] : ['REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE']),
  ];
  if (tlsOnly.length > 0 && !encrypted)
    return {
      problems: [
        `${tlsOnly.join(' and ')} ${tlsOnly.length > 1 || client.value !== undefined ? 'are' : 'is'} set but TLS is off: use rediss:// in REDIS_URL, or REDIS_TLS=true with Sentinels or a Cluster`,
      ],
    };
  const password = env.REDIS_PASSWORD === '' ? undefined : env.REDIS_PASSWORD;
  return {
    value: {
      topology: target.value,
      tls: encrypted,
      ...(password === undefined ? {} : { password }),
      ...(ca.value === undefined ? {} : { caPem: ca.value }),
      ...(client.value === undefined ? {} : { clientCertificate: client.value }),
    },
    problems: [],
  };
}
