// node:crypto as the command line's bundle has it: `npm run build:cli` puts this module in place of node:crypto
// (esbuild's --alias), so that the real module loads when the bundle first uses it, not when the bundle loads, and a
// command that hashes, verifies or signs nothing does not load it at all (docs/benchmarks.md). Each export stands for
// the export of the same name, whether called, constructed, or read from; a name the bundle imports and this module
// does not export fails the build. The server and the tests import node:crypto itself.
import type * as NodeCrypto from 'node:crypto';

type Crypto = typeof NodeCrypto;

let loaded: Crypto | undefined;
const crypto = (): Crypto => (loaded ??= process.getBuiltinModule('node:crypto'));

const lazy = <K extends keyof Crypto>(name: K): Crypto[K] => {
  const real = (): object => crypto()[name] as object;
  return new Proxy(function lazyCrypto() {}, {
    apply: (_, self, args) => Reflect.apply(real() as (...args: unknown[]) => unknown, self, args),
    construct: (_, args) => Reflect.construct(real() as new (...args: unknown[]) => object, args),
    get: (_, key) => {
      const value: unknown = Reflect.get(real(), key);
      // A static method, such as KeyObject.from, runs on the class itself; so does instanceof's Symbol.hasInstance.
      return typeof value === 'function' && key !== 'prototype' ? (value as (...args: unknown[]) => unknown).bind(real()) : value;
    },
  }) as unknown as Crypto[K];
};

export const createHash = lazy('createHash');
export const createHmac = lazy('createHmac');
export const createPrivateKey = lazy('createPrivateKey');
export const createPublicKey = lazy('createPublicKey');
export const getFips = lazy('getFips');
export const timingSafeEqual = lazy('timingSafeEqual');
export const KeyObject = lazy('KeyObject');
export const X509Certificate = lazy('X509Certificate');
export const webcrypto = lazy('webcrypto');
