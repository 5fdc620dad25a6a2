import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import express, { type Router } from 'express';
import { sendDetail } from './rest-errors.js';

const require = createRequire(import.meta.url);
// Only the asset folder: the package's index would load its 1.5 MB bundle into the server.
const swaggerUiAssets = (require('swagger-ui-dist/absolute-path.js') as () => string)();

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Timestamp and JWT inspection API</title>
<link rel="stylesheet" href="./swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="./swagger-ui-bundle.js"></script>
<script src="./init.js"></script>
</body>
</html>`;

/** One file of the page, with its compressed forms made once, on first use. */
interface Asset {
  readonly type: string;
  readonly cacheControl: string;
  readonly body: Buffer;
  readonly etag: string;
  readonly br: Promise<Buffer>;
  readonly gzip: Promise<Buffer>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function asset(type: string, cacheControl: string, body: Buffer): Asset {
  return {
    type,
    cacheControl,
    body,
    // Weak: the compressed forms differ byte for byte but are the same content.
    etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    br: brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipped(body, { level: 9 }),
  };
}

/** The encodings a client accepts: listed, and not refused with `q=0` (RFC 9110 §12.5.3). */
function preferred(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!params.some((param) => /^q=0(\.0{0,3})?$/.test(param))) accepted.add(coding);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Answers with validators, compression and caching; 304 when the client's copy is current. */
async function send(req: IncomingMessage, res: ServerResponse, file: Asset): Promise<void> {
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('ETag', file.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  const match = req.headers['if-none-match'];
  if (match !== undefined && match.split(',').some((tag) => tag.trim() === file.etag || tag.trim() === '*')) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = preferred(req.headers['accept-encoding']);
  const body = encoding === 'br' ? await file.br : encoding === 'gzip' ? await file.gzip : file.body;
  res.statusCode = 200;
  res.setHeader('Content-Type', file.type);
  if (encoding !== undefined) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  // Node sends no body in answer to HEAD, whatever is written.
  res.end(body);
}

// The files the page loads; nothing else of the package is served.
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};
// The package's files change only with its version: a week of caching, revalidated by ETag after.
const ASSET_CACHE = 'public, max-age=604800';
const PAGE_CACHE = 'no-cache';

/**
 * The interactive API reference: Swagger UI from the local swagger-ui-dist
 * package (no CDN), pointed at the generated document.
 */
export function docsRouter(openApiUrl: string): Router {
  const basePath = openApiUrl.replace(/\/openapi\.json$/, '');
  // "Try it out" calls the host the page came from, whatever absolute server the document names for generated clients.
  const init = `fetch(${JSON.stringify(openApiUrl)}).then((res) => res.json()).then((spec) => {
  spec.servers = [{ url: window.location.origin + ${JSON.stringify(basePath)} }];
  window.ui = SwaggerUIBundle({ spec, dom_id: '#swagger-ui', tryItOutEnabled: true });
});`;
  const pageAsset = asset('text/html; charset=utf-8', PAGE_CACHE, Buffer.from(page));
  const initAsset = asset('text/javascript; charset=utf-8', PAGE_CACHE, Buffer.from(init));
  const files = new Map<string, Promise<Asset>>();
  const load = (name: string, type: string): Promise<Asset> => {
    let file = files.get(name);
    if (file === undefined) {
      file = readFile(join(swaggerUiAssets, name)).then((body) => asset(type, ASSET_CACHE, body));
      files.set(name, file);
    }
    return file;
  };
  const docs = express.Router({ caseSensitive: true, strict: true });
  docs.get('/', (req, res, next) => {
    if (!req.originalUrl.split('?')[0]?.endsWith('/')) {
      res.redirect(301, `${req.baseUrl}/`);
      return;
    }
    send(req, res, pageAsset).catch(next);
  });
  docs.get('/init.js', (req, res, next) => {
    send(req, res, initAsset).catch(next);
  });
  docs.get('/:name', (req, res, next) => {
    const type = Object.hasOwn(ASSETS, req.params.name) ? ASSETS[req.params.name] : undefined;
    if (type === undefined) {
      next();
      return;
    }
    load(req.params.name, type)
      .then((file) => send(req, res, file))
      .catch(next);
  });
  // Missing assets end here, before the rate limit: /docs costs nothing.
  docs.use((_req, res) => sendDetail(res, 404, 'Not Found'));
  return docs;
}
