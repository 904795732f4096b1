import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, ServerError, UnknownOutcomeError } from '../../../src/lib/errors.js';
import { HttpClient, serverMessageOf, type HttpClientOptions, type TokenSource } from '../../../src/lib/http.js';
import { retryAfterMs } from '../../../src/lib/retry-policy.js';

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

/** A client whose credential goes where these options put it, on a mock agent that refuses the network. */
function placed(options: Pick<HttpClientOptions, 'authHeader' | 'authQuery' | 'secondHeader'>) {
  agent = new MockAgent();
  agent.disableNetConnect();
  return new HttpClient({ service: 'inventory', baseUrl: `${origin}/api`, dispatcher: agent, ...options });
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
    expect(response.data).toEqual({ items: [{ id: 1 }] });
    expect(waits).toEqual([2000]);
  });

  it('gives up after the retry budget with a server error', async () => {
    const { http, pool } = client();
    pool.intercept({ path: '/api/products', method: 'GET' }).reply(502, '').times(4);
    await expect(http.request({ method: 'GET', path: '/products' })).rejects.toBeInstanceOf(ApiError);
  });

  it('retries a POST refused with 503 (nothing was applied), with the same Idempotency-Key', async () => {
    const { http, pool, waits } = client();
    const keys: string[] = [];
    const record = (opts: { headers: Record<string, string> }) => keys.push(opts.headers['idempotency-key']!);
    pool
      .intercept({ path: '/api/stock-receipts', method: 'POST' })
      .reply(503, (opts) => (record(opts as never), { message: 'down' }));
    pool
      .intercept({ path: '/api/stock-receipts', method: 'POST' })
      .reply(201, (opts) => (record(opts as never), { receiptId: 1 }));
    const response = await http.request({ method: 'POST', path: '/stock-receipts', body: {} });
    expect(response.status).toBe(201);
    expect(waits).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('retries a POST whose connection was refused: nothing was sent', async () => {
    const { http, pool } = client();
    pool
      .intercept({ path: '/api/stock-receipts', method: 'POST' })
      .replyWithError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    pool.intercept({ path: '/api/stock-receipts', method: 'POST' }).reply(201, { receiptId: 9 });
    const response = await http.request({ method: 'POST', path: '/stock-receipts', body: {} });
    expect(response.status).toBe(201);
  });

  it('treats a 504 to a POST as an unknown outcome', async () => {
    const { http, pool } = client();
    pool.intercept({ path: '/api/sale', method: 'POST' }).reply(504, '');
    await expect(http.request({ method: 'POST', path: '/sale', body: {} })).rejects.toBeInstanceOf(UnknownOutcomeError);
  });

  it("a busy token route is asked again in rounds once the client's retries are spent; any other call is not", async () => {
    const login = { method: 'POST' as const, path: '/auth', body: { apiKey: 'k' }, idempotent: true, retries: 0 };
    const busy = client();
    busy.pool.intercept({ path: '/api/auth', method: 'POST' }).reply(429, '').times(2);
    busy.pool.intercept({ path: '/api/auth', method: 'POST' }).reply(200, { token: 't' });
    expect((await busy.http.request({ ...login, tokenRoute: true })).data).toEqual({ token: 't' });
    // Two pauses between three rounds, each as long as a third retry's backoff (0.5 to 1 s).
    expect(busy.waits).toHaveLength(2);
    for (const wait of busy.waits) expect(wait).toBeGreaterThanOrEqual(500);

    const plain = client();
    plain.pool.intercept({ path: '/api/auth', method: 'POST' }).reply(429, '');
    expect(((await plain.http.request(login).catch((e: unknown) => e)) as ApiError).status).toBe(429);

    // Three rounds at most, and never for a refusal.
    const spent = client();
    let asked = 0;
    spent.pool
      .intercept({ path: '/api/auth', method: 'POST' })
      .reply(503, () => (asked++, ''))
      .times(4);
    expect(
      ((await spent.http.request({ ...login, tokenRoute: true }).catch((e: unknown) => e)) as ApiError).status,
    ).toBe(503);
    expect(asked).toBe(3);
    const refused = client();
    refused.pool.intercept({ path: '/api/auth', method: 'POST' }).reply(401, '');
    await expect(refused.http.request({ ...login, tokenRoute: true })).rejects.toBeInstanceOf(ApiError);
    expect(refused.waits).toEqual([]);
  });

  it('a GET that cannot connect is a server error, not unknown', async () => {
    const { http, pool } = client();
    pool
      .intercept({ path: '/api/health', method: 'GET' })
      .replyWithError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))
      .times(4);
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
    pool
      .intercept({ path: '/api/receipts', method: 'POST', headers: { authorization: 'Bearer new' } })
      .reply(201, { ok: true });
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

  it('replays after a new token that had already lapsed (one-second tokens), a bounded number of times', async () => {
    const { http, pool } = client();
    const now = Date.now();
    let n = 0;
    const invalidated: string[] = [];
    // Each new token is past its exp on arrival (whole-second JWT times); the fourth is good.
    const auth: TokenSource = {
      get: async () => ({ token: `t${++n}`, fromCache: false, expiresAt: n < 4 ? now - 1 : now + 3_600_000 }),
      invalidate: async (token) => void invalidated.push(token),
    };
    for (const t of ['t1', 't2', 't3'])
      pool
        .intercept({ path: '/api/products', method: 'GET', headers: { authorization: `Bearer ${t}` } })
        .reply(401, { message: 'the token has expired' });
    pool.intercept({ path: '/api/products', method: 'GET', headers: { authorization: 'Bearer t4' } }).reply(200, []);
    expect((await http.request({ method: 'GET', path: '/products', auth })).status).toBe(200);
    expect(invalidated).toEqual(['t1', 't2', 't3']);

    // Lapsed by our own clock for ever (a service whose clock runs far behind): eight replays, then the 401 is the answer.
    let m = 0;
    const never: TokenSource = {
      get: async () => ({ token: `u${++m}`, fromCache: false, expiresAt: now - 1 }),
      invalidate: async () => {},
    };
    pool.intercept({ path: '/api/products', method: 'GET' }).reply(401, {}).times(9);
    const error = await http.request({ method: 'GET', path: '/products', auth: never }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(m).toBe(9);
  });

  it('a token that only may have lapsed (within a second of its exp, not past it by our clock) is replayed three times, then the 401 is the answer', async () => {
    const { http, pool } = client();
    let m = 0;
    const maybe: TokenSource = {
      get: async () => ({ token: `v${++m}`, fromCache: false, expiresAt: Date.now() + 500 }),
      invalidate: async () => {},
    };
    pool.intercept({ path: '/api/products', method: 'GET' }).reply(401, {}).times(4);
    const error = await http.request({ method: 'GET', path: '/products', auth: maybe }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(m).toBe(4);
  });

  it('a long run of lapses on one call (one-second tokens behind a slow service) is ridden out: five in a row, then the answer', async () => {
    const { http, pool } = client();
    const now = Date.now();
    let n = 0;
    const auth: TokenSource = {
      get: async () => ({ token: `w${++n}`, fromCache: false, expiresAt: n <= 5 ? now - 1 : now + 3_600_000 }),
      invalidate: async () => {},
    };
    pool.intercept({ path: '/api/products', method: 'GET' }).reply(401, { message: 'the token has expired' }).times(5);
    pool.intercept({ path: '/api/products', method: 'GET' }).reply(200, []);
    expect((await http.request({ method: 'GET', path: '/products', auth })).status).toBe(200);
    expect(n).toBe(6);
  });

  it("replayOn401 false: a 401 is the call's own answer, never replayed (a login carrying a password)", async () => {
    const { http, pool } = client();
    let gets = 0;
    const auth: TokenSource = {
      get: async () => (gets++, { token: 'cached', fromCache: true }),
      invalidate: async () => {},
    };
    pool.intercept({ path: '/api/login', method: 'POST' }).reply(401, {});
    const error = await http
      .request({ method: 'POST', path: '/login', body: { password: 'p' }, auth, idempotent: true, replayOn401: false })
      .catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(gets).toBe(1);
  });
});

describe('origin', () => {
  it("a token is never sent to another origin than the base URL's, whatever the path", async () => {
    const { http } = client();
    const auth: TokenSource = {
      get: async () => ({ token: 'secret-token', fromCache: true }),
      invalidate: async () => {},
    };
    // A path cannot leave the origin (it is appended to the base URL), so the URL is built by hand here.
    const built = http as unknown as { target: (path: string) => { href: string; origin: string; path: string } };
    const target = built.target.bind(http);
    built.target = () => ({ href: 'https://elsewhere.test/steal', origin: 'https://elsewhere.test', path: '/steal' });
    const error = await http.request({ method: 'GET', path: '/x', auth }).catch((e: unknown) => e);
    built.target = target;
    expect((error as Error).message).toContain('refusing to send the inventory token to https://elsewhere.test');
    expect(new URL(http.url('//elsewhere.test/x')).origin).toBe(origin);
  });

  it('writes a query into the URL form-encoded, leaving out what is empty', () => {
    const { http } = client();
    expect(http.url('/products', { page: 2, pageSize: 200, q: 'a b&c', ids: '1,2', none: undefined, blank: '' })).toBe(
      `${origin}/api/products?page=2&pageSize=200&q=a+b%26c&ids=1%2C2`,
    );
    expect(http.url('/products', {})).toBe(`${origin}/api/products`);
  });

  it('builds every URL by URL parsing: the base, the path under it and the query, with the origin and path undici is handed', () => {
    type Query = Record<string, string | number | boolean | null | undefined>;
    type Target = { href: string; origin: string; path: string };
    const targetOf = (http: HttpClient) =>
      (http as unknown as { target: (path: string, query?: Query) => Target }).target.bind(http);
    const cases: Array<[string, string, Query | undefined, string]> = [
      [
        'https://inventory.test/api',
        '/products',
        { page: 2, pageSize: 200 },
        'https://inventory.test/api/products?page=2&pageSize=200',
      ],
      ['https://inventory.test/api/', 'products', undefined, 'https://inventory.test/api/products'],
      ['https://Inventory.TEST:443/api', '/', {}, 'https://inventory.test/api/'],
      [
        'http://127.0.0.1:39771/inventory',
        '/products/1001',
        { x: true, y: 1.5, z: -1 },
        'http://127.0.0.1:39771/inventory/products/1001?x=true&y=1.5&z=-1',
      ],
      ['https://inventory.test/api', '/p', { n: null, e: '', u: undefined }, 'https://inventory.test/api/p'],
      ['https://inventory.test/api', '/p?sort=name', { q: 'a b' }, 'https://inventory.test/api/p?sort=name&q=a+b'],
      [
        'https://inventory.test/a%20b',
        '/x y/ä',
        { k: 'ä', 'a b': 'b/c~' },
        'https://inventory.test/a%20b/x%20y/%C3%A4?k=%C3%A4&a+b=b%2Fc%7E',
      ],
      ['https://inventory.test/api', '/a/../b/./c', undefined, 'https://inventory.test/api/b/c'],
      ['https://inventory.test/api', '//elsewhere.test/x', undefined, 'https://inventory.test/api//elsewhere.test/x'],
    ];
    for (const [base, path, query, href] of cases) {
      const target = targetOf(new HttpClient({ service: 'inventory', baseUrl: base }))(path, query);
      expect(target.href, `${base} + ${path}`).toBe(href);
      expect(target.origin + target.path).toBe(href);
      expect(target.origin).toBe(new URL(base).origin);
    }
  });

  it('a credential sent as a query parameter is set in the same URL, after the query, never beside it', async () => {
    const http = placed({ authQuery: { name: 'api_key', prefix: 'k-' } });
    let asked = '';
    agent
      .get(origin)
      .intercept({ path: (p) => ((asked = p), true), method: 'GET' })
      .reply(200, { ok: true });
    const auth: TokenSource = {
      get: async () => ({ token: 'secret 1', fromCache: false }),
      invalidate: async () => {},
    };
    await http.request({ method: 'GET', path: '/products', query: { page: 1, api_key: 'forged' }, auth });
    expect(asked).toBe('/api/products?page=1&api_key=k-secret+1');
  });
});

describe('a second credential beside the token', () => {
  function twoHeaders() {
    const http = placed({ authHeader: { name: 'X-Api-Key', prefix: '' }, secondHeader: 'X-Connection-Token' });
    const asked: Array<Record<string, string>> = [];
    agent
      .get(origin)
      .intercept({ path: '/api/products', method: 'GET' })
      .reply(200, (opts) => (asked.push(opts.headers as Record<string, string>), { items: [] }))
      .persist();
    return { http, asked };
  }

  it('goes bare in its header on every call the token goes with, and nowhere without a token', async () => {
    const { http, asked } = twoHeaders();
    const auth: TokenSource = {
      get: async () => ({ token: 'the-key', second: 'the-connection', fromCache: false }),
      invalidate: async () => {},
    };
    await http.request({ method: 'GET', path: '/products', auth });
    await http.request({ method: 'GET', path: '/products', auth });
    expect(asked.map((h) => [h['x-api-key'], h['x-connection-token']])).toEqual([
      ['the-key', 'the-connection'],
      ['the-key', 'the-connection'],
    ]);
    await http.request({ method: 'GET', path: '/products' });
    expect(asked[2]!['x-api-key']).toBeUndefined();
    expect(asked[2]!['x-connection-token']).toBeUndefined();
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
});

describe('trace', () => {
  it('redacts secrets and tokens', async () => {
    const trace: string[] = [];
    const { http, pool } = client(trace);
    pool
      .intercept({ path: '/api/auth/token', method: 'POST' })
      .reply(200, { token: 'eyJ.secret.jwt' }, { headers: { 'content-type': 'application/json' } });
    await http.request({
      method: 'POST',
      path: '/auth/token',
      body: { apiKey: 'KEY-123', apiSecret: 'SECRET-456' },
      idempotent: true,
    });
    const text = trace.join('\n');
    expect(text).toContain('POST https://inventory.test/api/auth/token');
    expect(text).not.toMatch(/KEY-123|SECRET-456|eyJ\.secret\.jwt/);
  });
});

describe('on a real socket', () => {
  // undici's MockAgent never reads a request body, so what "never left" means is shown on real connections.
  async function server(
    handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void,
  ) {
    const http = await import('node:http');
    const srv = http.createServer(handler);
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    const port = (srv.address() as import('node:net').AddressInfo).port;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
  }
  const realClient = (baseUrl: string, extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
    new HttpClient({ service: 'inventory', baseUrl, sleep: async () => undefined, ...extra });

  it('a POST whose answer is lost after the server read it is an unknown outcome (exit 7), sent once', async () => {
    let received = 0;
    const srv = await server((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        res.socket?.destroy();
      });
    });
    try {
      const error = await realClient(srv.url)
        .request({ method: 'POST', path: '/stock-receipts', body: { a: 1 }, operation: 'record the receipt' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(UnknownOutcomeError);
      expect(error.exitCode).toBe(7);
      expect(error.message).toContain('record the receipt');
      expect(received).toBe(1);
    } finally {
      await srv.close();
    }
  });

  it('a redirect is exit 6 naming the Location, not followed', async () => {
    let calls = 0;
    const srv = await server((req, res) => {
      calls++;
      req.resume();
      res.writeHead(307, { location: 'https://elsewhere.example/api/products' }).end();
    });
    try {
      const error = await realClient(srv.url)
        .request({ method: 'GET', path: '/products' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect(error.exitCode).toBe(6);
      expect(error.message).toContain('https://elsewhere.example/api/products');
      expect(calls).toBe(1);
    } finally {
      await srv.close();
    }
  });

  it('a Retry-After beyond the deadline fails at once with exit 6 saying when', async () => {
    let calls = 0;
    const srv = await server((req, res) => {
      calls++;
      req.resume();
      res.writeHead(429, { 'retry-after': '3600' }).end();
    });
    try {
      const started = Date.now();
      const http = realClient(srv.url, {
        deadline: { at: Date.now() + 2_000, describe: '--deadline 2' },
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      });
      const error = await http.request({ method: 'GET', path: '/products' }).catch((e) => e);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(error.exitCode).toBe(6);
      expect(error.message).toMatch(/asked to be called back in 3600 s/);
      expect(calls).toBe(1);
    } finally {
      await srv.close();
    }
  });

  it('an answer over the size limit is refused (exit 6) without holding it', async () => {
    const srv = await server((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 2000) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    try {
      const error = await realClient(srv.url, { maxBodyBytes: 1024 * 1024 })
        .request({ method: 'GET', path: '/products' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect(error.message).toContain('over 1 MiB');
    } finally {
      await srv.close();
    }
  });

  it('an answer cut off before its declared length is a failed read, retried for a GET, never half a body taken as the answer', async () => {
    let calls = 0;
    const srv = await server((req, res) => {
      calls++;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"items":[');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    try {
      const error = await realClient(srv.url, { retries: 1 })
        .request({ method: 'GET', path: '/products' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect(error.exitCode).toBe(6);
      expect(error.message).toContain('cannot reach the inventory service');
      expect(calls).toBe(2);
    } finally {
      await srv.close();
    }
  });
});
