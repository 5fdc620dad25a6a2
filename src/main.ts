import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import type { Logger } from 'pino';
import { errorSummary } from './adapters/driving/http/observability/error-summary.js';
import type { Server as NetServer } from 'node:net';
import { closeGracefully, createHttpServer, createMetricsServer } from './adapters/driving/http/server.js';
import { parserAnswerRecorder } from './adapters/driving/http/observability/request-log.js';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { createLogger } from './adapters/driven/logger.js';
import { startClusterPrimary } from './adapters/driven/rate-limit-stores.js';
import { buildHttpService, createContainer } from './composition-root.js';
import { joinListener, ListenerBroker } from './adapters/driving/http/cluster-socket-sharing.js';

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

/** Runs `stop` once: on the first SIGTERM or SIGINT, or when the returned function is called. */
function onStop(stop: (cause: string) => Promise<void>): (cause: string) => void {
  let stopping = false;
  const once = (cause: string) => {
    if (stopping) return;
    stopping = true;
    void stop(cause);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => once(signal));
  return once;
}

/** The one plain line a failed listen prints, whatever LOG_LEVEL is. */
function listenFailure(error: NodeJS.ErrnoException, setting: string, port: number, host: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      // A second instance on one host meets the metrics port first: the line says which setting moves it.
      return setting === 'PORT'
        ? `port ${port} is already in use`
        : `${setting} ${port} is already in use: set ${setting} to a free port, or to 0 to turn that listener off`;
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
function listenOrExit(server: NetServer, port: number, host: string, setting: string, onListening: () => void): void {
  server.once('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(`${listenFailure(error, setting, port, host)}\n`);
    process.exit(1);
  });
  server.listen(port, host, onListening);
}

/** Calls `done` once `count` calls of the returned function have been made. */
function countdown(count: number, done: () => void): () => void {
  let left = count;
  return () => {
    if (--left === 0) done();
  };
}

/** One HTTP server: the whole service, or one of WORKERS cluster workers on the primary's socket. */
function serve(config: Config, clusterWorker: boolean): void {
  const { app, application, metrics, lifecycle } = buildHttpService(createContainer(config, { clusterWorker }));
  const { logger } = application;
  onCrash(logger);
  const server = createHttpServer(app, { record: parserAnswerRecorder(logger, metrics), lifecycle });
  const stop = onStop(async (cause) => {
    logger.info({ cause }, 'shutting down: no new connections, finishing requests in flight');
    await closeGracefully(server, lifecycle, SHUTDOWN_GRACE_MS, primary?.stoppedAccepting);
    await application.close();
    logger.info('stopped');
    logger.flush(() => process.exit(0));
  });
  const listening = () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ host: config.host, port, store: application.rateLimitStore.health().name }, 'listening');
  };
  // A worker has started once both of its listeners are up; only then does the primary send it connections.
  const bind = () => listenOrExit(server, config.port, config.host, 'PORT', started);
  const primary = clusterWorker
    ? joinListener(server, { bind, onListening: () => started(), onDrain: () => stop('the primary is stopping') })
    : undefined;
  const started = countdown(config.metricsPort === 0 ? 1 : 2, () => {
    listening();
    primary?.ready();
  });
  if (config.metricsPort !== 0) {
    listenOrExit(createMetricsServer(metrics), config.metricsPort, config.host, 'METRICS_PORT', () => {
      logger.info({ port: config.metricsPort }, 'metrics listening');
      started();
    });
  }
  if (!clusterWorker) bind();
}

/** The cluster primary: holds the shared memory limit, passes the listening socket on, forks the workers and replaces any that die. */
function supervise(config: Config, workers: number): void {
  const logger = createLogger(config.logLevel);
  onCrash(logger);
  startClusterPrimary(config.rateLimit.store);
  // METRICS_PORT is shared through the cluster module; with SCHED_NONE the workers accept from it themselves.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const listener = new ListenerBroker();
  let stopping = false;
  let everStarted = false;
  // One worker first, which binds the port: a start-up failure in it (a port in use) prints its one line once, not once a worker.
  const fork = () =>
    listener.adopt(cluster.fork(), () => {
      if (everStarted) return;
      everStarted = true;
      for (let i = 1; i < workers; i++) fork();
      logger.info({ workers, store: config.rateLimit.store === 'redis' ? 'redis' : 'cluster' }, 'started workers');
    });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!everStarted && !listener.isReady(worker)) {
      // A start-up failure (the worker printed its one line): forking again would fail the same way.
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL');
      process.exit(1);
    }
    logger.error({ worker: worker.process.pid, code, signal }, 'worker died; starting another');
    fork();
  });
  fork();
  onStop(async (cause) => {
    stopping = true;
    logger.info({ cause }, 'shutting down workers');
    const running = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    const exited = running.map((worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve())));
    listener.stop(running);
    await Promise.all(exited);
    logger.info('stopped');
    logger.flush(() => process.exit(0));
  });
}

// Before any request: otherwise V8 may decide, after the first burst of connections, to allocate the objects of
// some allocation sites straight into the old generation, and each request's objects then survive every minor
// collection through them (docs/decisions/0006-no-allocation-site-pretenuring.md).
setFlagsFromString('--no-allocation-site-pretenuring');

const config = readConfig();
const workers = config.workers === 'auto' ? availableParallelism() : config.workers;
if (workers > 1 && cluster.isPrimary) supervise(config, workers);
else serve(config, workers > 1);
