import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, ServerError, UnknownOutcomeError } from '../../../src/lib/errors.js';
import { HttpClient, listFrom, retryAfterMs, serverMessageOf, type TokenSource } from '../../../src/lib/http.js';

const origin = 'https://inventory.test';
let agent: MockAgent;

function client(trace?: string[]) {
  agent = new MockAgent();
  agent.disableNetConnect();
  const waits: number[] = [];
  const http = new HttpClient({
    service: 'inventory',
    baseUrl: `${origin}/api`,
    dispatcher: agent,
    sleep: async (ms) => {
      waits.push(ms);
    },
    trace: trace ? (line) => trace.push(line) : undefined,
  });
  return { http, pool: agent.get(origin), waits };
}

afterEach(async () => {
  await agent?.close().catch(() => undefined);
});

describe('retries', () => {
  it('retries an idempotent GET on 503 and honours Retry-After', async () => {
    const { http, pool, waits } = client();
    pool.intercept({ path: '/api/products', method: 'GET' }).reply(503, 'busy', { headers: { 'retry-after': '2' } });
    pool.intercept({ path: '/api/products', method: 'GET' }).reply(200, { items: [{ id: 1 }] });
    const response = await http.request({ method: 'GET', path: '/products' });
    expect(listFrom(response.data)).toEqual([{ id: 1 }]);
    expect(waits).toEqual([2000]);
  });

  it('gives up after the retry budget with a server error', async () => {
    const { http, pool } = client();
    pool.intercept({ path: '/api/products', method: 'GET' }).reply(502, '').times(4);
    await expect(http.request({ method: 'GET', path: '/products' })).rejects.toBeInstanceOf(ApiError);
  });

  it('never retries a POST on 503', async () => {
    const { http, pool, waits } = client();
    pool.intercept({ path: '/api/stock-receipts', method: 'POST' }).reply(503, { message: 'down' });
    const error = await http.request({ method: 'POST', path: '/stock-receipts', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(6);
    expect(waits).toEqual([]);
  });

  it('reports a POST whose answer is lost as an unknown outcome', async () => {
    const { http, pool } = client();
    pool.intercept({ path: '/api/stock-receipts', method: 'POST' }).replyWithError(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
    const error = await http.request({ method: 'POST', path: '/stock-receipts', body: {}, operation: 'record the receipt' }).catch((e) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.exitCode).toBe(7);
    expect(error.message).toContain('record the receipt');
  });

  it('retries a POST whose connection was refused: nothing was sent', async () => {
    const { http, pool } = client();
    pool.intercept({ path: '/api/stock-receipts', method: 'POST' }).replyWithError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    pool.intercept({ path: '/api/stock-receipts', method: 'POST' }).reply(201, { receiptId: 9 });
    const response = await http.request({ method: 'POST', path: '/stock-receipts', body: {} });
    expect(response.status).toBe(201);
  });

  it('treats a 504 to a POST as an unknown outcome', async () => {
    const { http, pool } = client();
    pool.intercept({ path: '/api/sale', method: 'POST' }).reply(504, '');
    await expect(http.request({ method: 'POST', path: '/sale', body: {} })).rejects.toBeInstanceOf(UnknownOutcomeError);
  });

  it('a GET that cannot connect is a server error, not unknown', async () => {
    const { http, pool } = client();
    pool.intercept({ path: '/api/health', method: 'GET' }).replyWithError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })).times(4);
    await expect(http.request({ method: 'GET', path: '/health' })).rejects.toBeInstanceOf(ServerError);
  });
});

describe('401 replay', () => {
  it('renews a cached token once and replays', async () => {
    const { http, pool } = client();
    const issued = ['old', 'new'];
    const invalidated: string[] = [];
    const auth: TokenSource = {
      get: async () => ({ token: issued[0]!, fromCache: issued[0] === 'old' }),
      invalidate: async (token) => {
        invalidated.push(token);
        issued.shift();
      },
    };
    pool.intercept({ path: '/api/receipts', method: 'POST', headers: { authorization: 'Bearer old' } }).reply(401, {});
    pool.intercept({ path: '/api/receipts', method: 'POST', headers: { authorization: 'Bearer new' } }).reply(201, { ok: true });
    const response = await http.request({ method: 'POST', path: '/receipts', body: {}, auth });
    expect(response.data).toEqual({ ok: true });
    expect(invalidated).toEqual(['old']);
  });

  it('does not loop when a fresh token is refused too', async () => {
    const { http, pool } = client();
    const auth: TokenSource = { get: async () => ({ token: 't', fromCache: false }), invalidate: async () => {} };
    pool.intercept({ path: '/api/receipts', method: 'GET' }).reply(401, { error: 'invalid token' });
    const error = await http.request({ method: 'GET', path: '/receipts', auth }).catch((e) => e);
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain('invalid token');
  });
});

describe('error bodies', () => {
  it('finds the server message in any shape', () => {
    expect(serverMessageOf({ message: 'm' })).toBe('m');
    expect(serverMessageOf({ error: 'e' })).toBe('e');
    expect(serverMessageOf({ error: { message: 'nested', code: 'x' } })).toBe('nested');
    expect(serverMessageOf({ title: 'Bad', detail: 'very' })).toBe('Bad: very');
    expect(serverMessageOf({ errors: [{ field: 'sellPrice', message: 'required' }] })).toBe('sellPrice: required');
    expect(serverMessageOf({ errors: { sellPrice: ['required'] } })).toBe('sellPrice: required');
    expect(serverMessageOf('plain words')).toBe('plain words');
    expect(serverMessageOf('<html>gateway</html>')).toBeUndefined();
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
  });

  it('reads wrapped and bare lists', () => {
    expect(listFrom([1, 2])).toEqual([1, 2]);
    expect(listFrom({ items: [1] })).toEqual([1]);
    expect(listFrom({ data: { products: [3] } })).toEqual([3]);
    expect(listFrom({ products: [4], page: 1 })).toEqual([4]);
  });
});

describe('trace', () => {
  it('redacts secrets and tokens', async () => {
    const trace: string[] = [];
    const { http, pool } = client(trace);
    pool.intercept({ path: '/api/auth/token', method: 'POST' }).reply(200, { token: 'eyJ.secret.jwt' }, { headers: { 'content-type': 'application/json' } });
    await http.request({ method: 'POST', path: '/auth/token', body: { apiKey: 'KEY-123', apiSecret: 'SECRET-456' }, idempotent: true });
    const text = trace.join('\n');
    expect(text).toContain('POST https://inventory.test/api/auth/token');
    expect(text).not.toMatch(/KEY-123|SECRET-456|eyJ\.secret\.jwt/);
  });
});
