import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/driven/logger.js';

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
