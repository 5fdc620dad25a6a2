// Regenerates test/support/generated/rest-api.ts from the live /openapi.json.
// Run: npm run generate:rest-client
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadConfig } from '../src/config/config.js';
import { buildHttpService, createContainer } from '../src/composition-root.js';
import { restClientTypes } from '../test/support/rest-client-types.js';

const { app, application } = buildHttpService(createContainer(loadConfig({ LOG_LEVEL: 'silent' })));
const server = createServer(app).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const document = (await (await fetch(`http://127.0.0.1:${port}/openapi.json`)).json()) as Record<string, unknown>;
writeFileSync(new URL('../test/support/generated/rest-api.ts', import.meta.url), await restClientTypes(document));
server.close();
await application.close();
