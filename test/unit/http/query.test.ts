import { describe, expect, it } from 'vitest';
import { MalformedQueryError, parseQuery } from '../../../src/adapters/driving/http/query.js';

describe('parseQuery', () => {
  it('decodes names and values, + as a space', () => {
    expect({ ...parseQuery('datetime=2024-01-01T00:00:00+05:00&token=a%2Eb&flag') }).toEqual({
      datetime: '2024-01-01T00:00:00 05:00',
      token: 'a.b',
      flag: '',
    });
  });

  it('keeps every value of a repeated name', () => {
    expect(parseQuery('timestamp=1&timestamp=2&timestamp=3').timestamp).toEqual(['1', '2', '3']);
  });

  it('marks bracketed names as objects under their base name', () => {
    expect(parseQuery('token[a]=1&timestamp[]=2').token).toEqual({});
    expect(parseQuery('timestamp[]=2').timestamp).toEqual({});
    // Once an object, a name stays one whatever follows; before that, a plain value becomes an array.
    expect(parseQuery('token[a]=1&token=2').token).toEqual({});
    expect(parseQuery('token=1&token[a]=2').token).toEqual({});
  });

  it('skips empty pairs and reads an empty query as no parameters', () => {
    expect(Object.keys(parseQuery(''))).toEqual([]);
    expect({ ...parseQuery('&&a=1&&') }).toEqual({ a: '1' });
  });

  it('drops names that would reach a prototype', () => {
    const query = parseQuery('__proto__=x&constructor=y&__proto__[admin]=1&ok=1');
    expect(Object.keys(query)).toEqual(['ok']);
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('reads names that Object.prototype also has as plain parameters, never as what the prototype holds', () => {
    expect({ ...parseQuery('toString=1&toString=2&valueOf=3&hasOwnProperty[a]=4') }).toEqual({
      toString: ['1', '2'],
      valueOf: '3',
      hasOwnProperty: {},
    });
  });

  it.each(['a=%', 'a=%zz', 'a=%E0%A4%A', '%ZZ=1', 'a=%ED%A0%80'])('refuses bad percent-encoding in %s', (search) => {
    expect(() => parseQuery(search)).toThrow(MalformedQueryError);
  });
});
