// /token/identify and /token/verify (contract §12) through the whole pipeline: identify on GET, POST and tRPC's query,
// verify on POST and tRPC's mutation alone, one rate-limit point each, credentials masked in every answer, and nothing
// of a value, a secret or a decrypted payload in a log line.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { capturedLogger } from '../support/logs.js';
import { testService } from '../support/service.js';
import { FERNET, FLASK_UNSIGN, GITHUB_TOKEN, GITHUB_TOKEN_MASKED, ITSDANGEROUS_SIGNER, PASETO_4_S_1 } from '../vectors/tokens/index.js';

const { app } = testService({ RATE_LIMIT_POINTS: '100000' });
const post = (path: string, body: unknown, on = app) =>
  request(on).post(path).set('Content-Type', 'application/json').send(JSON.stringify(body));
const trpcQuery = (procedure: string, input: unknown) =>
  request(app).get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
const VERIFY_SIGNED = { value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: 'secret-key' };

describe('/token/identify', () => {
  it('answers GET, POST, and the tRPC query by GET and by POST with the same body', async () => {
    const rest = await request(app).get('/token/identify').query({ value: FLASK_UNSIGN.value, tz: 'Europe/Berlin' }).expect(200);
    expect(rest.headers['cache-control']).toBe('no-store');
    expect(rest.body).toMatchObject({ input: FLASK_UNSIGN.value, source: 'token_identify' });
    const flask = (
      rest.body as { candidates: Array<{ format: string; times: Array<{ utc: { iso: string }; authenticated: boolean }> }> }
    ).candidates.find((candidate) => candidate.format === 'flask_session');
    expect(flask?.times[0]).toMatchObject({ utc: { iso: '2019-01-13T19:51:33Z' }, authenticated: false });
    expect((await post('/token/identify', { value: FLASK_UNSIGN.value, tz: 'Europe/Berlin' }).expect(200)).text).toBe(rest.text);
    const query = await trpcQuery('token.identify', { value: FLASK_UNSIGN.value, tz: 'Europe/Berlin' }).expect(200);
    expect(query.text).toBe(`{"result":{"data":${rest.text}}}`);
    const byPost = await post('/trpc/token.identify', { value: FLASK_UNSIGN.value, tz: 'Europe/Berlin' }).expect(200);
    expect(byPost.text).toBe(query.text);
  });

  it('masks a live credential in every answer, REST and tRPC, and in a refusal', async () => {
    const answers = [
      await request(app).get('/token/identify').query({ value: GITHUB_TOKEN }),
      await post('/token/identify', { value: ` ${GITHUB_TOKEN}\n` }),
      await trpcQuery('token.identify', { value: GITHUB_TOKEN }),
      await post('/trpc/token.identify', { value: GITHUB_TOKEN }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) {
      expect(answer.text).not.toContain(GITHUB_TOKEN);
      expect(answer.text).toContain(`"input":"${GITHUB_TOKEN_MASKED}"`);
    }
    const [github] = (answers[0]?.body as { candidates: Array<{ format: string; findings: Array<{ code: string; severity: string }> }> })
      .candidates;
    expect(github).toMatchObject({ format: 'github_token', findings: [{ code: 'live_credential', severity: 'critical' }] });
    const refused = [
      await post('/token/identify', { value: GITHUB_TOKEN, format: 'github' }),
      await trpcQuery('token.identify', { value: GITHUB_TOKEN, format: 'github' }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([400, 400]);
    for (const answer of refused) expect(answer.text).not.toContain(GITHUB_TOKEN);
  });

  it("refuses a missing value with the catalog's detail, alike on REST and tRPC", async () => {
    expect((await request(app).get('/token/identify').expect(400)).body).toEqual({ detail: 'value is required' });
    const trpc = await trpcQuery('token.identify', {}).expect(400);
    expect(trpc.body.error).toMatchObject({ message: 'value is required', data: { code: 'BAD_REQUEST' } });
  });
});

describe('POST /token/verify', () => {
  it('verifies itsdangerous’s example with its secret, and answers the tRPC mutation and a batch with the same body', async () => {
    const rest = await post('/token/verify', VERIFY_SIGNED).expect(200);
    expect(rest.headers['cache-control']).toBe('no-store');
    expect(rest.body).toEqual({
      format: 'itsdangerous',
      valid: true,
      reason: null,
      payload: 'my string',
      times: [],
      source: 'token_verify',
    });
    expect((await post('/trpc/token.verify', VERIFY_SIGNED).expect(200)).text).toBe(`{"result":{"data":${rest.text}}}`);
    const batch = await post('/trpc/token.verify,token.verify?batch=1', { 0: VERIFY_SIGNED, 1: { ...VERIFY_SIGNED, max_age: '60' } });
    expect(batch.body[0].result.data).toEqual(rest.body);
    expect(batch.body[1].error).toMatchObject({ message: 'max_age must be an integer of seconds', data: { httpStatus: 400 } });
  });

  it.each([
    [{ ...VERIFY_SIGNED, max_age: 1.5 }, 'max_age must be an integer of seconds'],
    [{ ...VERIFY_SIGNED, max_age: '3600' }, 'max_age must be an integer of seconds'],
    [{ ...VERIFY_SIGNED, secret: null }, 'secret must be a string'],
    [{ ...VERIFY_SIGNED, value: 42 }, 'value must be a string'],
    [{ value: ITSDANGEROUS_SIGNER.value, secret: 'secret-key' }, 'format is required'],
    [[VERIFY_SIGNED], 'request body must be a JSON object'],
  ])('refuses %j, naming the member', async (body, detail) => {
    const response = await post('/token/verify', body).expect(400);
    expect(response.body).toEqual({ detail });
    expect(response.text).not.toContain('secret-key');
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'] as const)(
    'answers %s with 405, Allow: POST and a detail saying to use POST',
    async (method) => {
      const own = testService({ RATE_LIMIT_POINTS: '100000' }).app;
      const response = await request(own)[method.toLowerCase() as 'get'](
        `/token/verify?value=${ITSDANGEROUS_SIGNER.value}&secret=secret-key`,
      );
      expect([response.status, response.headers.allow]).toEqual([405, 'POST']);
      expect(response.body).toEqual({
        detail: `${method} is not allowed on /token/verify: send it as POST, with the parameters in a JSON body`,
      });
      expect(response.text).not.toContain('secret-key');
    },
  );

  it('refuses a query string on a POST without echoing it, and allows only POST in its preflight', async () => {
    const response = await request(app)
      .post('/token/verify?secret=query-secret-7c1d')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(VERIFY_SIGNED))
      .expect(400);
    expect(response.text).not.toContain('query-secret-7c1d');
    const own = testService({ RATE_LIMIT_POINTS: '100000' }).app;
    const preflight = await request(own).options('/token/verify').set('Access-Control-Request-Method', 'POST').expect(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    const identify = await request(own).options('/token/identify').set('Access-Control-Request-Method', 'POST').expect(204);
    expect(identify.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
  });

  it("answers tRPC's 405 METHOD_NOT_SUPPORTED to a GET of the mutation", async () => {
    const response = await trpcQuery('token.verify', VERIFY_SIGNED);
    expect(response.status).toBe(405);
    expect(response.body.error.data.code).toBe('METHOD_NOT_SUPPORTED');
    expect(response.text).not.toContain('secret-key');
  });
});

describe('the token operations and the rate limit', () => {
  it('cost one point each, on REST and tRPC, answered or refused', async () => {
    const { app: limited } = testService({ RATE_LIMIT_POINTS: '4' });
    const remaining = (response: request.Response) => /;r=(\d+);/.exec(String(response.headers.ratelimit))?.[1];
    const answers = [
      await request(limited).get('/token/identify').query({ value: FLASK_UNSIGN.value }),
      await post('/token/verify', VERIFY_SIGNED, limited),
      await post('/trpc/token.verify', { ...VERIFY_SIGNED, format: 'jwt' }, limited),
      await post('/trpc/token.identify', { value: FLASK_UNSIGN.value }, limited),
      await post('/token/verify', VERIFY_SIGNED, limited),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 200, 429]);
    expect(answers.slice(0, 4).map(remaining)).toEqual(['3', '2', '1', '0']);
  });
});

describe('the log of the token operations', () => {
  it('holds the route and status only: no credential, secret, value or decrypted payload', async () => {
    const { lines, logger } = capturedLogger();
    const { app: logged } = testService({ RATE_LIMIT_POINTS: '100000' }, { logger });
    const answers = [
      await request(logged).get('/token/identify').query({ value: GITHUB_TOKEN }),
      await post('/token/identify', { value: GITHUB_TOKEN }, logged),
      await request(logged).get(`/trpc/token.identify?input=${encodeURIComponent(JSON.stringify({ value: GITHUB_TOKEN }))}`),
      await post('/token/verify', { value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'CHANGEME' }, logged),
      await post('/token/verify', { value: FERNET.token, format: 'fernet', secret: FERNET.secret }, logged),
      await post('/trpc/token.verify', { value: PASETO_4_S_1.token, format: 'paseto', key: PASETO_4_S_1.publicKeyPem }, logged),
      await post('/token/verify', { value: FLASK_UNSIGN.value, format: 'flask_session', secret: 'not-CHANGEME-either' }, logged),
      await request(logged).get('/token/verify').query({ value: FLASK_UNSIGN.value, secret: 'CHANGEME' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 405]);
    expect(answers[3]?.body).toMatchObject({ valid: true, payload: { logged_in: false } });
    expect(answers[4]?.body).toMatchObject({ valid: true, payload: 'hello', times: [{ name: 'issued_at', authenticated: true }] });
    const paseto = (answers[5]?.body as { result: { data: unknown } }).result.data;
    expect(paseto).toMatchObject({ valid: false, reason: { code: 'expired' }, times: [{ name: 'exp', authenticated: true }] });
    expect(answers[6]?.body).toMatchObject({ valid: false, reason: { code: 'signature_invalid' } });
    const text = lines.join('\n');
    expect(text).toContain('/token/identify');
    expect(text).toContain('/token/verify');
    for (const secret of [
      GITHUB_TOKEN,
      GITHUB_TOKEN.slice(8, -4),
      FLASK_UNSIGN.value.split('.')[0] ?? '',
      'CHANGEME',
      'logged_in',
      FERNET.token.slice(0, 40),
      FERNET.secret,
      'hello',
      PASETO_4_S_1.token.slice(10, 50),
      'this is a signed message',
    ]) {
      expect(text).not.toContain(secret);
    }
    // A secret or key sent is never sent back.
    for (const answer of answers) {
      expect(answer.text).not.toContain('CHANGEME');
      expect(answer.text).not.toContain(FERNET.secret);
      expect(answer.text).not.toContain('MCowBQYDK2VwAyEAHrnbu7wEfAP9cGBOAHHwmH4Wsot1ciXBHwBBXQ4gsaI');
    }
  });
});
