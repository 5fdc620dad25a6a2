import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpApp } from '../../src/adapters/driving/http/pipeline.js';
import { pino } from 'pino';
import { createHttpServer, type ParserAnswerRecorder } from '../../src/adapters/driving/http/server.js';
import { loadConfig } from '../../src/config/config.js';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { buildHttpService, createContainer, TOKENS, USE_CASE_TOKENS } from '../../src/composition-root.js';
import type { RateLimitStore } from '../../src/core/rate-limit/ports/rate-limit-store.js';
import type { UseCases } from '../../src/core/use-cases/index.js';
import { FixedClock } from './fakes.js';

/** 2027-01-15T08:00:00Z */
export const TEST_NOW_MS = 1_800_000_000_123;

export interface PortSwaps {
  readonly logger?: Logger;
  readonly rateLimitStore?: RateLimitStore;
}

/** The container of production, with a fixed clock and silent logs rebound, and any other port the test swaps. */
export function testContainer(env: Record<string, string> = {}, swaps: PortSwaps = {}): { container: Container; clock: FixedClock } {
  const container = createContainer(loadConfig(env));
  const clock = new FixedClock(TEST_NOW_MS);
  container.rebind(TOKENS.Clock).toConstantValue(clock);
  container.rebind(TOKENS.Logger).toConstantValue(swaps.logger ?? pino({ level: 'silent' }));
  if (swaps.rateLimitStore) container.rebind(TOKENS.RateLimitStore).toConstantValue(swaps.rateLimitStore);
  return { container, clock };
}

/** Replaces one use case of the composition with a stand-in, by its own binding; the others are built as in production. */
export function swapUseCase<K extends keyof UseCases>(container: Container, name: K, useCase: UseCases[K]): void {
  container.rebind(USE_CASE_TOKENS[name]).toConstantValue(useCase);
}

/** The real composition with a fixed clock, configured like production unless `env` says otherwise. */
export function testService(env: Record<string, string> = {}, swaps: PortSwaps = {}, tuning: { trpcFastPath?: boolean } = {}) {
  const { container, clock } = testContainer(env, swaps);
  const { app, application, metrics, lifecycle } = buildHttpService(container, tuning);
  return { app, application, clock, container, metrics, lifecycle };
}

export interface Running {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Listens on an ephemeral port of the loopback interface, with the production server settings. */
export async function listen(app: HttpApp, host = '127.0.0.1', record?: ParserAnswerRecorder): Promise<Running> {
  const server = createHttpServer(app, { ...(record === undefined ? {} : { record }) });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const trpcInput = (input: unknown): string => encodeURIComponent(JSON.stringify(input));
