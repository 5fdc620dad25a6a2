import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { scanJson } from '../../../core/shared/json-scan.js';
import { HttpError } from './errors.js';
import { parseQuery } from './query.js';
import { stateOf } from './routes.js';
import { carriesBody } from './screen.js';

/** The largest body read (contract §1b); a longer one gets 413 and is read no further. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** The deepest JSON body read. */
export const BODY_DEPTH_LIMIT = 64;

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const tooLarge = (): HttpError => new HttpError(413, `request body must be at most ${BODY_LIMIT_BYTES} bytes`, { Connection: 'close' });
const cutOff = (): HttpError => new HttpError(400, 'request body was cut off');

/**
 * Reads a POST body as text: JSON by its Content-Type (415 otherwise, even
 * for an empty body, as tRPC's own handler answers), at
 * most BODY_LIMIT_BYTES (413, read no further, the connection then closed),
 * in strict UTF-8. An absent body is the empty string. A body that stops
 * arriving is cut off by the server's request timeout; one whose client left,
 * before or during the read, is refused as cut off.
 */
export function readBody(req: IncomingMessage): Promise<string> {
  if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) {
    return Promise.reject(new HttpError(415, 'Content-Type must be application/json'));
  }
  if (!carriesBody(req)) return Promise.resolve('');
  if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) return Promise.reject(tooLarge());
  // Gone before the read began (say, while the rate limit was decided): no event is left to wait for.
  if (req.destroyed) return Promise.reject(cutOff());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAborted);
      req.off('close', onAborted);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= BODY_LIMIT_BYTES) {
        chunks.push(chunk);
        return;
      }
      settle();
      req.pause();
      reject(tooLarge());
    };
    const onEnd = (): void => {
      settle();
      try {
        resolve(utf8.decode(Buffer.concat(chunks, size)));
      } catch {
        reject(new HttpError(400, 'request body must be UTF-8'));
      }
    };
    // The client went away mid-body: nobody reads the answer, but the request must still end.
    const onAborted = (): void => {
      settle();
      reject(cutOff());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAborted);
    req.on('close', onAborted);
  });
}

/**
 * A REST POST's parameters: a JSON object whose members are the query's
 * parameters. Its members' types are the input schema's to check, as for a
 * query, so a wrong type is named the same way.
 */
export function restBodyParameters(text: string): Record<string, unknown> {
  const scan = scanJson(text, BODY_DEPTH_LIMIT);
  if (scan.tooDeep) throw new HttpError(400, `request body must not nest deeper than ${BODY_DEPTH_LIMIT} levels`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'request body must be JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'request body must be a JSON object');
  if (scan.duplicateMember) throw new HttpError(400, 'request body must not name a member twice');
  // Parsed JSON that is an object and not an array has string keys only.
  return body as Record<string, unknown>;
}

/** The query string of a URL, without its `?`; empty when there is none. */
export const queryOf = (url: string): string => {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? '' : url.slice(queryStart + 1);
};

/**
 * A REST route's input step: its parameters, from the query string of a GET
 * or HEAD or from the JSON body of a POST, into the pipeline state. A POST
 * that also has a query string is refused: its parameters belong in one place.
 */
export const readRestInput: RequestHandler = (req, res, next) => {
  const state = stateOf(res);
  if (req.method !== 'POST') {
    state.input = parseQuery(queryOf(req.url));
    next();
    return;
  }
  if (queryOf(req.url) !== '') {
    next(new HttpError(400, 'a POST takes its parameters in the JSON body, not in the query string'));
    return;
  }
  readBody(req)
    .then((text) => {
      state.input = restBodyParameters(text);
    })
    .then(() => next(), next);
};
