import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { notFound } from './errors.js';

const require = createRequire(import.meta.url);
// Only the asset folder: the package's index would load its 1.5 MB bundle into the server. The module exports
// one function, which returns that folder's path.
const swaggerUiAssets = (require('swagger-ui-dist/absolute-path.js') as () => string)();
// Our own files, beside src/ and dist/ alike: the API reference's page, and the playground as Vite builds it.
const root = new URL('../../../../', import.meta.url);
const docsFolder = fileURLToPath(new URL('public/docs/', root));
const playgroundFolder = fileURLToPath(new URL('web/dist/', root));

// A package's files change only with its version: a week of caching, revalidated by ETag after.
const PACKAGE_CACHE = 'public, max-age=604800';
// Files named by the hash of their contents never change: a year, never revalidated.
const HASHED_CACHE = 'public, max-age=31536000, immutable';
// Our own pages change with every release: always revalidated.
const PAGE_CACHE = 'no-cache';

const cachedFor =
  (cacheControl: string) =>
  (res: ServerResponse): void => {
    res.setHeader('Cache-Control', cacheControl);
  };

const serveOptions = { index: false, redirect: false, fallthrough: false, dotfiles: 'deny', immutable: false } as const;

/** The API reference's files: Swagger UI from the local swagger-ui-dist package (no CDN), with our page and its start-up script. */
function docsFiles(): ReadonlyMap<string, RequestHandler> {
  const page = express.static(docsFolder, { ...serveOptions, setHeaders: cachedFor(PAGE_CACHE) });
  const swaggerUi = express.static(swaggerUiAssets, { ...serveOptions, setHeaders: cachedFor(PACKAGE_CACHE) });
  return new Map([
    ['index.html', page],
    ['init.js', page],
    ['swagger-ui.css', swaggerUi],
    ['swagger-ui-bundle.js', swaggerUi],
    ['favicon-32x32.png', swaggerUi],
    ['favicon-16x16.png', swaggerUi],
  ]);
}

/**
 * The playground's files, as `make build` left them in web/dist: its page and
 * icon, revalidated on every load, and its hashed scripts and styles, cached
 * for good. Read once at start-up; before a build there are none, and `/` is 404.
 */
function playgroundFiles(): ReadonlyMap<string, RequestHandler> {
  if (!existsSync(`${playgroundFolder}index.html`)) return new Map();
  const page = express.static(playgroundFolder, { ...serveOptions, setHeaders: cachedFor(PAGE_CACHE) });
  const hashed = express.static(playgroundFolder, { ...serveOptions, setHeaders: cachedFor(HASHED_CACHE) });
  const assets = readdirSync(`${playgroundFolder}assets`).map((name): [string, RequestHandler] => [`assets/${name}`, hashed]);
  return new Map([['index.html', page], ['favicon.svg', page], ...assets]);
}

/**
 * One static site under `prefix`: only the files it lists are served.
 * serve-static (through Express) answers with validators and 304s, and
 * compression with br or gzip as the client accepts. The bare prefix is sent
 * to `prefix/`, so that the page's relative links resolve.
 */
function staticSite(prefix: string, served: ReadonlyMap<string, RequestHandler>): RequestHandler {
  const compress = compression({ threshold: 0 });
  return (req, res, next) => {
    const queryStart = req.url.indexOf('?');
    const path = req.url.slice(prefix.length, queryStart === -1 ? undefined : queryStart);
    if (path === '') {
      res.redirect(301, `${prefix}/`);
      return;
    }
    const name = path === '/' ? 'index.html' : path.slice(1);
    const serve = served.get(name);
    if (serve === undefined) {
      next(notFound());
      return;
    }
    const original = req.url;
    req.url = `/${name}`;
    compress(req, res, () =>
      serve(req, res, (error?: unknown) => {
        req.url = original;
        next(error);
      }),
    );
  };
}

/** The static step: the API reference at `/docs/` and the playground at `/`, each under BASE_PATH. */
export const staticFiles = (basePath: string): { readonly docs: RequestHandler; readonly playground: RequestHandler } => ({
  docs: staticSite(`${basePath}/docs`, docsFiles()),
  playground: staticSite(basePath, playgroundFiles()),
});
