import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../../src/config/config.js';

describe('loadConfig', () => {
  it('has the contract defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      metricsPort: 9464,
      host: '0.0.0.0',
      basePath: '',
      rateLimit: { points: 30, durationSeconds: 10, store: 'memory', redis: undefined, ipv6SubnetPrefix: 56 },
      trustProxy: false,
      logLevel: 'info',
      workers: 1,
    });
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.1 ,uniquelocal', ['10.0.0.0/8', '192.168.1.1', 'uniquelocal']],
    ['::1/128', ['::1/128']],
    ['false', false],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    [{ TRUST_PROXY: '10' }, null],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY as a hop count must be at most 10'],
    [{ TRUST_PROXY: '999999999999999999999' }, 'TRUST_PROXY as a hop count must be at most 10'],
    [{ WORKERS: String(4 * availableParallelism()) }, null],
    [{ WORKERS: String(4 * availableParallelism() + 1) }, `WORKERS must be a whole number from 1 to ${4 * availableParallelism()}`],
    [{ WORKERS: '999' }, 'WORKERS must be a whole number from 1 to'],
    [{ METRICS_PORT: '0' }, null],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT must be a whole number from 0 to 65535'],
  ])('bounds %j', (env, problem) => {
    if (problem === null) expect(() => loadConfig(env)).not.toThrow();
    else expect(() => loadConfig(env)).toThrow(problem);
  });

  it('refuses TRUST_PROXY=true with a reason', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would trust any X-Forwarded-For/);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        RATE_LIMIT_STORE: 'memcached',
        BASE_PATH: 'api/',
        TRUST_PROXY: '10.0.0.0/33',
        LOG_LEVEL: 'loud',
        RATE_LIMIT_POINTS: '0',
        WORKERS: 'many',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(7);
    expect(problems).toContain('PORT must be a whole number from 0 to 65535');
    expect(problems).toContain('RATE_LIMIT_STORE must be memory or redis');
    expect(problems).toContain('RATE_LIMIT_POINTS must be a whole number from 1 to 1000000000');
    expect(problems.some((p) => p.includes('10.0.0.0/33'))).toBe(true);
  });
});

/** A PEM file of this test's own, for the settings that need a readable CA bundle. */
const pemDir = mkdtempSync(join(tmpdir(), 'pem-'));
const pemFile = join(pemDir, 'ca.pem');
writeFileSync(pemFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
const keyFile = join(pemDir, 'client.key');
const KEY_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC-not-a-real-key';
writeFileSync(keyFile, `-----BEGIN PRIVATE KEY-----\n${KEY_BODY}\n-----END PRIVATE KEY-----\n`);
afterAll(() => rmSync(pemDir, { recursive: true }));

describe('loadConfig: Redis settings', () => {
  const redis = (env: Record<string, string>) => loadConfig({ RATE_LIMIT_STORE: 'redis', ...env }).rateLimit.redis;
  const problemsOf = (env: Record<string, string>): readonly string[] => {
    try {
      loadConfig({ RATE_LIMIT_STORE: 'redis', ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('reads nothing about Redis, not even a bad setting, with the memory store', () => {
    expect(loadConfig({ REDIS_URL: 'nonsense', REDIS_SENTINELS: 'x', REDIS_CLUSTER_NODES: 'y' }).rateLimit.redis).toBeUndefined();
  });

  it('defaults to one server at redis://127.0.0.1:6379 without TLS', () => {
    expect(redis({})).toEqual({ topology: { mode: 'single', url: 'redis://127.0.0.1:6379' }, tls: false });
  });

  it('reads Sentinels, the primary name, both passwords and TLS', () => {
    expect(
      redis({
        REDIS_SENTINELS: 'sentinel-0.redis:26379, 10.0.0.2:26379,[fd00::3]:26379',
        REDIS_SENTINEL_MASTER: 'mymaster',
        REDIS_PASSWORD: 'data-pw',
        REDIS_SENTINEL_PASSWORD: 'sentinel-pw',
        REDIS_TLS: 'true',
        REDIS_URL: 'redis://ignored:1',
      }),
    ).toEqual({
      topology: {
        mode: 'sentinel',
        sentinels: [
          { host: 'sentinel-0.redis', port: 26379 },
          { host: '10.0.0.2', port: 26379 },
          { host: 'fd00::3', port: 26379 },
        ],
        primaryName: 'mymaster',
        sentinelPassword: 'sentinel-pw',
      },
      password: 'data-pw',
      tls: true,
    });
  });

  it('reads Cluster seed nodes', () => {
    expect(redis({ REDIS_CLUSTER_NODES: '127.0.0.1:7000,127.0.0.1:7001' })).toEqual({
      topology: {
        mode: 'cluster',
        nodes: [
          { host: '127.0.0.1', port: 7000 },
          { host: '127.0.0.1', port: 7001 },
        ],
      },
      tls: false,
    });
  });

  it('takes TLS for one server from rediss://, and a CA bundle from REDIS_TLS_CA_FILE', () => {
    expect(redis({ REDIS_URL: 'rediss://cache:6380/1', REDIS_TLS_CA_FILE: pemFile })).toEqual({
      topology: { mode: 'single', url: 'rediss://cache:6380/1' },
      tls: true,
      caPem: readFileSync(pemFile, 'utf8'),
    });
  });

  it('takes a TLS client certificate and its key from REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE, in every mode', () => {
    const clientCertificate = { certPem: readFileSync(pemFile, 'utf8'), keyPem: readFileSync(keyFile, 'utf8') };
    const files = { REDIS_TLS_CERT_FILE: pemFile, REDIS_TLS_KEY_FILE: keyFile };
    expect(redis({ REDIS_URL: 'rediss://cache:6380', ...files })).toMatchObject({ tls: true, clientCertificate });
    expect(redis({ REDIS_CLUSTER_NODES: 'a:1', REDIS_TLS: 'true', ...files })).toMatchObject({ tls: true, clientCertificate });
    expect(redis({ REDIS_SENTINELS: 'a:1', REDIS_SENTINEL_MASTER: 'm', REDIS_TLS: 'true', ...files })).toMatchObject({ clientCertificate });
  });

  it.each([
    [{ REDIS_URL: 'rediss://a:1', REDIS_TLS_CERT_FILE: pemFile }, 'REDIS_TLS_CERT_FILE is set but REDIS_TLS_KEY_FILE is not'],
    [{ REDIS_URL: 'rediss://a:1', REDIS_TLS_KEY_FILE: keyFile }, 'REDIS_TLS_KEY_FILE is set but REDIS_TLS_CERT_FILE is not'],
    [
      { REDIS_URL: 'rediss://a:1', REDIS_TLS_CERT_FILE: '/nonexistent/client.pem', REDIS_TLS_KEY_FILE: keyFile },
      'REDIS_TLS_CERT_FILE /nonexistent/client.pem cannot be read (ENOENT)',
    ],
    [
      { REDIS_URL: 'rediss://a:1', REDIS_TLS_CERT_FILE: pemFile, REDIS_TLS_KEY_FILE: pemDir },
      `REDIS_TLS_KEY_FILE ${pemDir} cannot be read (EISDIR)`,
    ],
    [{ REDIS_URL: 'rediss://a:1', REDIS_TLS_CERT_FILE: keyFile, REDIS_TLS_KEY_FILE: keyFile }, 'holds no PEM certificate'],
    [{ REDIS_URL: 'rediss://a:1', REDIS_TLS_CERT_FILE: pemFile, REDIS_TLS_KEY_FILE: pemFile }, 'holds no PEM private key'],
    [{ REDIS_TLS_CERT_FILE: pemFile, REDIS_TLS_KEY_FILE: keyFile }, 'REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE are set but TLS is off'],
  ])('refuses a client certificate setting: %j', (env, problem) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
    expect(problems[0]).not.toContain(KEY_BODY);
  });

  it.each([
    [
      { REDIS_SENTINELS: 'a:1', REDIS_CLUSTER_NODES: 'b:2', REDIS_SENTINEL_MASTER: 'm' },
      'REDIS_SENTINELS and REDIS_CLUSTER_NODES are both set',
    ],
    [{ REDIS_SENTINELS: 'a:26379' }, 'REDIS_SENTINELS needs REDIS_SENTINEL_MASTER'],
    [{ REDIS_SENTINEL_MASTER: 'mymaster' }, 'REDIS_SENTINEL_MASTER is set but REDIS_SENTINELS is not'],
    [{ REDIS_SENTINEL_PASSWORD: 'pw' }, 'REDIS_SENTINEL_PASSWORD is set but REDIS_SENTINELS is not'],
    [{ REDIS_SENTINELS: 'a:26379', REDIS_SENTINEL_MASTER: 'my master' }, 'REDIS_SENTINEL_MASTER must be a name'],
    [{ REDIS_SENTINELS: 'a:26379,b,c:0,:1,fd00::1:2', REDIS_SENTINEL_MASTER: 'm' }, 'not: b, c:0, :1, fd00::1:2'],
    [{ REDIS_CLUSTER_NODES: 'a:70000' }, 'REDIS_CLUSTER_NODES must list host:port pairs'],
    [{ REDIS_TLS: 'yes' }, 'REDIS_TLS must be true or false'],
    [{ REDIS_TLS: 'true' }, 'REDIS_TLS=true applies to REDIS_SENTINELS and REDIS_CLUSTER_NODES; for REDIS_URL, use rediss://'],
    [
      { REDIS_TLS_CA_FILE: '/nonexistent/ca.pem', REDIS_URL: 'rediss://a:1' },
      'REDIS_TLS_CA_FILE /nonexistent/ca.pem cannot be read (ENOENT)',
    ],
    [{ REDIS_TLS_CA_FILE: '/etc/hostname', REDIS_CLUSTER_NODES: 'a:1', REDIS_TLS: 'true' }, 'holds no PEM certificate'],
    [{ REDIS_TLS_CA_FILE: pemFile }, 'REDIS_TLS_CA_FILE is set but TLS is off'],
  ])('refuses %j', (env, problem) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
  });

  it('never prints a password from REDIS_URL, REDIS_PASSWORD or REDIS_SENTINEL_PASSWORD in a problem', () => {
    const problems = problemsOf({
      REDIS_URL: 'redis://user:url-s3cret@host:port',
      REDIS_PASSWORD: 'pw-s3cret',
      REDIS_TLS: 'maybe',
    });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toMatch(/s3cret/);
    expect(problems.join('\n')).toContain('redis://***@host:port');
  });
});
