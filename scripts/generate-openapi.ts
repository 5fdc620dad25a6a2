// Regenerates docs/openapi.json: the OpenAPI document the service serves at /openapi.json
// with the defaults (no BASE_PATH, http://localhost:3000). Run: npm run generate:openapi
// (test/unit/http/openapi.test.ts checks it is current).
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/adapters/driving/http/openapi.js';
import { SERVICE_VERSION } from '../src/composition-root.js';

const document = buildOpenApiDocument({ basePath: '', version: SERVICE_VERSION, serverUrl: 'http://localhost:3000' });
writeFileSync(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
