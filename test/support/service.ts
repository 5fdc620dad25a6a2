import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { pino } from 'pino';
import { createHttpServer } from '../../src/adapters/driving/http/server.js';
import { loadConfig } from '../../src/config.js';
import { buildHttpService, type PortOverrides } from '../../src/container.js';
import { FixedClock } from './fakes.js';

/** 2027-01-15T08:00:00Z */
export const TEST_NOW_MS = 1_800_000_000_123;

/** The real composition with a fixed clock, configured like production unless `env` says otherwise. */
export function testService(env: Record<string, string> = {}, overrides: PortOverrides = {}, tuning: { trpcFastPath?: boolean } = {}) {
  const clock = new FixedClock(TEST_NOW_MS);
  const { app, application } = buildHttpService(loadConfig(env), { clock, logger: pino({ level: 'silent' }), ...overrides }, tuning);
  return { app, application, clock };
}

export interface Running {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Listens on an ephemeral port of the loopback interface, with the production server settings. */
export async function listen(app: Express, host = '127.0.0.1'): Promise<Running> {
  const server = createHttpServer(app);
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
