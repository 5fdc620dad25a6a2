import { createServer } from 'node:http';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildHttpService } from './container.js';

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
const server = createServer(app);

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  application.logger.info({ host: config.host, port, store: config.rateLimit.store }, 'listening');
});

const shutdown = (): void => {
  server.close(() => {
    void application.close().then(() => process.exit(0));
  });
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
