// The real service with its rate-limit store swapped, to price the limiter:
// BENCH_STORE=none counts nothing (every call granted), memory and redis are the real stores.
import { createHttpServer } from '../src/adapters/driving/http/server.js';
import { loadConfig } from '../src/config/config.js';
import { buildHttpService, createContainer, TOKENS } from '../src/composition-root.js';
import type { RateLimitStore } from '../src/core/rate-limit/ports/rate-limit-store.js';

const free: RateLimitStore = {
  consume: () => Promise.resolve({ consumed: 1, resetMs: 10_000 }),
  health: () => ({ name: 'none', state: 'ok' }),
  close: () => Promise.resolve(),
};

const config = loadConfig(process.env);
const container = createContainer(config);
if (process.env.BENCH_STORE === 'none') container.rebind(TOKENS.RateLimitStore).toConstantValue(free);
const { app } = buildHttpService(container);
createHttpServer(app).listen(config.port, '127.0.0.1', () => process.stderr.write('ready\n'));
