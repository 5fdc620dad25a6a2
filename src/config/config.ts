import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import type { RedisConnection } from '../adapters/driven/redis-connection.js';
import { readRedisConnection } from './redis-config.js';
import { z } from 'zod';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;
/** More workers than this only compete for the same cores. */
const MAX_WORKERS = 4 * availableParallelism();

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const integer = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, {
      message: `${name} must be a whole number from ${min} to ${max}`,
    })
    .transform(Number);

const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx) => {
    const text = value.trim();
    if (text === '' || text === 'false' || text === '0') return false as const;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would trust any X-Forwarded-For a client sends; give a hop count or a list of CIDRs or names (loopback, linklocal, uniquelocal)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      if (Number(text) > MAX_PROXY_HOPS) {
        ctx.addIssue({ code: 'custom', message: `TRUST_PROXY as a hop count must be at most ${MAX_PROXY_HOPS}` });
        return z.NEVER;
      }
      return Number(text);
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyEntry(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY has entries that are neither an address, a CIDR nor loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const workers = z
  .string()
  .default('1')
  .refine((value) => value === 'auto' || (/^[1-9]\d{0,3}$/.test(value) && Number(value) <= MAX_WORKERS), {
    message: `WORKERS must be a whole number from 1 to ${MAX_WORKERS} (4 × the ${MAX_WORKERS / 4} cores), or auto`,
  })
  .transform((value) => (value === 'auto' ? ('auto' as const) : Number(value)));

const envSchema = z.object({
  PORT: integer('PORT', 0, 65535, 3000),
  METRICS_PORT: integer('METRICS_PORT', 0, 65535, 9464),
  HOST: z.string().min(1, 'HOST must not be empty').default('0.0.0.0'),
  BASE_PATH: z
    .string()
    .default('')
    .refine((value) => /^(\/[A-Za-z0-9._~-]+)*$/.test(value), {
      message: 'BASE_PATH must be empty or a path such as /api, with no trailing slash',
    }),
  RATE_LIMIT_POINTS: integer('RATE_LIMIT_POINTS', 1, 1_000_000_000, 30),
  RATE_LIMIT_DURATION_SECONDS: integer('RATE_LIMIT_DURATION_SECONDS', 1, 86_400, 10),
  RATE_LIMIT_STORE: z.enum(['memory', 'redis'], { error: 'RATE_LIMIT_STORE must be memory or redis' }).default('memory'),
  RATE_LIMIT_IPV6_SUBNET: integer('RATE_LIMIT_IPV6_SUBNET', 1, 128, 56),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WORKERS: workers,
});

export interface Config {
  readonly port: number;
  /** The Prometheus listener's port; 0 turns it off. */
  readonly metricsPort: number;
  readonly host: string;
  readonly basePath: string;
  readonly rateLimit: {
    readonly points: number;
    readonly durationSeconds: number;
    readonly store: 'memory' | 'redis';
    /** Where Redis is: set exactly when `store` is `redis`, whose settings are read only then. */
    readonly redis: RedisConnection | undefined;
    readonly ipv6SubnetPrefix: number;
  };
  readonly trustProxy: false | number | readonly string[];
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly workers: number | 'auto';
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads every setting from the environment at once; throws ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  const redis = env.RATE_LIMIT_STORE === 'redis' ? readRedisConnection(env) : { value: undefined, problems: [] };
  if (!parsed.success || redis.problems.length > 0) {
    throw new ConfigError([
      ...(parsed.error?.issues ?? []).map((issue) =>
        issue.path.length > 0 && !issue.message.startsWith(String(issue.path[0]))
          ? `${String(issue.path[0])}: ${issue.message}`
          : issue.message,
      ),
      ...redis.problems,
    ]);
  }
  const value = parsed.data;
  return {
    port: value.PORT,
    metricsPort: value.METRICS_PORT,
    host: value.HOST,
    basePath: value.BASE_PATH,
    rateLimit: {
      points: value.RATE_LIMIT_POINTS,
      durationSeconds: value.RATE_LIMIT_DURATION_SECONDS,
      store: value.RATE_LIMIT_STORE,
      redis: redis.value,
      ipv6SubnetPrefix: value.RATE_LIMIT_IPV6_SUBNET,
    },
    trustProxy: value.TRUST_PROXY,
    logLevel: value.LOG_LEVEL,
    workers: value.WORKERS,
  };
}
