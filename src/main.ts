import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { errorSummary } from './adapters/driving/http/observability.js';
import type { Server } from 'node:http';
import { closeGracefully, createHttpServer, createMetricsServer } from './adapters/driving/http/server.js';
import { parserAnswerRecorder } from './adapters/driving/http/observability.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './adapters/driven/logger.js';
import { startClusterPrimary } from './adapters/driven/rate-limit-stores.js';
import { createContainer } from './container.js';
import { buildHttpService } from './http-service.js';

// Under the 10 s the contract allows, so that closing the store and flushing logs fit too.
const SHUTDOWN_GRACE_MS = 8_000;

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

function onCrash(logger: Logger): void {
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(event, (error: unknown) => {
      // Only the error's type and frames: a message can quote a token.
      logger.fatal({ event, error: errorSummary(error) }, 'crashed');
      logger.flush(() => process.exit(1));
      setTimeout(() => process.exit(1), 1000).unref();
    });
  }
}

function onStopSignal(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop(signal);
    });
  }
}

/** The one plain line a failed listen prints, whatever LOG_LEVEL is. */
function listenFailure(error: NodeJS.ErrnoException, setting: string, port: number, host: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `${setting === 'PORT' ? 'port' : setting} ${port} is already in use`;
    case 'EACCES':
      return `${setting === 'PORT' ? 'port' : setting} ${port} needs privileges this process does not have`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} cannot be bound: it is not an address of this machine`;
    default:
      return `cannot listen on ${host}:${port} (${setting}): ${error.code ?? error.name}`;
  }
}

/** Listens, or stops the process with exit 1 and one line on stderr naming the cause. */
function listenOrExit(server: Server, port: number, host: string, setting: string, onListening: () => void): void {
  server.once('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(`${listenFailure(error, setting, port, host)}\n`);
    process.exit(1);
  });
  server.listen(port, host, onListening);
}

/** One HTTP server: the whole service, or one of WORKERS cluster workers sharing the port. */
function serve(config: Config, clusterWorker: boolean): void {
  const { app, application, metrics, lifecycle } = buildHttpService(createContainer(config, { clusterWorker }));
  const { logger } = application;
  onCrash(logger);
  const server = createHttpServer(app, { record: parserAnswerRecorder(logger, metrics), lifecycle });
  if (config.metricsPort !== 0) {
    listenOrExit(createMetricsServer(metrics), config.metricsPort, config.host, 'METRICS_PORT', () => {
      logger.info({ port: config.metricsPort }, 'metrics listening');
    });
  }
  listenOrExit(server, config.port, config.host, 'PORT', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ host: config.host, port, store: application.rateLimitStore.health().name }, 'listening');
  });
  onStopSignal(async (signal) => {
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    await closeGracefully(server, lifecycle, SHUTDOWN_GRACE_MS);
    await application.close();
    logger.info('stopped');
    logger.flush(() => process.exit(0));
  });
}

/** The cluster primary: holds the shared memory limit, forks the workers and replaces any that die. */
function supervise(config: Config, workers: number): void {
  const logger = createLogger(config.logLevel);
  onCrash(logger);
  startClusterPrimary(config.rateLimit.store);
  // Workers accept from the shared socket themselves. With Node's default round-robin the primary
  // accepts and hands each connection over IPC: one handed to a worker that dies before taking it
  // stays open in the primary and hangs, and one handed over while the last worker closes is reset.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ worker: worker.process.pid, code, signal }, 'worker died; starting another');
    cluster.fork();
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  logger.info({ workers, store: config.rateLimit.store === 'redis' ? 'redis' : 'cluster' }, 'started workers');
  onStopSignal(async (signal) => {
    stopping = true;
    logger.info({ signal }, 'shutting down workers');
    const running = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    logger.info('stopped');
    logger.flush(() => process.exit(0));
  });
}

const config = readConfig();
const workers = config.workers === 'auto' ? availableParallelism() : config.workers;
if (workers > 1 && cluster.isPrimary) supervise(config, workers);
else serve(config, workers > 1);
