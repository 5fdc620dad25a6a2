import { ConfigError, loadConfig, type Config } from './config.js';
import { buildHttpService } from './container.js';
import { closeGracefully, createHttpServer } from './adapters/driving/http/server.js';
import { errorSummary } from './adapters/driving/http/observability.js';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const { app, application } = buildHttpService(config);
const { logger } = application;
const server = createHttpServer(app);

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ host: config.host, port, store: config.rateLimit.store }, 'listening');
});

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  await closeGracefully(server, SHUTDOWN_GRACE_MS);
  await application.close();
  logger.info('stopped');
  logger.flush();
  process.exit(0);
}

process.once('SIGTERM', (signal) => void shutdown(signal));
process.once('SIGINT', (signal) => void shutdown(signal));

for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    // Only the error's type and frames: a message can quote a token.
    logger.fatal({ event, error: errorSummary(error) }, 'crashed');
    logger.flush();
    process.exit(1);
  });
}
