// The WORKERS primary's side of the shared listening socket, with stand-in
// workers and real sockets: who binds, who lends, where connections go.
import { eventually } from '../../support/eventually.js';
import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';
import net, { type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { joinListener, ListenerBroker, MESSAGES } from '../../../src/adapters/driving/http/cluster-socket-sharing.js';

interface Sent {
  readonly message: unknown;
  readonly handle: unknown;
  readonly options: unknown;
  /** Node calls this once the message is written; a test decides when. */
  readonly written: () => void;
}

/** A cluster worker as the broker sees it: messages in and out, a connection flag, a process to signal. */
class FakeWorker extends EventEmitter {
  readonly sent: Sent[] = [];
  readonly signals: string[] = [];
  connected = true;
  /** Whether send calls its callback at once, as a write that went straight out does. */
  writeAtOnce = true;
  readonly process = { kill: (signal: string) => this.signals.push(signal) };

  send(message: unknown, ...rest: unknown[]): boolean {
    const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
    const handle = rest[0] === callback ? undefined : rest[0];
    const options = rest.length > 2 || (rest.length === 2 && callback === undefined) ? rest[1] : undefined;
    const entry: Sent = { message, handle, options, written: () => callback?.() };
    this.sent.push(entry);
    if (this.writeAtOnce) queueMicrotask(entry.written);
    return true;
  }

  isConnected(): boolean {
    return this.connected;
  }

  /** What the worker says to the primary. */
  say(message: string, handle?: unknown): void {
    this.emit('message', message, handle);
  }

  messages(): unknown[] {
    return this.sent.map((entry) => entry.message);
  }

  asWorker(): Worker {
    return this as unknown as Worker;
  }
}

const open: Array<Server | Socket> = [];
afterEach(() => {
  for (const thing of open.splice(0))
    if (thing instanceof net.Socket) thing.destroy();
    else thing.close();
});

async function listeningServer(): Promise<Server> {
  const server = net.createServer();
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function connectTo(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    open.push(socket);
    socket.once('error', reject);
  });
}

/** Whether nothing listens on `port` any more: the primary's copy was the last one open. */
async function closed(port: number): Promise<boolean> {
  return connectTo(port).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );
}

// A moment for sockets to carry what was written, before checking that something did not happen (nothing
// read in the primary, a connection not closed): those absences are the behaviour under test.
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function started(broker: ListenerBroker, onReady: () => void = () => undefined) {
  const worker = new FakeWorker();
  broker.adopt(worker.asWorker(), onReady);
  return worker;
}

/**
 * A broker in the middle of a lend: `lender` bound the port and is ready, `asker`
 * asked for the socket, and the primary holds the lent copy until the message to
 * the asker is written, which the test does with `asker.sent[0]?.written()`.
 */
async function midLend(broker: ListenerBroker) {
  const [lender, asker] = [started(broker), started(broker)];
  lender.say(MESSAGES.listen);
  lender.say(MESSAGES.ready);
  asker.say(MESSAGES.listen);
  asker.writeAtOnce = false;
  const lent = await listeningServer();
  const { port } = lent.address() as AddressInfo;
  lender.say(MESSAGES.lent, lent);
  return { lender, asker, port };
}

describe('the listener broker', () => {
  it('has the first worker bind the port, and holds a second until the first is ready, then borrows its socket', async () => {
    const broker = new ListenerBroker();
    const readies: string[] = [];
    const first = started(broker, () => readies.push('first'));
    const second = started(broker, () => readies.push('second'));
    first.say(MESSAGES.listen);
    second.say(MESSAGES.listen);
    expect(first.messages()).toEqual([MESSAGES.bind]);
    expect(second.messages()).toEqual([]);
    expect(broker.isReady(first.asWorker())).toBe(false);

    first.say(MESSAGES.ready);
    expect(broker.isReady(first.asWorker())).toBe(true);
    expect(readies).toEqual(['first']);
    expect(first.messages()).toEqual([MESSAGES.bind, MESSAGES.lend]);

    const socketOfFirst = await listeningServer();
    const { port } = socketOfFirst.address() as AddressInfo;
    first.say(MESSAGES.lent, socketOfFirst);
    expect(second.messages()).toEqual([MESSAGES.listener]);
    const passed = second.sent[0]?.handle as Server;
    expect((passed.address() as AddressInfo).port).toBe(port);
    // The primary closes its copy once the message is written: here that copy is the only one.
    expect(await closed(port)).toBe(true);
    second.say(MESSAGES.ready);
    expect(readies).toEqual(['first', 'second']);
  });

  it('has a lone asker bind again when every worker that had the socket is gone', () => {
    const broker = new ListenerBroker();
    const first = started(broker);
    first.say(MESSAGES.listen);
    first.say(MESSAGES.ready);
    first.connected = false;
    first.emit('exit');
    const replacement = started(broker);
    replacement.say(MESSAGES.listen);
    expect(replacement.messages()).toEqual([MESSAGES.bind]);
    expect(first.messages()).toEqual([MESSAGES.bind]);
  });

  it('asks another worker when the lender dies before lending, or lends nothing because it is draining', async () => {
    const broker = new ListenerBroker();
    const [a, b, c] = [started(broker), started(broker), started(broker)];
    a.say(MESSAGES.listen);
    a.say(MESSAGES.ready);
    b.say(MESSAGES.listen);
    b.say(MESSAGES.ready);
    expect(a.messages()).toEqual([MESSAGES.bind, MESSAGES.lend]);
    a.say(MESSAGES.lent, await listeningServer());
    c.say(MESSAGES.listen);
    // a lends nothing: it has closed its socket to drain. b is asked instead.
    expect(a.messages().at(-1)).toBe(MESSAGES.lend);
    a.say(MESSAGES.lent, undefined);
    expect(broker.isReady(a.asWorker())).toBe(false);
    expect(b.messages().at(-1)).toBe(MESSAGES.lend);
    // b dies before it answers; nobody else has the socket, so c binds it.
    b.connected = false;
    b.emit('exit');
    expect(c.messages()).toEqual([MESSAGES.bind]);
  });

  it('hands a connection it accepts to a ready worker unread, keeping its copy until the worker took it', async () => {
    const broker = new ListenerBroker();
    const { lender: first, asker: second, port } = await midLend(broker);
    // While the socket is on its way to the second worker, the primary holds a copy and may accept.
    const client = await connectTo(port);
    await eventually(() => first.messages().includes(MESSAGES.connection));
    const sent = first.sent.find((entry) => entry.message === MESSAGES.connection);
    expect(sent?.options).toEqual({ keepOpen: true });
    const copy = sent?.handle as Socket;
    expect(copy).toBeInstanceOf(net.Socket);
    client.write('GET / HTTP/1.1\r\n\r\n');
    await tick();
    // pauseOnConnect: nothing was read in the primary.
    expect(copy.bytesRead).toBe(0);
    expect(copy.destroyed).toBe(false);
    first.say(MESSAGES.took);
    expect(copy.destroyed).toBe(true);
    second.sent[0]?.written();
    await tick();
    expect(await closed(port)).toBe(true);
  });

  it('sends the connections a dead worker never took to a live one, and keeps them while none is ready', async () => {
    const broker = new ListenerBroker();
    const { lender: first, asker: second, port } = await midLend(broker);
    const third = started(broker);
    await connectTo(port);
    await connectTo(port);
    await eventually(() => first.messages().filter((message) => message === MESSAGES.connection).length === 2);
    const copies = first.sent.filter((entry) => entry.message === MESSAGES.connection).map((entry) => entry.handle as Socket);
    first.say(MESSAGES.took);
    expect(copies.map((copy) => copy.destroyed)).toEqual([true, false]);

    // The first dies with the second connection untaken, and no worker is ready: it waits.
    first.connected = false;
    first.emit('exit');
    expect(copies[1]?.destroyed).toBe(false);
    expect(second.messages()).toEqual([MESSAGES.listener]);
    second.say(MESSAGES.ready);
    expect(second.sent.at(-1)).toMatchObject({ message: MESSAGES.connection, handle: copies[1] });
    third.say(MESSAGES.listen);
    expect(third.messages()).toEqual([]);
    second.sent[0]?.written();
  });

  it('stops: closes its borrowed copy, drops waiting connections, drains ready workers and signals the rest', async () => {
    const broker = new ListenerBroker();
    const { lender: ready, asker: starting, port } = await midLend(broker);
    broker.stop([ready.asWorker(), starting.asWorker()]);
    expect(ready.messages().at(-1)).toBe(MESSAGES.drain);
    expect(ready.signals).toEqual([]);
    expect(starting.signals).toEqual(['SIGTERM']);
    expect(await closed(port)).toBe(true);
    // Stopped: nobody is told to bind or lend any more.
    const late = started(broker);
    late.say(MESSAGES.listen);
    expect(late.messages()).toEqual([]);
  });

  it('closes, at stop, the connections it accepted while no worker was ready', async () => {
    const broker = new ListenerBroker();
    const { lender, asker, port } = await midLend(broker);
    lender.connected = false;
    lender.emit('exit');
    const client = await connectTo(port);
    const ended = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await tick();
    expect(lender.messages()).not.toContain(MESSAGES.connection);
    broker.stop([asker.asWorker()]);
    await ended;
    expect(asker.messages()).toEqual([MESSAGES.listener]);
  });

  it('does not drain a ready worker whose channel is already gone, but signals it', () => {
    const broker = new ListenerBroker();
    const worker = started(broker);
    worker.say(MESSAGES.listen);
    worker.say(MESSAGES.ready);
    worker.connected = false;
    broker.stop([worker.asWorker()]);
    expect(worker.messages()).toEqual([MESSAGES.bind]);
    expect(worker.signals).toEqual(['SIGTERM']);
  });
});

describe('the listener broker, closing connections at shutdown', () => {
  function twoReady(broker: ListenerBroker): [FakeWorker, FakeWorker] {
    const workers = [started(broker), started(broker)] as [FakeWorker, FakeWorker];
    for (const worker of workers) worker.say(MESSAGES.ready);
    return workers;
  }

  it('lets a worker that stops on its own close connections at once: the others still accept', () => {
    const broker = new ListenerBroker();
    const [one] = twoReady(broker);
    one.say(MESSAGES.stopped);
    expect(one.messages().at(-1)).toBe(MESSAGES.closeConnections);
  });

  it('at shutdown, lets workers close connections only once every one of them has stopped accepting', () => {
    const broker = new ListenerBroker();
    const [one, two] = twoReady(broker);
    broker.stop([one.asWorker(), two.asWorker()]);
    one.say(MESSAGES.stopped);
    expect(one.messages()).not.toContain(MESSAGES.closeConnections);
    two.say(MESSAGES.stopped);
    expect(one.messages().at(-1)).toBe(MESSAGES.closeConnections);
    expect(two.messages().at(-1)).toBe(MESSAGES.closeConnections);
  });

  it('at shutdown, counts a worker that exited as no longer accepting, and tells no worker whose channel is gone', () => {
    const broker = new ListenerBroker();
    const [one, two] = twoReady(broker);
    broker.stop([one.asWorker(), two.asWorker()]);
    one.say(MESSAGES.stopped);
    two.connected = false;
    two.emit('exit');
    expect(one.messages().at(-1)).toBe(MESSAGES.closeConnections);
    expect(two.messages()).not.toContain(MESSAGES.closeConnections);
  });
});

describe('the listener broker, in its corners', () => {
  /** A broker whose first worker bound the port and is ready. */
  function withBound(broker: ListenerBroker) {
    const bound = started(broker);
    bound.say(MESSAGES.listen);
    bound.say(MESSAGES.ready);
    return bound;
  }

  it('hands one lent socket to every worker that asked, and closes its copy once the last message is written', async () => {
    const broker = new ListenerBroker();
    const bound = withBound(broker);
    const [a, b] = [started(broker), started(broker)];
    for (const asker of [a, b]) {
      asker.writeAtOnce = false;
      asker.say(MESSAGES.listen);
    }
    expect(bound.messages()).toEqual([MESSAGES.bind, MESSAGES.lend]);
    const lent = await listeningServer();
    const { port } = lent.address() as AddressInfo;
    bound.say(MESSAGES.lent, lent);
    expect(a.messages()).toEqual([MESSAGES.listener]);
    expect(b.messages()).toEqual([MESSAGES.listener]);
    a.sent[0]?.written();
    await tick();
    expect(await closed(port)).toBe(false);
    b.sent[0]?.written();
    await eventually(() => b.sent.length > 0);
    await tick();
    expect(await closed(port)).toBe(true);
  });

  it('passes nothing on, and closes its copy, when a lend arrives after it stopped', async () => {
    const broker = new ListenerBroker();
    const bound = withBound(broker);
    const asker = started(broker);
    asker.say(MESSAGES.listen);
    broker.stop([bound.asWorker(), asker.asWorker()]);
    const lent = await listeningServer();
    const { port } = lent.address() as AddressInfo;
    bound.say(MESSAGES.lent, lent);
    expect(asker.messages()).toEqual([]);
    await tick();
    expect(await closed(port)).toBe(true);
  });

  it('forgets a worker that asked and died before its turn', () => {
    const broker = new ListenerBroker();
    const binder = started(broker);
    binder.say(MESSAGES.listen);
    const asker = started(broker);
    asker.say(MESSAGES.listen);
    asker.connected = false;
    asker.emit('exit');
    binder.say(MESSAGES.ready);
    expect(binder.messages()).toEqual([MESSAGES.bind]);
  });

  it('has the next worker bind when the one binding dies before it is ready', () => {
    const broker = new ListenerBroker();
    const binder = started(broker);
    binder.say(MESSAGES.listen);
    const next = started(broker);
    next.say(MESSAGES.listen);
    expect(next.messages()).toEqual([]);
    binder.connected = false;
    binder.emit('exit');
    expect(next.messages()).toEqual([MESSAGES.bind]);
  });

  it('asks for one lend at a time, whoever else dies meanwhile, and asks another when the lender dies', () => {
    const broker = new ListenerBroker();
    const lender = withBound(broker);
    const other = started(broker);
    other.say(MESSAGES.listen);
    other.say(MESSAGES.ready);
    const asker = started(broker);
    asker.say(MESSAGES.listen);
    expect(lender.messages()).toEqual([MESSAGES.bind, MESSAGES.lend]);
    const bystander = started(broker);
    bystander.emit('exit');
    expect(lender.messages()).toEqual([MESSAGES.bind, MESSAGES.lend]);
    expect(other.messages()).toEqual([]);
    lender.connected = false;
    lender.emit('exit');
    expect(other.messages()).toEqual([MESSAGES.lend]);
  });

  it('forwards connections only to ready workers whose channel is up', async () => {
    const broker = new ListenerBroker();
    const { lender, asker, port } = await midLend(broker);
    asker.say(MESSAGES.ready);
    asker.connected = false;
    await connectTo(port);
    await connectTo(port);
    await eventually(() => lender.messages().filter((message) => message === MESSAGES.connection).length === 2);
    expect(asker.messages()).not.toContain(MESSAGES.connection);
    asker.sent[0]?.written();
  });

  it('leaves the connections a draining worker has not taken yet with it, where they are served', async () => {
    const broker = new ListenerBroker();
    const { lender, asker, port } = await midLend(broker);
    await connectTo(port);
    await eventually(() => lender.messages().includes(MESSAGES.connection));
    const copy = lender.sent.find((entry) => entry.message === MESSAGES.connection)?.handle as Socket;
    asker.say(MESSAGES.ready);
    // Draining: asked to lend again, it has closed its socket and lends nothing.
    const late = started(broker);
    late.say(MESSAGES.listen);
    lender.say(MESSAGES.lent);
    expect(asker.messages().filter((message) => message === MESSAGES.connection)).toEqual([]);
    expect(copy.destroyed).toBe(false);
    lender.say(MESSAGES.took);
    expect(copy.destroyed).toBe(true);
    asker.sent[0]?.written();
  });

  it('ignores a TOOK with nothing to take and messages it does not know', () => {
    const broker = new ListenerBroker();
    const worker = started(broker);
    expect(() => worker.say(MESSAGES.took)).not.toThrow();
    worker.say('something else');
    expect(broker.isReady(worker.asWorker())).toBe(false);
    expect(worker.messages()).toEqual([]);
  });
});

describe('a worker joining the listener', () => {
  /** The worker's side of its channel to the primary. */
  class FakePrimary extends EventEmitter {
    readonly sent: Array<[unknown, unknown]> = [];
    send(message: string, handle?: Server): boolean {
      this.sent.push([message, handle]);
      return true;
    }
    say(message: string, handle?: unknown): void {
      this.emit('message', message, handle);
    }
  }

  function joined() {
    const primary = new FakePrimary();
    const server = net.createServer();
    open.push(server);
    const events = { binds: 0, listening: 0, drains: 0 };
    const worker = joinListener(
      server,
      { bind: () => events.binds++, onListening: () => events.listening++, onDrain: () => events.drains++ },
      primary,
    );
    return { primary, server, events, worker };
  }

  it('asks for the socket at once, binds when told to, and says when it is ready', () => {
    const { primary, events, worker } = joined();
    expect(primary.sent).toEqual([[MESSAGES.listen, undefined]]);
    primary.say(MESSAGES.bind);
    expect(events.binds).toBe(1);
    worker.ready();
    expect(primary.sent.at(-1)).toEqual([MESSAGES.ready, undefined]);
  });

  it('listens on the socket it is given, lends it back, and ignores a listener message without one', async () => {
    const { primary, server, events } = joined();
    primary.say(MESSAGES.listener);
    expect(server.listening).toBe(false);
    const shared = await listeningServer();
    primary.say(MESSAGES.listener, shared);
    await eventually(() => events.listening === 1);
    expect((server.address() as AddressInfo).port).toBe((shared.address() as AddressInfo).port);
    primary.say(MESSAGES.lend);
    expect(primary.sent.at(-1)).toEqual([MESSAGES.lent, server]);
  });

  it('says it stopped accepting, and may close connections only when the primary says so', async () => {
    const { primary, worker } = joined();
    let mayClose = false;
    const closing = worker.stoppedAccepting().then(() => (mayClose = true));
    expect(primary.sent.at(-1)).toEqual([MESSAGES.stopped, undefined]);
    await tick();
    expect(mayClose).toBe(false);
    primary.say(MESSAGES.closeConnections);
    await closing;
    expect(mayClose).toBe(true);
  });

  it('may close connections at once when the channel to the primary is gone', async () => {
    const { primary, worker } = joined();
    Object.assign(primary, { connected: false });
    await worker.stoppedAccepting();
    expect(primary.sent.map(([message]) => message)).not.toContain(MESSAGES.stopped);
  });

  it('asks for nothing and lends nothing on a channel that cannot send, and still serves what it is handed', () => {
    const silent = new EventEmitter() as EventEmitter & { say?: never };
    const server = net.createServer();
    open.push(server);
    const connections: Socket[] = [];
    server.on('connection', (socket: Socket) => connections.push(socket));
    const worker = joinListener(server, { bind: () => undefined, onListening: () => undefined, onDrain: () => undefined }, silent);
    expect(() => silent.emit('message', MESSAGES.lend)).not.toThrow();
    const socket = new net.Socket();
    open.push(socket);
    expect(() => silent.emit('message', MESSAGES.connection, socket)).not.toThrow();
    expect(connections).toEqual([socket]);
    expect(() => worker.ready()).not.toThrow();
  });

  it('does not listen on a listener message that carries no server', async () => {
    const { primary, server, events } = joined();
    primary.say(MESSAGES.listener, new net.Socket());
    await tick();
    expect(server.listening).toBe(false);
    expect(events.listening).toBe(0);
  });

  it('serves a connection the primary hands over as one it accepted, says it took it, and drains when told', () => {
    const { primary, server, events } = joined();
    const connections: Socket[] = [];
    server.on('connection', (socket: Socket) => connections.push(socket));
    const socket = new net.Socket();
    open.push(socket);
    primary.say(MESSAGES.connection, socket);
    primary.say(MESSAGES.connection, 'not a socket');
    expect(connections).toEqual([socket]);
    expect(primary.sent.filter(([message]) => message === MESSAGES.took)).toHaveLength(1);
    expect(events.drains).toBe(0);
    primary.say(MESSAGES.drain);
    expect(events.drains).toBe(1);
  });
});
