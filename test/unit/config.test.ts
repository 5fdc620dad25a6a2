import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('has the contract defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      metricsPort: 9464,
      host: '0.0.0.0',
      basePath: '',
      rateLimit: { points: 30, durationSeconds: 10, store: 'memory', redisUrl: 'redis://127.0.0.1:6379', ipv6SubnetPrefix: 56 },
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
