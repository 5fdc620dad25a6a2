import { pino, type DestinationStream, type Level, type Logger } from 'pino';

/**
 * JSON logs on stdout. By default writes are asynchronous, so lines logged while
 * a write is in flight leave in one syscall: a synchronous write per request
 * line cost a tenth of the CPU under load. `main.ts` flushes on shutdown and on a crash.
 */
export function createLogger(level: Level | 'silent', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.epochTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
