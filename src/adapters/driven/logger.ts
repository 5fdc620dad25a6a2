import { pino, type DestinationStream, type Level, type Logger } from 'pino';

export interface LoggerOptions {
  /** Lines go here instead of stdout (tests). */
  readonly destination?: DestinationStream;
  /** The message of the high-volume lines that may wait in the buffer: the request observer's. */
  readonly bufferedMessage?: string;
}

type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * PIPE_BUF on Linux: a write of at most this many bytes to a pipe is never
 * split around another process's write. Cluster workers share one stdout, so
 * no write may be larger, or lines would be cut apart when the reader lags.
 */
const BATCH_BYTES = 4096;
const BATCH_MS = 250;

/**
 * Gathers lines and hands them to sonic-boom (pino's own asynchronous stdout
 * writer) in batches of whole lines up to 4 KiB, or every 250 ms. sonic-boom re-measures its whole
 * pending buffer on every write it is given, so handing it each request line,
 * even with its own minLength buffering, cost more CPU than the conversion the
 * line reported (docs/benchmarks.md); a joined batch is one write for it.
 * sonic-boom still does the I/O: retries, back-pressure and a broken pipe.
 */
export class LineBatcher implements DestinationStream {
  private lines: string[] = [];
  private bytes = 0;
  private readonly sink: Pick<SonicBoom, 'write' | 'flush' | 'flushSync'>;

  /** `openSink` is called once, after the batcher's own exit handlers are in place. */
  constructor(openSink: () => Pick<SonicBoom, 'write' | 'flush' | 'flushSync'>) {
    setInterval(() => this.drain(), BATCH_MS).unref();
    // Registered before the sink exists, so they run before pino's own exit handlers for it: when the
    // event loop empties, the batch reaches the sink before pino ends it; on process.exit, it is
    // written synchronously, since there is no event loop left.
    process.once('beforeExit', () => this.drain());
    process.once('exit', () => {
      if (this.drain()) this.sink.flushSync();
    });
    this.sink = openSink();
  }

  write(line: string): void {
    const bytes = Buffer.byteLength(line);
    // A line that would not fit goes into the next batch; one longer than a batch is written alone.
    if (this.bytes + bytes > BATCH_BYTES) this.drain();
    this.lines.push(line);
    this.bytes += bytes;
  }

  /** Hands every gathered line to the sink, then waits for it to write them. */
  flush(done?: (error?: Error) => void): void {
    this.drain();
    this.sink.flush(done);
  }

  /** Hands the gathered lines to the sink; says whether there were any. */
  private drain(): boolean {
    if (this.lines.length === 0) return false;
    this.sink.write(this.lines.join(''));
    this.lines = [];
    this.bytes = 0;
    return true;
  }
}

/**
 * JSON logs on stdout, written asynchronously. Lines with `bufferedMessage`
 * gather in a 4 KiB batch that leaves in one write, at the latest a quarter
 * second later. Every other line (start-up, warnings, errors, shutdown) is
 * flushed at once, with whatever batched lines preceded it, so the order holds.
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
    // minLength 1: each batch is written at once, and flush() waits for writes in flight (with 0 it returns at once).
    // maxWrite: batches that wait behind a write in flight are not merged into one write larger than a pipe takes whole.
    destination ?? new LineBatcher(() => pino.destination({ dest: 1, sync: false, minLength: 1, maxWrite: BATCH_BYTES })),
  );
}
