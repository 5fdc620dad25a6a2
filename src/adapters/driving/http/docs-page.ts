import { createRequire } from 'node:module';
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
  const docs = express.Router({ caseSensitive: true, strict: true });
  docs.get('/', (req, res) => {
    if (!req.originalUrl.split('?')[0]?.endsWith('/')) {
      res.redirect(301, `${req.baseUrl}/`);
      return;
    }
    res.type('html').send(page);
  });
  docs.get('/init.js', (_req, res) => {
    res.type('application/javascript').send(init);
  });
  docs.use(express.static(swaggerUiAssets, { index: false, fallthrough: true }));
  // Missing assets end here, before the rate limit: /docs costs nothing.
  docs.use((_req, res) => sendDetail(res, 404, 'Not Found'));
  return docs;
}
