// Contract §3c and §3d: dates written as text, and DST made explicit, on REST GET, POST and tRPC alike.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testService, trpcInput } from '../support/service.js';

const { app } = testService({ RATE_LIMIT_POINTS: '100000' });

const query = (input: Record<string, string>): string => new URLSearchParams(input).toString();
const postJson = (path: string, input: unknown) =>
  request(app).post(path).set('Content-Type', 'application/json').send(JSON.stringify(input));

/** The same input on REST GET, REST POST and tRPC GET: each status, and the body or detail REST gives. */
async function everySurface(path: string, procedure: string, input: Record<string, string>) {
  const get = await request(app).get(`${path}?${query(input)}`);
  const post = await postJson(path, input);
  const trpc = await request(app).get(`/trpc/${procedure}?input=${trpcInput(input)}`);
  return { get, post, trpc };
}

// Europe/Berlin (tzdata): 2024-10-27 02:30 happens twice, at 00:30Z (CEST) and 01:30Z (CET).
const OVERLAP = { kind: 'overlap', candidates: ['2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z'] };

describe('identify with disambiguation on every surface', () => {
  it.each([
    ['earlier', '2024-10-27T00:30:00Z'],
    ['later', '2024-10-27T01:30:00Z'],
  ])('reads 2024-10-27 02:30 in Berlin with %s as %s, and shows both instants', async (disambiguation, exact) => {
    const input = { value: '2024-10-27 02:30', tz: 'Europe/Berlin', disambiguation };
    const { get, post, trpc } = await everySurface('/unix-timestamp/identify', 'unixTimestamp.identify', input);
    expect(get.status).toBe(200);
    expect(get.body.candidates[0]).toMatchObject({
      format: 'iso_local',
      exact,
      fields: { zone_assumed: 'Europe/Berlin' },
      resolution: { ...OVERLAP, disambiguation },
    });
    expect(post.status).toBe(200);
    expect(post.text).toBe(get.text);
    expect(trpc.status).toBe(200);
    expect(trpc.text).toBe(`{"result":{"data":${get.text}}}`);
  });

  it('leaves the reading out with reject, in a note naming the overlap and both instants', async () => {
    const input = { value: '2024-10-27T02:30', tz: 'Europe/Berlin', disambiguation: 'reject' };
    const { get, post, trpc } = await everySurface('/unix-timestamp/identify', 'unixTimestamp.identify', input);
    expect(get.status).toBe(200);
    expect(get.body.candidates).toEqual([]);
    expect(get.body.notes[0]).toMatch(/overlap.*2024-10-27T00:30:00Z.*2024-10-27T01:30:00Z/);
    expect(post.text).toBe(get.text);
    expect(trpc.body.result.data).toEqual(get.body);
  });

  it('refuses another disambiguation with 400 naming it', async () => {
    const input = { value: '2024-10-27 02:30', tz: 'Europe/Berlin', disambiguation: 'latest' };
    const { get, post, trpc } = await everySurface('/unix-timestamp/identify', 'unixTimestamp.identify', input);
    expect(get.status).toBe(400);
    expect(get.body.detail).toMatch(/^disambiguation must be one of compatible, earlier, later, reject/);
    expect(post.status).toBe(400);
    expect(post.body.detail).toBe(get.body.detail);
    expect(trpc.status).toBe(400);
    expect(trpc.body.error).toMatchObject({ message: get.body.detail, data: { code: 'BAD_REQUEST' } });
  });

  it('reads a bare + that arrived as a space, and echoes the value as received', async () => {
    const res = await request(app).get('/unix-timestamp/identify?value=2024-01-01T10:00:00+05:00').expect(200);
    expect(res.body.input).toBe('2024-01-01T10:00:00 05:00');
    expect(res.body.candidates[0]).toMatchObject({ format: 'rfc3339', exact: '2024-01-01T05:00:00Z' });
    const mail = await request(app).get('/unix-timestamp/identify?value=Tue,%2014%20Nov%202023%2022:13:20%20+0100').expect(200);
    expect(mail.body.input).toBe('Tue, 14 Nov 2023 22:13:20  0100');
    expect(mail.body.candidates[0]).toMatchObject({ format: 'rfc5322', exact: '2023-11-14T21:13:20Z' });
  });
});

describe('diff of two dates written as text on every surface', () => {
  it("gives the contract's example: an HTTP-date to a wall clock in Berlin is PT1H", async () => {
    const input = { from: 'Tue, 14 Nov 2023 22:13:20 GMT', to: '2023-11-15 00:13:20', tz: 'Europe/Berlin' };
    const { get, post, trpc } = await everySurface('/unix-timestamp/diff', 'unixTimestamp.diff', input);
    expect(get.status).toBe(200);
    expect(get.body).toMatchObject({
      from: { input: input.from, format: 'rfc5322', exact: '2023-11-14T22:13:20Z' },
      to: { input: input.to, format: 'iso_local', exact: '2023-11-14T23:13:20Z', resolution: { kind: 'unique' } },
      exact: 'PT1H',
      human: '1 hour',
      source: 'diff',
    });
    expect(post.text).toBe(get.text);
    expect(trpc.text).toBe(`{"result":{"data":${get.text}}}`);
  });

  it('reads CLF times in brackets as instants, not zones', async () => {
    const input = { from: '[10/Oct/2000:13:55:36 -0700]', to: '[10/Oct/2000:14:55:37 -0700]' };
    const { get, post, trpc } = await everySurface('/unix-timestamp/diff', 'unixTimestamp.diff', input);
    expect(get.status).toBe(200);
    expect(get.body).toMatchObject({ from: { format: 'clf', exact: '2000-10-10T20:55:36Z' }, exact: 'PT1H1S', time_zone: 'UTC' });
    expect(post.text).toBe(get.text);
    expect(trpc.body.result.data).toEqual(get.body);
    // The query string as a user types it, brackets and all.
    const typed = await request(app).get('/unix-timestamp/format?datetime=[10/Oct/2000:13:55:36%20-0700]').expect(200);
    expect(typed.body).toMatchObject({ format: 'clf', exact: '2000-10-10T20:55:36Z' });
  });

  it("refuses an operand nothing reads with /to-unix's refusal naming it, then the near-miss note", async () => {
    const input = { from: '2023-02-29 10:00:00', to: 'Tue, 14 Nov 2023 22:13:20 GMT' };
    const { get, post, trpc } = await everySurface('/unix-timestamp/diff', 'unixTimestamp.diff', input);
    expect(get.status).toBe(400);
    expect(get.body.detail).toMatch(/^from must be an RFC 3339 date-time.*; .*iso_local.*2023-02-29/);
    expect(post.body.detail).toBe(get.body.detail);
    expect(trpc.body.error.message).toBe(get.body.detail);
  });
});

describe('/to-unix and a date written another way', () => {
  it('stays RFC 3339, and its refusal names the format and where it is read', async () => {
    const res = await request(app)
      .get(`/unix-timestamp/to-unix?${query({ datetime: '2024-01-01 10:00:00 UTC' })}`)
      .expect(400);
    expect(res.body.detail).toMatch(/^datetime must be an RFC 3339 date-time/);
    expect(res.body.detail).toContain('iso_offset_variant');
    expect(res.body.detail).toContain('/unix-timestamp/identify');
    expect(res.body.detail).toContain('/unix-timestamp/format');
  });
});
