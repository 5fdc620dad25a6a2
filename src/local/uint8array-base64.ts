// Uint8Array's base64 and hex methods (ECMAScript 2026; the core, the portable adapters and jose's callers use them),
// for the hosts the local client runs on that lack them: Node 22 to 24. Chromium and Node 25 or later have their own,
// which are never replaced. Written from the proposal's algorithms (tc39/proposal-arraybuffer-base64), refusals
// included, so that an answer is the same with either: test/unit/local/uint8array-base64.test.ts compares them.

type Alphabet = 'base64' | 'base64url';
type LastChunkHandling = 'loose' | 'strict' | 'stop-before-partial';

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Map([...STANDARD].map((char, value) => [char, value]));
const WHITESPACE = new Set(['\t', '\n', '\f', '\r', ' ']);

function option<T extends string>(options: unknown, name: string, allowed: readonly T[], fallback: T): T {
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw new TypeError('options must be an object');
  const value = (options as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw new TypeError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** The bytes of one chunk of two to four characters, each a value of STANDARD. */
function decodeChunk(chunk: string, throwOnExtraBits: boolean): number[] {
  const length = chunk.length;
  const padded = chunk.padEnd(4, 'A');
  // Every character of a chunk was checked against the alphabet before it was added.
  const n = [...padded].reduce((sum, char) => (sum << 6) | (VALUE.get(char) as number), 0);
  const bytes = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  if (length === 2) {
    if (throwOnExtraBits && bytes[1] !== 0) throw new SyntaxError('extra bits in the last base64 chunk');
    return bytes.slice(0, 1);
  }
  if (length === 3) {
    if (throwOnExtraBits && bytes[2] !== 0) throw new SyntaxError('extra bits in the last base64 chunk');
    return bytes.slice(0, 2);
  }
  return bytes;
}

const skipWhitespace = (text: string, index: number): number => {
  let at = index;
  while (at < text.length && WHITESPACE.has(text[at] as string)) at++;
  return at;
};

/** FromBase64 without a maximum length: the bytes, or a SyntaxError where the text is not base64 of the alphabet. */
function fromBase64(text: unknown, options?: unknown): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string') throw new TypeError('fromBase64 takes a string');
  const alphabet = option<Alphabet>(options, 'alphabet', ['base64', 'base64url'], 'base64');
  const last = option<LastChunkHandling>(options, 'lastChunkHandling', ['loose', 'strict', 'stop-before-partial'], 'loose');
  const bytes: number[] = [];
  let chunk = '';
  let index = 0;
  for (;;) {
    index = skipWhitespace(text, index);
    if (index === text.length) {
      if (chunk.length > 0) {
        if (last === 'stop-before-partial') break;
        if (last === 'strict' || chunk.length === 1) throw new SyntaxError('the base64 text ends in a partial chunk');
        bytes.push(...decodeChunk(chunk, false));
      }
      break;
    }
    let char = text[index] as string;
    index++;
    if (char === '=') {
      if (chunk.length < 2) throw new SyntaxError('misplaced padding in base64');
      index = skipWhitespace(text, index);
      if (chunk.length === 2) {
        if (index === text.length) {
          if (last === 'stop-before-partial') break;
          throw new SyntaxError('the base64 text ends in a partial padding');
        }
        if (text[index] === '=') index = skipWhitespace(text, index + 1);
      }
      if (index < text.length) throw new SyntaxError('base64 text goes on after its padding');
      bytes.push(...decodeChunk(chunk, last === 'strict'));
      break;
    }
    if (alphabet === 'base64url') {
      if (char === '+' || char === '/') throw new SyntaxError('a character outside the base64url alphabet');
      if (char === '-') char = '+';
      else if (char === '_') char = '/';
    }
    if (!VALUE.has(char)) throw new SyntaxError('a character outside the base64 alphabet');
    chunk += char;
    if (chunk.length === 4) {
      bytes.push(...decodeChunk(chunk, false));
      chunk = '';
    }
  }
  return Uint8Array.from(bytes);
}

function toBase64(this: Uint8Array, options?: unknown): string {
  const alphabet = option<Alphabet>(options, 'alphabet', ['base64', 'base64url'], 'base64');
  const omitPadding = Boolean((options as { omitPadding?: unknown } | undefined)?.omitPadding);
  const table = alphabet === 'base64url' ? STANDARD.replace('+', '-').replace('/', '_') : STANDARD;
  let text = '';
  for (let at = 0; at < this.length; at += 3) {
    const count = Math.min(3, this.length - at);
    const n = ((this[at] as number) << 16) | ((this[at + 1] ?? 0) << 8) | (this[at + 2] ?? 0);
    const chars = [18, 12, 6, 0].slice(0, count + 1).map((shift) => table[(n >> shift) & 63]);
    text += chars.join('') + (omitPadding ? '' : '='.repeat(3 - count));
  }
  return text;
}

function toHex(this: Uint8Array): string {
  return Array.from(this, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromHex(text: unknown): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string') throw new TypeError('fromHex takes a string');
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) throw new SyntaxError('not an even number of hex digits');
  return Uint8Array.from({ length: text.length / 2 }, (_, at) => Number.parseInt(text.slice(2 * at, 2 * at + 2), 16));
}

/** The methods as written here, for the test that compares them with the host's own. */
export const UINT8ARRAY_BASE64 = { fromBase64, fromHex, toBase64, toHex } as const;

/** Gives Uint8Array the four methods where the host has none of its own, as built-in methods are: not enumerable. */
export function ensureUint8ArrayBase64(): void {
  const define = (target: object, name: string, value: unknown) => {
    if (!(name in target)) Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
  };
  define(Uint8Array, 'fromBase64', fromBase64);
  define(Uint8Array, 'fromHex', fromHex);
  define(Uint8Array.prototype, 'toBase64', toBase64);
  define(Uint8Array.prototype, 'toHex', toHex);
}
