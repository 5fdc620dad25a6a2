import { brotliDecompressSync } from 'node:zlib';
import { getRaw } from './raw-http.js';

/** What a browser says it accepts: the service answers the page's files with the best of these it has. */
const ACCEPTS = { 'accept-encoding': 'gzip, deflate, br' };

/** The scripts, styles and icon the page names, by their path. */
export const assetsOf = (html: string): string[] => [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => `/${match[1]}`);

/** The bytes the service sends for `path`, compressed as it sends them to a browser. */
export async function sentBytes(origin: string, path: string): Promise<number> {
  return (await getRaw(`${origin}${path}`, ACCEPTS)).body.length;
}

export interface FirstLoad {
  /** The page and every file it names, in bytes as sent. */
  readonly bytes: number;
  /** How the page itself was compressed (`br`). */
  readonly encoding: string | undefined;
  /** The files the page names, by their path. */
  readonly assets: readonly string[];
}

/** What the playground's first load weighs: the page and the scripts, styles and icon it names, compressed as sent. */
export async function firstLoad(origin: string): Promise<FirstLoad> {
  const html = await getRaw(`${origin}/`, ACCEPTS);
  const encoding = html.headers['content-encoding'];
  const assets = assetsOf((encoding === 'br' ? brotliDecompressSync(html.body) : html.body).toString());
  let bytes = html.body.length;
  for (const path of assets) bytes += await sentBytes(origin, path);
  return { bytes, encoding, assets };
}
