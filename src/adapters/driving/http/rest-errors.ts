import type { ServerResponse } from 'node:http';

/** Writes the one REST error shape, `{"detail": ...}`. */
export function sendDetail(res: ServerResponse, status: number, detail: string): void {
  const body = JSON.stringify({ detail });
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
