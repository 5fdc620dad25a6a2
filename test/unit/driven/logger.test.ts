import { describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { LineBatcher, createLogger } from '../../../src/adapters/driven/logger.js';

function recorded(bufferedMessage?: string) {
  const events: string[] = [];
  const destination = {
    write: (line: string) => events.push(`write ${(JSON.parse(line) as { msg: string }).msg}`),
    flush: (done: () => void) => {
      events.push('flush');
      done();
    },
  };
  return { events, logger: createLogger('info', { destination, ...(bufferedMessage === undefined ? {} : { bufferedMessage }) }) };
}

describe('createLogger', () => {
  it('leaves the buffered message in the buffer and flushes after every other line, in order', () => {
    const { events, logger } = recorded('request');
    logger.info({ route: '/a' }, 'request');
    logger.info('request');
    logger.warn({ store: 'redis' }, 'store unreachable');
    logger.info('listening');
    logger.info({ route: '/b' }, 'request');
    expect(events).toEqual([
      'write request',
      'write request',
      'write store unreachable',
      'flush',
      'write listening',
      'flush',
      'write request',
    ]);
  });

  it('flushes after every line when nothing may wait', () => {
    const { events, logger } = recorded();
    logger.info({ route: '/a' }, 'request');
    logger.error('boom');
    expect(events).toEqual(['write request', 'flush', 'write boom', 'flush']);
  });

  it('writes nothing below its level and flushes nothing for it', () => {
    const { events, logger } = recorded('request');
    logger.debug('detail');
    expect(events).toEqual([]);
  });
});

describe('LineBatcher', () => {
  function batched() {
    const written: string[] = [];
    const events: string[] = [];
    const sink = {
      write: (text: string) => {
        written.push(text);
        return true;
      },
      flush: (done?: (error?: Error) => void) => {
        events.push('flush');
        done?.();
      },
      flushSync: () => events.push('flushSync'),
    };
    return { written, events, batcher: new LineBatcher(() => sink) };
  }
  const line = (n: number) => `${JSON.stringify({ n, pad: 'x'.repeat(90) })}\n`;

  it('hands the sink whole lines, in order, in writes as full as 4 KiB allows and never fuller', () => {
    const { written, batcher } = batched();
    const lines = Array.from({ length: 60 }, (_, n) => line(n));
    for (const text of lines) batcher.write(text);
    expect(written).toHaveLength(1);
    const size = Buffer.byteLength(written[0]!);
    expect(size).toBeLessThanOrEqual(4096);
    const count = written[0]!.split('\n').length - 1;
    expect(written[0]).toBe(lines.slice(0, count).join(''));
    expect(size + Buffer.byteLength(lines[count]!)).toBeGreaterThan(4096);
  });

  it('counts bytes, not characters, so lines of multi-byte text fit a pipe write too', () => {
    const { written, batcher } = batched();
    const wide = (n: number) => `${JSON.stringify({ n, zone: 'é'.repeat(90) })}\n`;
    for (let n = 0; n < 60; n++) batcher.write(wide(n));
    expect(written.length).toBeGreaterThan(1);
    for (const text of written) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096);
  });

  it('writes a line longer than a batch on its own, after what came before it', () => {
    const { written, batcher } = batched();
    const long = `${'y'.repeat(5000)}\n`;
    batcher.write(line(1));
    batcher.write(long);
    expect(written).toEqual([line(1)]);
    batcher.write(line(2));
    expect(written).toEqual([line(1), long]);
    batcher.flush();
    expect(written).toEqual([line(1), long, line(2)]);
  });

  it('hands over what it holds on flush, then flushes the sink, and writes nothing when it holds nothing', () => {
    const { written, events, batcher } = batched();
    batcher.write(line(1));
    batcher.write(line(2));
    expect(written).toEqual([]);
    let flushed = false;
    batcher.flush(() => (flushed = true));
    expect(written).toEqual([line(1) + line(2)]);
    expect(events).toEqual(['flush']);
    expect(flushed).toBe(true);
    batcher.flush();
    expect(written).toHaveLength(1);
  });

  it('hands over what it holds within a quarter second', async () => {
    const { written, batcher } = batched();
    batcher.write(line(1));
    // The batch leaves on a 250 ms timer; 400 ms allows for the timer running late on a loaded machine.
    await eventually(() => written.length > 0, { timeoutMs: 400, intervalMs: 5, what: 'the batch handed over' });
    expect(written).toEqual([line(1)]);
  });
});
