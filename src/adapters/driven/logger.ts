import { pino, type DestinationStream, type Level, type Logger } from 'pino';

export interface LoggerOptions {
  /** Lines go here instead of stdout (tests). */
  readonly destination?: DestinationStream;
  /** The message of the high-volume lines that may wait in the buffer: the request observer's. */
  readonly bufferedMessage?: string;
}

/**
 * JSON logs on stdout, written asynchronously. Lines with `bufferedMessage`
 * gather in a 4 KiB buffer that leaves in one write, at the latest a quarter
 * second later: a write per request line cost more CPU than the conversion it
 * logged. Every other line (start-up, warnings, errors, shutdown) is flushed
 * at once, with whatever buffered lines preceded it, so the order holds.
 * `main.ts` flushes on shutdown and on a crash.
 */
export function createLogger(level: Level | 'silent', { destination, bufferedMessage }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.epochTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args);
          // The message is the first string argument: after the merging object, when there is one.
          if (args[typeof args[0] === 'string' ? 0 : 1] !== bufferedMessage) this.flush();
        },
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 }),
  );
}
