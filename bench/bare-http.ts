import { createServer } from 'node:http';
import { handle, port } from './bare-shared.js';

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const { status, body } = handle(url.pathname, url.searchParams);
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}).listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
