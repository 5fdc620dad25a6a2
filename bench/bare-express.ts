import express from 'express';
import { handle, port } from './bare-shared.js';

const app = express();
app.disable('x-powered-by');
for (const path of ['/unix-timestamp/to-utc', '/jwt/decode']) {
  app.get(path, (req, res) => {
    const { status, body } = handle(req.path, new URL(req.url, 'http://x').searchParams);
    res.status(status).json(body);
  });
}
app.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
