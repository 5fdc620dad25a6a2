// The public port under WORKERS: the cluster primary owns the listening socket.
//
// The primary listens and passes the listening socket to every worker, which
// accept from it themselves; a connection the primary happens to accept
// (pauseOnConnect, so it reads nothing) goes to a ready worker over IPC. At
// shutdown the primary stops accepting first and only then tells the workers
// to drain, so the last process to close the socket is one that was accepting
// from it until that moment. With Node's own sharing the primary keeps a copy
// that nobody accepts from until every worker has said it closed, and the
// connections the kernel completed in that window were reset.
import type { Worker } from 'node:cluster';
import net, { type Server, type Socket } from 'node:net';

/** Worker → primary: send me the listening socket. */
const LISTEN = 'shared-listener:listen';
/** Primary → worker: the listening socket. */
const LISTENER = 'shared-listener:listener';
/** Worker → primary: listening, and ready for connections. */
const READY = 'shared-listener:ready';
/** Primary → worker: one accepted connection. */
const CONNECTION = 'shared-listener:connection';
/** Worker → primary: took the oldest connection sent to it; the primary closes its own copy. */
const TOOK = 'shared-listener:took';
/** Primary → worker: drain and exit. It follows every connection sent before it on the same channel. */
const DRAIN = 'shared-listener:drain';

export class PrimaryListener {
  /** Bound and listened on by the caller, which owns the start-up error handling. */
  readonly server: Server = net.createServer({ pauseOnConnect: true }, (socket) => this.forward(socket));
  private readonly ready: Worker[] = [];
  /**
   * Connections sent to a worker that it has not yet said it took, oldest first.
   * The primary keeps its own copy of each until then (keepOpen): Node sends
   * one handle at a time and queues the rest until the worker acknowledges,
   * and a worker that dies leaves both the one in flight and the queue open in
   * the primary, where they would hang. These go to another worker instead.
   */
  private readonly untaken = new Map<Worker, Socket[]>();
  /** Connections accepted before any worker was ready. */
  private readonly waiting: Socket[] = [];
  private turn = 0;

  /** Gives `worker` the socket when it asks, and forwards connections to it once it says it is ready. */
  adopt(worker: Worker, onReady: () => void): void {
    worker.on('message', (message: unknown) => {
      if (message === LISTEN) worker.send(LISTENER, this.server);
      else if (message === TOOK) this.untaken.get(worker)?.shift()?.destroy();
      else if (message === READY) {
        this.ready.push(worker);
        onReady();
        for (const socket of this.waiting.splice(0)) this.forward(socket);
      }
    });
    // Not 'disconnect': Node holds that back while a sent handle awaits its acknowledgement.
    worker.once('exit', () => this.forget(worker));
  }

  /** Whether `worker` has said it is ready. */
  isReady(worker: Worker): boolean {
    return this.ready.includes(worker);
  }

  /**
   * Stops accepting in the primary, then tells each ready worker to drain, after
   * the connections already on their way to it. Workers not yet ready get SIGTERM.
   */
  stop(workers: readonly Worker[]): void {
    this.server.close();
    for (const socket of this.waiting.splice(0)) socket.destroy();
    for (const worker of workers) {
      if (this.isReady(worker) && worker.isConnected()) worker.send(DRAIN);
      else worker.process.kill('SIGTERM');
    }
  }

  private forget(worker: Worker): void {
    const index = this.ready.indexOf(worker);
    if (index >= 0) this.ready.splice(index, 1);
    const untaken = this.untaken.get(worker) ?? [];
    this.untaken.delete(worker);
    for (const socket of untaken) this.forward(socket);
  }

  private forward(socket: Socket): void {
    const live = this.ready.filter((worker) => worker.isConnected());
    if (live.length === 0) {
      this.waiting.push(socket);
      return;
    }
    const worker = live[this.turn++ % live.length] as Worker;
    const untaken = this.untaken.get(worker) ?? [];
    this.untaken.set(worker, untaken);
    untaken.push(socket);
    // A failed send means the worker's channel is gone: its exit hands what it had not taken to another.
    worker.send(CONNECTION, socket, { keepOpen: true }, () => undefined);
  }
}

export interface WorkerListenerEvents {
  /** The server listens on the shared socket. */
  readonly onListening: () => void;
  /** The primary asked this worker to drain. */
  readonly onDrain: () => void;
}

/**
 * Joins the primary's listener: asks for the socket, listens on it, and serves
 * the connections the primary forwards. `ready()` tells the primary that this
 * worker may be sent connections and counts as started.
 */
export function joinPrimaryListener(server: Server, { onListening, onDrain }: WorkerListenerEvents): { ready: () => void } {
  process.on('message', (message: unknown, handle: unknown) => {
    if (message === LISTENER && handle instanceof net.Server) server.listen(handle, onListening);
    // The same event the server emits for a connection it accepted: Node's HTTP server takes it from there.
    else if (message === CONNECTION && handle instanceof net.Socket) {
      server.emit('connection', handle);
      process.send?.(TOOK);
    } else if (message === DRAIN) onDrain();
  });
  process.send?.(LISTEN);
  return { ready: () => process.send?.(READY) };
}
