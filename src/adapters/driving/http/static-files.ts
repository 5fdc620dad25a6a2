import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { notFound } from './errors.js';

const require = createRequire(import.meta.url);
// Only the asset folder: the package's index would load its 1.5 MB bundle into the server.
const swaggerUiAssets = (require('swagger-ui-dist/absolute-path.js') as () => string)();
// The pages of our own, beside src/ and dist/ alike.
const publicFolder = fileURLToPath(new URL('../../../../public/', import.meta.url));

// A package's files change only with its version: a week of caching, revalidated by ETag after.
const ASSET_CACHE = 'public, max-age=604800';
// Our own pages change with every release: always revalidated.
const PAGE_CACHE = 'no-cache';

const cachedFor =
  (cacheControl: string) =>
  (res: ServerResponse): void => {
    res.setHeader('Cache-Control', cacheControl);
  };

const serveOptions = { index: false, redirect: false, fallthrough: false, dotfiles: 'deny', immutable: false } as const;

/** Each file the pages load, by the name the page asks for, with the folder that serves it; nothing else is served. */
function files(): ReadonlyMap<string, RequestHandler> {
  const page = express.static(`${publicFolder}docs`, { ...serveOptions, setHeaders: cachedFor(PAGE_CACHE) });
  const swaggerUi = express.static(swaggerUiAssets, { ...serveOptions, setHeaders: cachedFor(ASSET_CACHE) });
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
 * The static step: the interactive API reference at `/docs/`, Swagger UI from
 * the local swagger-ui-dist package (no CDN) with our page and its start-up
 * script. serve-static (through Express) answers with validators and 304s,
 * and compression with br or gzip as the client accepts. Only the files the
 * page loads are served; `/docs` is sent to `/docs/`, so that the page's
 * relative links resolve.
 */
export function staticFiles(basePath: string): RequestHandler {
  const prefix = `${basePath}/docs`;
  const served = files();
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
