// The public port under WORKERS: the workers hold the listening socket, and the
// primary only passes it on.
//
// The first worker binds the port itself. Each later one (a second worker, a
// replacement for one that died) asks the primary, which borrows the socket
// from a live worker, hands it over and closes its own copy at once. So in
// steady state only workers hold the socket, each accepting from it, and at
// shutdown the last process to close it is a worker that was accepting until
// that moment. With Node's own sharing the primary keeps a copy that nobody
// accepts from until every worker has said it closed, and connections the
// kernel completed in that window were reset. A connection the primary happens
// to accept while it holds a borrowed copy goes to a ready worker over IPC,
// unread.
import type { Worker } from 'node:cluster';
import net, { type Server, type Socket } from 'node:net';

/** The messages between the primary and its workers, each sent as this plain string. */
export const MESSAGES = {
  /** Worker → primary: I need the listening socket. */
  listen: 'cluster-socket-sharing:listen',
  /** Primary → worker: no live worker has it; bind the port yourself. */
  bind: 'cluster-socket-sharing:bind',
  /** Primary → worker: lend me your listening socket. */
  lend: 'cluster-socket-sharing:lend',
  /** Worker → primary: my listening socket. */
  lent: 'cluster-socket-sharing:lent',
  /** Primary → worker: the listening socket. */
  listener: 'cluster-socket-sharing:listener',
  /** Worker → primary: listening, and ready for connections. */
  ready: 'cluster-socket-sharing:ready',
  /** Primary → worker: one connection the primary accepted. */
  connection: 'cluster-socket-sharing:connection',
  /** Worker → primary: took the oldest connection sent to it; the primary closes its own copy. */
  took: 'cluster-socket-sharing:took',
  /** Primary → worker: drain and exit. It follows every connection sent before it on the same channel. */
  drain: 'cluster-socket-sharing:drain',
  /** Worker → primary: I have stopped accepting (I am draining). */
  stopped: 'cluster-socket-sharing:stopped',
  /**
   * Primary → worker: your answers may now say Connection: close. Sent at once while the service runs on, and
   * at shutdown only once every worker has stopped accepting, so that no client told to reconnect lands on the
   * socket while some worker still holds it (the connection would be reset when that worker closed it).
   */
  closeConnections: 'cluster-socket-sharing:close-connections',
} as const;
const { listen: LISTEN, bind: BIND, lend: LEND, lent: LENT, listener: LISTENER, ready: READY } = MESSAGES;
const { connection: CONNECTION, took: TOOK, drain: DRAIN, stopped: STOPPED, closeConnections: CLOSE_CONNECTIONS } = MESSAGES;

export class ListenerBroker {
  private readonly ready: Worker[] = [];
  /** Workers waiting for the socket, in the order they asked. */
  private readonly asking: Worker[] = [];
  /** The worker told to bind the port, until it is ready. */
  private binding: Worker | undefined;
  /** The worker asked to lend its socket, until it does. */
  private lender: Worker | undefined;
  /** The primary's borrowed copies, open only until they are passed on. */
  private readonly borrowed = new Set<Server>();
  /**
   * Connections sent to a worker that it has not yet said it took, oldest first.
   * The primary keeps its own copy of each until then (keepOpen): Node sends
   * one handle at a time and queues the rest until the worker acknowledges,
   * and a worker that dies leaves both the one in flight and the queue open in
   * the primary, where they would hang. These go to another worker instead.
   */
  private readonly untaken = new Map<Worker, Socket[]>();
  /** Connections accepted while no worker was ready. */
  private readonly waiting: Socket[] = [];
  private turn = 0;
  private stopped = false;
  /** At shutdown: the workers still accepting, and those that stopped and wait for CLOSE_CONNECTIONS. */
  private readonly accepting = new Set<Worker>();
  private readonly waitingToClose: Worker[] = [];

  /** Brokers the socket for `worker`, and forwards connections to it once it says it is ready. */
  adopt(worker: Worker, onReady: () => void): void {
    worker.on('message', (message: unknown, handle: unknown) => {
      if (message === LISTEN) {
        this.asking.push(worker);
        this.serve();
      } else if (message === LENT) {
        if (handle instanceof net.Server) this.passOn(handle);
        else this.forget(worker, false); // It has closed its socket: it is draining, so lends and takes nothing more.
      } else if (message === TOOK) this.untaken.get(worker)?.shift()?.destroy();
      else if (message === STOPPED) this.stoppedAccepting(worker);
      else if (message === READY) {
        this.ready.push(worker);
        if (this.binding === worker) this.binding = undefined;
        onReady();
        for (const socket of this.waiting.splice(0)) this.forward(socket);
        this.serve();
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
   * Closes any copy the primary holds, then tells each ready worker to drain,
   * after the connections already on their way to it. Workers not yet ready get SIGTERM.
   */
  stop(workers: readonly Worker[]): void {
    this.stopped = true;
    for (const server of this.borrowed) server.close();
    for (const socket of this.waiting.splice(0)) socket.destroy();
    for (const worker of workers) {
      this.accepting.add(worker);
      if (this.isReady(worker) && worker.isConnected()) worker.send(DRAIN);
      else worker.process.kill('SIGTERM');
    }
  }

  /** A worker stopped accepting: it may close connections at once, or at shutdown once no worker accepts. */
  private stoppedAccepting(worker: Worker): void {
    if (!this.stopped) {
      if (worker.isConnected()) worker.send(CLOSE_CONNECTIONS);
      return;
    }
    this.waitingToClose.push(worker);
    this.accepting.delete(worker);
    this.closeWhenNoneAccepts();
  }

  private closeWhenNoneAccepts(): void {
    if (this.accepting.size > 0) return;
    for (const worker of this.waitingToClose.splice(0)) if (worker.isConnected()) worker.send(CLOSE_CONNECTIONS);
  }

  /** Gets the socket to the next asking worker: borrowed from a live one, or bound by the asker when none has it. */
  private serve(): void {
    if (this.stopped || this.asking.length === 0 || this.lender !== undefined || this.binding !== undefined) return;
    const lender = this.ready.find((worker) => worker.isConnected());
    if (lender !== undefined) {
      this.lender = lender;
      lender.send(LEND);
    } else {
      this.binding = this.asking.shift();
      this.binding?.send(BIND);
    }
  }

  /** Hands a borrowed socket to every asking worker, then closes the primary's copy. */
  private passOn(lent: Server): void {
    this.lender = undefined;
    // Node starts a received server listening here. Ours takes the socket over before the event loop can accept
    // on it, so that what it accepts until it is closed goes to a worker unread.
    const server = net.createServer({ pauseOnConnect: true }, (socket) => this.forward(socket));
    server.listen(lent);
    this.borrowed.add(server);
    const askers = this.stopped ? [] : this.asking.splice(0).filter((worker) => worker.isConnected());
    let left = askers.length;
    const done = () => {
      if (--left > 0) return;
      this.borrowed.delete(server);
      server.close();
    };
    if (askers.length === 0) done();
    // Once written, the socket is the worker's too: the kernel holds it for the message in flight.
    for (const worker of askers) worker.send(LISTENER, server, done);
  }

  /** Stops counting on `worker`: it died or, while still alive (`exited` false), closed its socket. */
  private forget(worker: Worker, exited = true): void {
    const index = this.ready.indexOf(worker);
    if (index >= 0) this.ready.splice(index, 1);
    if (!exited) {
      if (this.lender === worker) this.lender = undefined;
      this.serve();
      return;
    }
    if (this.accepting.delete(worker)) this.closeWhenNoneAccepts();
    const asked = this.asking.indexOf(worker);
    if (asked >= 0) this.asking.splice(asked, 1);
    if (this.binding === worker) this.binding = undefined;
    if (this.lender === worker) this.lender = undefined;
    const untaken = this.untaken.get(worker) ?? [];
    this.untaken.delete(worker);
    for (const socket of untaken) this.forward(socket);
    this.serve();
  }

  private forward(socket: Socket): void {
    const live = this.ready.filter((worker) => worker.isConnected());
    if (live.length === 0) {
      this.waiting.push(socket);
      return;
    }
    // live is not empty, so the index falls within it.
    const worker = live[this.turn++ % live.length] as Worker;
    const untaken = this.untaken.get(worker) ?? [];
    this.untaken.set(worker, untaken);
    untaken.push(socket);
    // A failed send means the worker's channel is gone: its exit hands what it had not taken to another.
    worker.send(CONNECTION, socket, { keepOpen: true }, () => undefined);
  }
}

/** The worker's channel to the primary: `process` in a cluster worker. */
export interface PrimaryChannel {
  on(event: 'message', listener: (message: unknown, handle: unknown) => void): unknown;
  send?(message: string, handle?: Server): unknown;
  readonly connected?: boolean;
}

export interface WorkerListenerEvents {
  /** No live worker has the socket: bind the port (and exit with its one line if that fails). */
  readonly bind: () => void;
  /** The server listens on the shared socket. */
  readonly onListening: () => void;
  /** The primary asked this worker to drain. */
  readonly onDrain: () => void;
}

export interface JoinedListener {
  /** Tells the primary that this worker may be sent connections and counts as started. */
  readonly ready: () => void;
  /**
   * Tells the primary that this worker has stopped accepting; resolves when its answers may say
   * Connection: close (at once without a primary to ask).
   */
  readonly stoppedAccepting: () => Promise<void>;
}

/**
 * Joins the workers' listening socket through the primary: binds it or
 * receives it, lends it to the primary for the next worker, and serves the
 * connections the primary forwards.
 */
export function joinListener(
  server: Server,
  { bind, onListening, onDrain }: WorkerListenerEvents,
  primary: PrimaryChannel = process,
): JoinedListener {
  let mayClose: (() => void) | undefined;
  primary.on('message', (message: unknown, handle: unknown) => {
    if (message === BIND) bind();
    else if (message === LISTENER && handle instanceof net.Server) server.listen(handle, onListening);
    else if (message === LEND) primary.send?.(LENT, server);
    // The same event the server emits for a connection it accepted: Node's HTTP server takes it from there.
    else if (message === CONNECTION && handle instanceof net.Socket) {
      server.emit('connection', handle);
      primary.send?.(TOOK);
    } else if (message === DRAIN) onDrain();
    else if (message === CLOSE_CONNECTIONS) mayClose?.();
  });
  primary.send?.(LISTEN);
  return {
    ready: () => primary.send?.(READY),
    stoppedAccepting: () =>
      new Promise<void>((resolve) => {
        mayClose = resolve;
        // Without a primary (it died), nobody else holds the socket.
        if (primary.send === undefined || primary.connected === false) resolve();
        else primary.send(STOPPED);
      }),
  };
}
