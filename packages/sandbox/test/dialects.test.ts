// The dialect core (src/sandbox/dialects): casing, resource classification,
// each dialect's rewrite of venue's bodies, the request-name list against the
// contract, and the hooks on a small fastify app.

import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  camelCase,
  pascalCase,
  screamingSnakeCase,
  snakeCase,
  words,
  type Exchange,
  type VenueError,
} from '../src/dialects/core.js';
import { DIALECTS, DIALECT_NAMES, installDialect, installKeyShuffle, isDialectName } from '../src/dialects/index.js';
import { DECOYS } from '../src/dialects/decoy.js';
import { embeddedName } from '../src/dialects/hal.js';
import { shuffleKeys, shuffledOrder } from '../src/dialects/shuffle.js';
import { pascalFieldPath } from '../src/dialects/pascal.js';
import { CANONICAL_REQUEST_NAMES, canonicalRequestName } from '../src/dialects/request-names.js';
import { classify } from '../src/dialects/resources.js';
import { PLAIN_SYNONYMS } from '../src/dialects/synonyms.js';
import { CONTRACT_SERVICES, contractFile } from '../src/contract-files.js';
import { packageRoot } from './support/paths.js';
import { silentLogger } from '../src/types.js';

const exchange: Exchange = {
  service: 'inventory',
  method: 'GET',
  url: '/inventory/products?pageSize=2&page=1',
  origin: 'http://127.0.0.1:47800',
  status: 200,
  now: new Date('2026-11-22T14:00:00Z'),
  requestId: 'req-1',
};

const productList = {
  items: [
    {
      productId: 1001,
      productName: 'Gummy Bears',
      productDescription: 'Gummy Bears',
      saleType: 2,
      isActive: true,
      stockLevels: [{ warehouseId: 1, quantity: 10 }],
    },
  ],
  page: 1,
  pageSize: 2,
  totalItems: 3,
  totalPages: 2,
};

const cardError: VenueError = {
  status: 422,
  code: 'card_not_activated',
  message: 'the card is not activated',
  details: [{ field: 'cardBarcode', rule: 'must be an activated card' }],
};

describe('casing', () => {
  it('splits every casing into the same words', () => {
    for (const name of [
      'card_not_activated',
      'card-not-activated',
      'cardNotActivated',
      'CardNotActivated',
      'CARD_NOT_ACTIVATED',
    ]) {
      expect(words(name)).toEqual(['card', 'not', 'activated']);
    }
    expect(words('PONumber')).toEqual(['po', 'number']);
  });

  it('joins them in each casing', () => {
    expect(pascalCase('game-play')).toBe('GamePlay');
    expect(pascalCase('pageSize')).toBe('PageSize');
    expect(camelCase('card_not_activated')).toBe('cardNotActivated');
    expect(screamingSnakeCase('game-play')).toBe('GAME_PLAY');
    expect(snakeCase('not-activated')).toBe('not_activated');
  });

  it('names error fields as ASP.NET Core does', () => {
    expect(pascalFieldPath('items[0].productId')).toBe('Items[0].ProductId');
    expect(pascalFieldPath('items.2.quantity')).toBe('Items[2].Quantity');
    expect(pascalFieldPath('guest.email')).toBe('Guest.Email');
    expect(pascalFieldPath('(body)')).toBe('$');
  });
});

describe('resources', () => {
  it('are told by their fields', () => {
    expect(
      classify({
        cardNumber: '1',
        cardType: 'Standard',
        nickname: null,
        status: 'activated',
        locationId: 'L',
        locationName: 'D',
        playUnit: 'dollars',
      }),
    ).toBe('walletCard');
    expect(classify({ accessToken: 'a' })).toBe('walletAdminToken');
    expect(classify({ accessToken: 'a', refreshToken: 'r' })).toBe('walletGuestTokens');
    expect(classify({ token: 't', expiresAt: 'x' })).toBe('inventoryToken');
    expect(classify({ warehouseId: 1, quantity: 3 })).toBe('productStock');
    expect(
      classify({
        productId: 1,
        productName: 'n',
        productCode: null,
        warehouseId: 1,
        quantity: 3,
        averageUnitCost: 1,
        lastPurchasePrice: 1,
      }),
    ).toBe('stockLevel');
    expect(classify({ classId: 'C', categoryId: 'S', name: 'n' })).toBe('productClass');
    expect(classify({ categoryId: 'S', name: 'n' })).toBe('category');
    expect(classify({ saleId: 's', orderId: 'o', status: 'confirmed', order: {} })).toBe('bookingSaleResult');
    expect(classify({ saleId: 's', amount: 1, paymentReference: 'p', recordedAt: 't' })).toBe('bookingSale');
    // A list is no resource: its items are.
    expect(classify(productList)).toBeUndefined();
  });

  it('every synonym table renames to distinct names', () => {
    for (const [kind, table] of Object.entries(PLAIN_SYNONYMS)) {
      const targets = Object.values(table!);
      expect(new Set(targets).size, kind).toBe(targets.length);
    }
  });
});

describe('the dialects', () => {
  it('are the six, venue first', () => {
    expect(DIALECT_NAMES).toEqual(['venue', 'pascal', 'envelope', 'plain', 'decoy', 'hal']);
    expect(isDialectName('plain')).toBe(true);
    expect(isDialectName('toString')).toBe(false);
  });

  it('venue leaves bodies as they are', () => {
    expect(DIALECTS.venue.success(productList, exchange).body).toBe(productList);
  });

  it('pascal: PascalCase keys, paging names and problem details', () => {
    const answer = DIALECTS.pascal.success(productList, exchange);
    expect(answer.body).toEqual({
      Items: [
        {
          ProductId: 1001,
          ProductName: 'Gummy Bears',
          ProductDescription: 'Gummy Bears',
          SaleType: 2,
          IsActive: true,
          StockLevels: [{ WarehouseId: 1, Quantity: 10 }],
        },
      ],
      Page: 1,
      PageSize: 2,
      TotalCount: 3,
      TotalPages: 2,
    });
    expect(DIALECTS.pascal.success({ token: 't', expiresAt: '2026-11-22T15:00:00Z' }, exchange).body).toEqual({
      AccessToken: 't',
      ExpiresIn: 3600,
    });
    const problem = DIALECTS.pascal.error(cardError, exchange);
    expect(problem.headers).toEqual({ 'content-type': 'application/problem+json; charset=utf-8' });
    expect(problem.body).toMatchObject({
      status: 422,
      detail: 'the card is not activated',
      code: 'CardNotActivated',
      errors: { CardBarcode: ['must be an activated card'] },
    });
  });

  it('pascal binds request names case-insensitively to the canonical ones', () => {
    const translated = DIALECTS.pascal.request!({
      body: { WarehouseId: 1, Items: [{ PRODUCTID: 1001, CountedQuantity: 2 }], Guest: { FirstName: 'A' } },
      query: { PageSize: '5', page: '1' },
    });
    expect(translated).toEqual({
      body: { warehouseId: 1, items: [{ productId: 1001, countedQuantity: 2 }], guest: { firstName: 'A' } },
      query: { pageSize: '5', page: '1' },
    });
    expect(canonicalRequestName('CardCVV')).toBe('cardCvv');
    expect(canonicalRequestName('Unheard')).toBe('unheard');
  });

  it('envelope: data and meta, SCREAMING_SNAKE codes, the order answering a sale', () => {
    expect(DIALECTS.envelope.success(productList, exchange).body).toMatchObject({
      data: [expect.objectContaining({ productId: 1001 })],
      meta: { page: 1, pageSize: 2, total: 3, totalPages: 2, hasMore: true },
    });
    expect(DIALECTS.envelope.error(cardError, exchange).body).toEqual({
      error: {
        code: 'CARD_NOT_ACTIVATED',
        message: 'the card is not activated',
        details: [{ field: 'cardBarcode', message: 'must be an activated card' }],
      },
    });
    const sale = {
      saleId: 's1',
      amount: 30,
      paymentReference: 'p',
      recordedAt: 't',
      orderId: 'o1',
      status: 'confirmed',
      order: {
        orderId: 'o1',
        status: 'confirmed',
        reservationIds: [],
        guest: { firstName: 'A', lastName: 'B', email: 'e' },
        sale: { saleId: 's1', amount: 30, paymentReference: 'p', recordedAt: 't' },
      },
    };
    expect(DIALECTS.envelope.success(sale, exchange).body).toMatchObject({
      data: { orderId: 'o1', status: 'confirmed', sale: { saleId: 's1', status: 'completed' } },
    });
  });

  it('plain: bare arrays paged in headers, synonyms, flat balances, camelCase codes', () => {
    const answer = DIALECTS.plain.success(productList, exchange);
    expect(answer.body).toEqual([
      {
        id: 1001,
        name: 'Gummy Bears',
        description: 'Gummy Bears',
        saleType: 2,
        active: true,
        stock: [{ warehouseId: 1, onHand: 10 }],
      },
    ]);
    expect(answer.headers).toEqual({
      'x-total-count': '3',
      link: '<http://127.0.0.1:47800/inventory/products?pageSize=2&page=2>; rel="next"',
    });
    const balance = {
      cardNumber: '1',
      playBalance: { amount: 120, unit: 'tokens' },
      bonusBalance: { amount: 20, unit: 'tokens' },
      ticketBalance: 5,
      lastSyncedAt: 't',
    };
    expect(DIALECTS.plain.success(balance, exchange).body).toEqual({
      cardNumber: '1',
      ticketBalance: 5,
      playBalance: 120,
      bonusBalance: 20,
      balanceUnit: 'TOKENS',
      lastUpdated: 't',
    });
    expect(DIALECTS.plain.error(cardError, exchange).body).toEqual({
      message: 'the card is not activated',
      code: 'cardNotActivated',
      errors: [{ field: 'cardBarcode', message: 'must be an activated card' }],
    });
    expect(DIALECTS.plain.success({ token: 't', expiresAt: 'x' }, exchange).body).toEqual({ jwt: 't' });
  });
});

describe('the hal dialect', () => {
  const origin = 'http://127.0.0.1:47800';
  const on = (url: string): Exchange => ({ ...exchange, url });

  it("embeds a list under the route's name, with links, a page counted from 0, and Link and X-Total-Count headers", () => {
    const answer = DIALECTS.hal.success(productList, exchange);
    expect(answer.body).toEqual({
      _embedded: {
        products: [
          {
            ...productList.items[0],
            _links: { self: { href: `${origin}/inventory/products/1001` } },
          },
        ],
      },
      _links: {
        self: { href: `${origin}/inventory/products?pageSize=2&page=1` },
        first: { href: `${origin}/inventory/products?pageSize=2&page=1` },
        next: { href: `${origin}/inventory/products?pageSize=2&page=2` },
        last: { href: `${origin}/inventory/products?pageSize=2&page=2` },
      },
      page: { size: 2, totalElements: 3, totalPages: 2, number: 0 },
    });
    expect(answer.headers).toEqual({
      'content-type': 'application/hal+json; charset=utf-8',
      'x-total-count': '3',
      link: `<${origin}/inventory/products?pageSize=2&page=1>; rel="first", <${origin}/inventory/products?pageSize=2&page=2>; rel="next", <${origin}/inventory/products?pageSize=2&page=2>; rel="last"`,
    });
    // The last page links back and not on.
    const last = DIALECTS.hal.success({ ...productList, page: 2 }, on('/inventory/products?pageSize=2&page=2'));
    expect(Object.keys((last.body as { _links: object })._links)).toEqual(['self', 'first', 'prev', 'last']);
    expect((last.body as { page: object }).page).toEqual({ size: 2, totalElements: 3, totalPages: 2, number: 1 });
  });

  it("names the embedded list by the route, not by venue's words, and keeps a list's other fields beside it", () => {
    expect(embeddedName(on('/inventory/stock-levels?productIds=1'))).toBe('stockLevels');
    expect(embeddedName(on('/wallet/api/v1/card'))).toBe('card');
    expect(embeddedName(on('/wallet/api/v1/card/6001000000000000001/activity'))).toBe('activity');
    expect(embeddedName(on('/booking/api/v1/experiences/exp-laser-tag/sessions?forDate=2026-11-23'))).toBe('sessions');
    const sessions = DIALECTS.hal.success(
      { items: [{ slotId: 's1', startTime: 't', endTime: 'u', remaining: 3 }], experienceId: 'exp-a', date: 'd' },
      on('/booking/api/v1/experiences/exp-a/sessions'),
    ).body as Record<string, unknown>;
    expect(sessions).toMatchObject({
      _embedded: { sessions: [expect.objectContaining({ slotId: 's1' })] },
      experienceId: 'exp-a',
      date: 'd',
      page: { size: 1, totalElements: 1, totalPages: 1, number: 0 },
    });
  });

  it('embeds nothing for an empty list, as Spring does', () => {
    const empty = DIALECTS.hal.success(
      { items: [], page: 1, pageSize: 50, totalItems: 0, totalPages: 0 },
      on('/inventory/stock-levels?productIds=9'),
    );
    expect(empty.body).toEqual({
      _links: { self: { href: `${origin}/inventory/stock-levels?productIds=9` } },
      page: { size: 50, totalElements: 0, totalPages: 0, number: 0 },
    });
    expect(empty.headers).toEqual({ 'content-type': 'application/hal+json; charset=utf-8', 'x-total-count': '0' });
  });

  it('gives a record its self link, leaves tokens alone, and answers errors as vnd.error', () => {
    expect(
      DIALECTS.hal.success({ categoryId: 'SNACKS', name: 'Snacks' }, on('/inventory/categories/SNACKS')).body,
    ).toEqual({
      categoryId: 'SNACKS',
      name: 'Snacks',
      _links: { self: { href: `${origin}/inventory/categories/SNACKS` } },
    });
    const token = { token: 't', expiresAt: '2026-11-22T15:00:00Z' };
    expect(DIALECTS.hal.success(token, exchange).body).toBe(token);
    const error = DIALECTS.hal.error(cardError, on('/wallet/api/v1/admin/signup'));
    expect(error.headers).toEqual({ 'content-type': 'application/vnd.error+json; charset=utf-8' });
    expect(error.body).toEqual({
      message: 'the card is not activated',
      code: 'card_not_activated',
      logref: 'req-1',
      path: '/wallet/api/v1/admin/signup',
      _links: { self: { href: `${origin}/wallet/api/v1/admin/signup` } },
      _embedded: { errors: [{ message: 'must be an activated card', path: 'cardBarcode' }] },
    });
  });
});

describe('shuffled keys', () => {
  it("puts every object's keys in another order, the same for every record of one key list, values untouched", () => {
    const body = {
      items: [
        { productId: 1, productName: 'a', stockLevels: [{ warehouseId: 1, quantity: 2 }] },
        { productId: 2, productName: 'b', stockLevels: [{ warehouseId: 2, quantity: 3 }] },
      ],
      page: 1,
      pageSize: 2,
    };
    const shuffled = shuffleKeys(body) as typeof body;
    expect(shuffled).toEqual(body);
    expect(Object.keys(shuffled)).not.toEqual(Object.keys(body));
    const [a, b] = shuffled.items;
    expect(Object.keys(a!)).toEqual(Object.keys(b!));
    expect(Object.keys(a!)).not.toEqual(['productId', 'productName', 'stockLevels']);
    expect(Object.keys(a!.stockLevels[0]!)).toEqual(['quantity', 'warehouseId']);
    // Run after run the same order; never the order given, for any list of two keys or more.
    expect(shuffledOrder(['a', 'b', 'c'])).toEqual(shuffledOrder(['a', 'b', 'c']));
    for (let n = 2; n < 30; n++) {
      const keys = Array.from({ length: n }, (_, i) => `k${i}`);
      expect(shuffledOrder(keys)).not.toEqual(keys.map((_, i) => i));
      expect([...shuffledOrder(keys)].sort((x, y) => x - y)).toEqual(keys.map((_, i) => i));
    }
    // A key "__proto__" from JSON stays a field.
    const odd = shuffleKeys(JSON.parse('{"__proto__": 1, "a": 2}')) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(odd, '__proto__')?.value).toBe(1);
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
  });

  it('is a hook after the dialect that leaves the control API alone', async () => {
    const server = Fastify();
    installDialect(server, 'hal', () => new Date(), silentLogger);
    installKeyShuffle(server, silentLogger);
    server.get('/_sandbox/health', async () => ({ ok: true, items: [] }));
    server.get('/inventory/categories', async () => ({ items: [{ categoryId: 'SNACKS', name: 'Snacks' }] }));
    await server.ready();
    expect(Object.keys((await server.inject({ method: 'GET', url: '/_sandbox/health' })).json())).toEqual([
      'ok',
      'items',
    ]);
    const list = (await server.inject({ method: 'GET', url: '/inventory/categories' })).json();
    expect(list._embedded.categories[0]).toEqual({
      categoryId: 'SNACKS',
      name: 'Snacks',
      _links: { self: { href: expect.stringMatching(/\/inventory\/categories\/SNACKS$/) } },
    });
    expect(Object.keys(list._embedded.categories[0])).not.toEqual(['categoryId', 'name', '_links']);
    await server.close();
  });
});

describe('the decoy dialect', () => {
  it("keeps venue's lists, paging and errors, and puts a decoy of the wrong type next to the real field", () => {
    const answer = DIALECTS.decoy.success(productList, exchange);
    expect(answer.headers).toBeUndefined();
    expect(answer.body).toMatchObject({ page: 1, pageSize: 2, totalItems: 3, totalPages: 2 });
    const [product] = (answer.body as { items: Array<Record<string, unknown>> }).items;
    // The string code under the canonical name, the numeric id under another of its names.
    expect(product).toMatchObject({ productId: 'P-1001', id: 1001, active: { since: null }, enabled: true });
    expect(product!.stockLevels).toEqual([{ warehouseId: 1, quantity: { unit: 'each' }, onHand: 10 }]);
    expect(DIALECTS.decoy.error(cardError, exchange).body).toEqual(DIALECTS.venue.error(cardError, exchange).body);
    expect(DIALECTS.decoy.success({ token: 't', expiresAt: 'x' }, exchange).body).toEqual({
      token: 't',
      expiresAt: 'x',
    });
  });

  it('answers the cases seen at real servers', () => {
    const day = DIALECTS.decoy.success(
      {
        items: [{ date: '2026-11-22', sessions: 11, capacity: 220, remaining: 5 }],
        experienceId: 'e',
        fromDate: '2026-11-22',
        days: 1,
      },
      exchange,
    ).body as { items: unknown[] };
    expect(day.items).toEqual([
      { date: '2026-11-22', sessions: [], sessionCount: 11, capacity: 220, available: true, remainingCapacity: 5 },
    ]);
    expect(DIALECTS.decoy.success({ containerId: 2, name: 'Carton', units: 24 }, exchange).body).toEqual({
      containerId: 2,
      name: 'Carton',
      units: 'each',
      defaultQuantity: 24,
    });
    const card = DIALECTS.decoy.success(
      {
        cardNumber: '6001000000000000001',
        cardType: 'Standard',
        nickname: null,
        status: 'activated',
        locationId: 'L',
        locationName: 'D',
        playUnit: 'dollars',
      },
      exchange,
    ).body;
    expect(card).toMatchObject({
      cardNumber: { masked: '•••• 0001', last4: '0001' },
      cardNo: '6001000000000000001',
      status: 1,
      cardStatus: 'activated',
    });
  });

  it('never adds a decoy under the name a real field moves to', () => {
    for (const [kind, decoys] of Object.entries(DECOYS)) {
      const added = Object.keys(decoys!.add({}));
      for (const target of Object.values(decoys!.move ?? {})) expect(added, kind).not.toContain(target);
    }
  });
});

describe('request names', () => {
  it('are every request field and query parameter of openapi/', () => {
    const names = new Set<string>();
    for (const service of CONTRACT_SERVICES) {
      const document = JSON.parse(fs.readFileSync(contractFile(service), 'utf8'));
      const resolve = (node: any): any =>
        node?.$ref
          ? resolve(
              node.$ref
                .split('/')
                .slice(1)
                .reduce((at: any, key: string) => at[key], document),
            )
          : node;
      const walk = (schema: any, seen = new Set<any>()): void => {
        schema = resolve(schema);
        if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
        seen.add(schema);
        for (const [name, child] of Object.entries(schema.properties ?? {})) {
          names.add(name);
          walk(child, seen);
        }
        if (schema.items) walk(schema.items, seen);
        for (const key of ['allOf', 'oneOf', 'anyOf']) for (const part of schema[key] ?? []) walk(part, seen);
      };
      for (const item of Object.values(document.paths) as any[]) {
        for (const operation of Object.values(item) as any[]) {
          if (!operation || typeof operation !== 'object') continue;
          for (const parameter of (operation.parameters ?? []).map(resolve))
            if (parameter?.in === 'query') names.add(parameter.name);
          for (const content of Object.values(resolve(operation.requestBody)?.content ?? {}) as any[])
            walk(content.schema);
        }
      }
    }
    expect([...CANONICAL_REQUEST_NAMES].sort()).toEqual([...names].sort());
  });
});

describe('the hooks', () => {
  async function app(dialect: 'venue' | 'pascal' | 'plain') {
    const server = Fastify();
    installDialect(server, dialect, () => new Date(), silentLogger);
    server.post('/inventory/echo', async (request) => ({
      bodyKeys: Object.keys(request.body as object),
      queryKeys: Object.keys(request.query as object),
    }));
    server.get('/_sandbox/health', async () => ({ ok: true, items: [] }));
    server.get('/inventory/openapi.json', async () => ({ openapi: '3.1.0', paths: {} }));
    server.get('/inventory/categories', async () => ({ items: [{ categoryId: 'SNACKS', name: 'Snacks' }] }));
    server.get('/inventory/pass', async (_request, reply) =>
      reply.type('application/octet-stream').send(Buffer.from('PK')),
    );
    await server.ready();
    return server;
  }

  it('translate requests before the route sees them, and answers after', async () => {
    const server = await app('pascal');
    const echo = await server.inject({ method: 'POST', url: '/inventory/echo?PageSize=5', payload: { ProductId: 1 } });
    // The route received canonical names (values are never renamed); its answer was PascalCased on the way out.
    expect(echo.json()).toEqual({ BodyKeys: ['productId'], QueryKeys: ['pageSize'] });
    const list = await server.inject({ method: 'GET', url: '/inventory/categories' });
    expect(list.json()).toMatchObject({ Items: [{ CategoryId: 'SNACKS', Name: 'Snacks' }], TotalCount: 1 });
    await server.close();
  });

  it('leave the control API, published documents and binary answers alone', async () => {
    for (const dialect of ['pascal', 'plain'] as const) {
      const server = await app(dialect);
      expect((await server.inject({ method: 'GET', url: '/_sandbox/health' })).json()).toEqual({ ok: true, items: [] });
      expect((await server.inject({ method: 'GET', url: '/inventory/openapi.json' })).json()).toEqual({
        openapi: '3.1.0',
        paths: {},
      });
      expect((await server.inject({ method: 'GET', url: '/inventory/pass' })).body).toBe('PK');
      await server.close();
    }
  });

  it('venue installs none', async () => {
    const server = await app('venue');
    expect((await server.inject({ method: 'GET', url: '/inventory/categories' })).json()).toEqual({
      items: [{ categoryId: 'SNACKS', name: 'Snacks' }],
    });
    await server.close();
  });
});

describe('the dialect modules', () => {
  it('import nothing from the CLI', () => {
    const folder = path.join(packageRoot, 'src/dialects');
    for (const file of fs.readdirSync(folder)) {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      expect(text, file).not.toMatch(/from '(\.\.\/)+(lib|commands)\//);
    }
  });
});
