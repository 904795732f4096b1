// The inventory and webhooks clients read any faithful server: the same
// answers in four shapes (venue's own; PascalCase with problem+json errors;
// {data, meta} envelopes with {error:{…}}; plain bare arrays paged by
// X-Total-Count and Link headers, with other words for fields and UPPER_SNAKE
// enumerations) give the same views, pages merge whatever paging the service
// gives, a 2xx answer that holds nothing usable is an UnreadableAnswerError
// (exit 6), and every call goes where the profile's route map says.

import { describe, expect, it } from 'vitest';
import { ApiError, NotFoundError, UsageError } from '../../../src/lib/errors.js';
import { inventoryOrigin, mockInventoryService } from '../../support/mock-inventory.js';
import { InventoryClient } from '../../../src/lib/inventory/client.js';
import { inventoryErrors } from '../../../src/lib/inventory/error-codes.js';
import { InventoryRouteMap } from '../../../src/lib/inventory/routes.js';
import { UnreadableAnswerError, sourceOf } from '../../../src/lib/reading.js';
import { WebhooksClient } from '../../../src/lib/webhooks/client.js';

const origin = inventoryOrigin;
const service = mockInventoryService();

function clients(routes?: InventoryRouteMap, auth?: { name: string; prefix: string }) {
  const { deps, pool } = service({ routes, authHeader: auth });
  return { inventory: new InventoryClient(deps), webhooks: new WebhooksClient(deps), pool };
}

/** A view as plain data: the service record it carries (a symbol) left out, nested views too. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

// ---------------------------------------------------------------- the answers, in venue's words

type Rec = Record<string, unknown>;

const products: Rec[] = [
  {
    productId: 1001,
    productName: 'Gummy Bears 100g',
    productDescription: '100 g bag',
    categoryId: 'SNACKS    ',
    taxGroup: 'GST       ',
    productType: 2,
    saleType: 2,
    sellPrice: 3.5,
    productCode: 'GB-100',
    barcodes: ['9300000000011'],
    stockLevels: [{ warehouseId: 1, quantity: 42 }],
    suppliers: [{ supplierId: 3, containerId: 2, preferredSupplier: true }],
    isActive: true,
  },
  {
    productId: 1002,
    productName: 'Plush Bear',
    productDescription: 'prize',
    categoryId: 'PRIZES    ',
    taxGroup: 'GST       ',
    productType: 2,
    saleType: 1,
    ticketValue: 500,
    barcodes: [],
    stockLevels: [],
    suppliers: [],
    isActive: true,
  },
  {
    productId: 1003,
    productName: 'Extra Syrup',
    productDescription: 'modifier',
    categoryId: 'DRINKS    ',
    taxGroup: 'GST       ',
    productType: 3,
    saleType: 6,
    sellPrice: 0.5,
    vendingPrice: 0.6,
    barcodes: [],
    stockLevels: [],
    suppliers: [],
    isActive: false,
  },
];
const levels: Rec[] = [
  { productId: 1001, warehouseId: 1, quantity: 42, productName: 'Gummy Bears 100g', averageUnitCost: 1.2 },
  { productId: 1002, warehouseId: 1, quantity: 0, productName: 'Plush Bear', averageUnitCost: 4 },
  { productId: 1003, warehouseId: 1, quantity: 7, productName: 'Extra Syrup', averageUnitCost: 0.1 },
];
const health: Rec = { status: 'ok', database: 'connected', time: '2026-11-22T14:03:00Z' };
const categories: Rec[] = [
  { categoryId: 'SNACKS    ', name: 'Snacks' },
  { categoryId: 'PRIZES    ', name: 'Prizes' },
];
const warehouses: Rec[] = [{ warehouseId: 1, name: 'Main store room', locationId: 1 }];
const supplier: Rec = {
  supplierId: 9,
  supplierCode: 'ACME',
  supplierName: 'Acme Candy',
  supplierAddress: '1 Main St',
  paymentTerms: 5,
  isActive: true,
};
const receipt: Rec = {
  receiptId: 77,
  warehouseId: 1,
  items: [{ productId: 1001, quantity: 5, newQuantity: 47 }],
  createdAt: '2026-11-22T14:03:00Z',
};
const adjustment: Rec = {
  adjustmentId: 9,
  productId: 1001,
  warehouseId: 1,
  adjustmentQuantity: -2,
  previousQuantity: 42,
  newQuantity: 40,
  userId: 1,
  comment: 'breakage',
};
const stockTake: Rec = {
  stockTakeId: 5,
  warehouseId: 1,
  items: [{ productId: 1001, previousQuantity: 42, countedQuantity: 40, variance: -2 }],
  totalVariance: -2,
};
const subscribers: Rec[] = [
  {
    id: '3f0c1a52-9d1e-4c9a-8a53-1f2b3c4d5e6f',
    url: 'https://erp.example.com/hooks',
    eventTypes: ['stock.received'],
    isActive: true,
  },
];

// ---------------------------------------------------------------- four dialects

type Kind =
  | 'product'
  | 'productStock'
  | 'level'
  | 'health'
  | 'category'
  | 'warehouse'
  | 'supplier'
  | 'receipt'
  | 'receiptLine'
  | 'adjustment'
  | 'stockTake'
  | 'stockTakeLine'
  | 'subscriber';

interface Dialect {
  name: string;
  record(kind: Kind, record: Rec): unknown;
  /** A page of a list: body and headers. */
  page(
    kind: Kind,
    items: Rec[],
    page: number,
    pageSize: number,
    total: number,
  ): { body: unknown; headers?: Record<string, string> };
  list(kind: Kind, items: Rec[]): unknown;
  error(status: number, code: string, message: string): { body: unknown; headers: Record<string, string> };
}

const json = { 'content-type': 'application/json' };
const pascalKey = (k: string) => k[0]!.toUpperCase() + k.slice(1);
function deepPascal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepPascal);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [pascalKey(k), deepPascal(v)]));
  return value;
}

/** The plain server's other words, per resource (nested records renamed by their own kind). */
const PLAIN_WORDS: Partial<Record<Kind, Record<string, string>>> = {
  product: {
    productId: 'id',
    productName: 'name',
    productDescription: 'description',
    productCode: 'sku',
    stockLevels: 'stock',
    isActive: 'active',
  },
  productStock: { quantity: 'onHand' },
  level: { quantity: 'onHand', productName: 'name', averageUnitCost: 'avgCost' },
  category: { categoryId: 'id' },
  warehouse: { warehouseId: 'id' },
  supplier: { supplierId: 'id', supplierCode: 'code', supplierName: 'name', isActive: 'active' },
  receipt: { receiptId: 'id', createdAt: 'created' },
  receiptLine: { newQuantity: 'onHand' },
  adjustment: { adjustmentId: 'id', previousQuantity: 'quantityBefore', newQuantity: 'quantityAfter' },
  stockTake: { stockTakeId: 'id' },
  subscriber: { id: 'webhookId', isActive: 'active' },
};
const NESTED: Partial<Record<Kind, Record<string, Kind>>> = {
  product: { stockLevels: 'productStock' },
  receipt: { items: 'receiptLine' },
  stockTake: { items: 'stockTakeLine' },
};
const PRODUCT_TYPE_WORDS: Record<number, string> = { 2: 'STOCK_PRODUCT', 3: 'MODIFIER' };
const SALE_TYPE_WORDS: Record<number, string> = { 1: 'REDEMPTION', 2: 'SALE', 4: 'VENDING' };

function plainRecord(kind: Kind, record: Rec): Rec {
  const out: Rec = {};
  for (const [key, value] of Object.entries(record)) {
    const inner = NESTED[kind]?.[key];
    let v: unknown = inner && Array.isArray(value) ? value.map((item) => plainRecord(inner, item as Rec)) : value;
    // UPPER_SNAKE enumerations: the product type as a word, sale type flags as a list of words.
    if (kind === 'product' && key === 'productType') v = PRODUCT_TYPE_WORDS[value as number];
    if (kind === 'product' && key === 'saleType')
      v = [1, 2, 4].filter((f) => ((value as number) & f) !== 0).map((f) => SALE_TYPE_WORDS[f]);
    out[PLAIN_WORDS[kind]?.[key] ?? key] = v;
  }
  return out;
}

const dialects: Dialect[] = [
  {
    name: 'venue',
    record: (_k, r) => r,
    page: (_k, items, page, pageSize, total) => ({
      body: { items, page, pageSize, totalItems: total, totalPages: Math.ceil(total / pageSize) },
    }),
    list: (_k, items) => ({ items }),
    error: (status, code, message) => ({ body: { error: { status, code, message, details: [] } }, headers: json }),
  },
  {
    name: 'pascal',
    record: (_k, r) => deepPascal(r),
    page: (_k, items, page, pageSize, total) => ({
      body: {
        Items: deepPascal(items),
        Page: page,
        PageSize: pageSize,
        TotalCount: total,
        TotalPages: Math.ceil(total / pageSize),
      },
    }),
    list: (_k, items) => ({ Items: deepPascal(items) }),
    error: (status, code, message) => ({
      body: {
        type: 'https://tools.ietf.org/html/rfc9110#section-15.5.21',
        title: status === 404 ? 'Not Found' : 'Unprocessable Entity',
        status,
        detail: message,
        code: code.split('_').map(pascalKey).join(''),
        traceId: 'x',
      },
      headers: { 'content-type': 'application/problem+json' },
    }),
  },
  {
    name: 'envelope',
    record: (_k, r) => ({ data: r, meta: { requestId: 'r1' } }),
    page: (_k, items, page, pageSize, total) => ({
      body: {
        data: items,
        meta: { page, pageSize, total, totalPages: Math.ceil(total / pageSize), hasMore: page * pageSize < total },
      },
    }),
    list: (_k, items) => ({ data: items, meta: { requestId: 'r1' } }),
    error: (_status, code, message) => ({
      body: { error: { code: code.toUpperCase(), message, details: [] } },
      headers: json,
    }),
  },
  {
    name: 'plain',
    record: (k, r) => plainRecord(k, r),
    page: (k, items, page, pageSize, total) => ({
      body: items.map((i) => plainRecord(k, i)),
      headers: {
        'x-total-count': String(total),
        ...(page * pageSize < total ? { link: `<${origin}/x?page=${page + 1}&pageSize=${pageSize}>; rel="next"` } : {}),
      },
    }),
    list: (k, items) => items.map((i) => plainRecord(k, i)),
    error: (_status, code, message) => ({
      body: { message, code: code.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) },
      headers: json,
    }),
  },
];

/** What venue reads, in every dialect. */
const productViews = [
  {
    productId: 1001,
    productName: 'Gummy Bears 100g',
    productDescription: '100 g bag',
    categoryId: 'SNACKS    ',
    taxGroup: 'GST       ',
    productType: 2,
    saleType: 2,
    sellPrice: 3.5,
    productCode: 'GB-100',
    barcodes: ['9300000000011'],
    stockLevels: [{ warehouseId: 1, quantity: 42 }],
    suppliers: [{ supplierId: 3, containerId: 2, preferredSupplier: true }],
    isActive: true,
  },
  {
    productId: 1002,
    productName: 'Plush Bear',
    productDescription: 'prize',
    categoryId: 'PRIZES    ',
    taxGroup: 'GST       ',
    productType: 2,
    saleType: 1,
    ticketValue: 500,
    barcodes: [],
    stockLevels: [],
    suppliers: [],
    isActive: true,
  },
  {
    productId: 1003,
    productName: 'Extra Syrup',
    productDescription: 'modifier',
    categoryId: 'DRINKS    ',
    taxGroup: 'GST       ',
    productType: 3,
    saleType: 6,
    sellPrice: 0.5,
    vendingPrice: 0.6,
    barcodes: [],
    stockLevels: [],
    suppliers: [],
    isActive: false,
  },
];

const withQuery = (base: string, page: number) => (p: string) => {
  const url = new URL(p, origin);
  return url.pathname === base && url.searchParams.get('page') === String(page);
};

describe.each(dialects)('the $name dialect', (d) => {
  const reply = (
    pool: ReturnType<typeof clients>['pool'],
    method: string,
    path: string | ((p: string) => boolean),
    body: unknown,
    headers: Record<string, string> = {},
    status = 200,
  ) => pool.intercept({ path, method }).reply(status, body as object, { headers: { ...json, ...headers } });

  it('reads products, pages of them (merged, as sent) and one product to the same views', async () => {
    const { inventory, pool } = clients();
    for (const page of [1, 2]) {
      const { body, headers } = d.page('product', products.slice((page - 1) * 2, page * 2), page, 2, 3);
      reply(pool, 'GET', withQuery('/products', page), body, headers);
    }
    const pages: unknown[][] = [];
    for await (const page of inventory.productPages({}, { pageSize: 2 })) pages.push(page);
    expect(pages.map((p) => p.length)).toEqual([2, 1]);
    expect(plain(pages.flat())).toEqual(productViews);
    // Machine formats print the service's records as sent, every page.
    const sentPages = [1, 2].map(
      (page) => d.page('product', products.slice((page - 1) * 2, page * 2), page, 2, 3).body,
    );
    expect(pages.flat().map(sourceOf)).toEqual(sentPages.flatMap(itemsOf));

    reply(pool, 'GET', '/products/1001', d.record('product', products[0]!));
    const one = await inventory.getProduct(1001);
    expect(plain(one)).toEqual(productViews[0]);
    expect(sourceOf(one)).toEqual(unwrap(d.record('product', products[0]!)));
  });

  it('reads stock levels through any paging, and levelsFor gives the quantities the service said', async () => {
    const { inventory, pool } = clients();
    for (const page of [1, 2]) {
      const { body, headers } = d.page('level', levels.slice((page - 1) * 2, page * 2), page, 2, 3);
      reply(pool, 'GET', withQuery('/stock-levels', page), body, headers);
    }
    const all: unknown[] = [];
    for await (const page of inventory.stockLevelPages({ warehouseId: 1 }, { pageSize: 2 })) all.push(...page);
    expect(plain(all)).toEqual(levels);

    const { body, headers } = d.page('level', levels, 1, 200, 3);
    reply(pool, 'GET', withQuery('/stock-levels', 1), body, headers);
    expect(await inventory.levelsFor(1, [1001, 1002, 1003])).toEqual(
      new Map([
        [1001, 42],
        [1002, 0],
        [1003, 7],
      ]),
    );
  });

  it('reads health, reference lists, and the answers to writes', async () => {
    const { inventory, webhooks, pool } = clients();
    reply(pool, 'GET', '/health', d.record('health', health));
    expect(plain((await inventory.health()).view)).toEqual(health);
    reply(pool, 'GET', '/categories', d.list('category', categories));
    expect(plain(await inventory.categories())).toEqual(categories);
    reply(pool, 'GET', (p) => p.startsWith('/warehouses'), d.list('warehouse', warehouses));
    expect(plain(await inventory.warehouses())).toEqual(warehouses);
    reply(pool, 'POST', '/suppliers', d.record('supplier', supplier), {}, 201);
    expect(plain(await inventory.createSupplier({}))).toEqual(supplier);
    reply(pool, 'POST', '/stock-receipts', d.record('receipt', receipt), {}, 201);
    expect(plain(await inventory.receiveStock({}))).toEqual({
      receiptId: '77',
      items: [{ productId: 1001, quantity: 5, newQuantity: 47 }],
      createdAt: '2026-11-22T14:03:00Z',
    });
    reply(pool, 'POST', '/stock-adjustments', d.record('adjustment', adjustment), {}, 201);
    expect(plain(await inventory.adjustStock({}))).toEqual({ ...adjustment, adjustmentId: '9' });
    reply(pool, 'POST', '/stock-takes', d.record('stockTake', stockTake), {}, 201);
    const take = await inventory.stockTake({});
    expect(plain(take)).toEqual({ ...stockTake, stockTakeId: '5' });
    expect(sourceOf(take.items![0])).toEqual(itemsOf(unwrap(d.record('stockTake', stockTake)))[0]);
    reply(pool, 'GET', '/webhooks', d.list('subscriber', subscribers));
    expect(plain(await webhooks.list())).toEqual(subscribers);
  });

  it('reads the error codes (insufficient_stock) and 404s of every error shape', async () => {
    const { inventory, pool } = clients();
    const refusal = d.error(422, 'insufficient_stock', 'stock would go below zero');
    reply(pool, 'POST', '/stock-adjustments', refusal.body, refusal.headers, 422);
    const error = await inventory.adjustStock({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(inventoryErrors.meaning(error, 'adjustStock')).toBe('insufficient-stock');
    expect((error as ApiError).exitCode).toBe(5);
    expect((error as ApiError).message).toContain('stock would go below zero');
    const missing = d.error(404, 'not_found', 'no such product');
    reply(pool, 'GET', '/products/999', missing.body, missing.headers, 404);
    const notFound = await inventory.getProduct(999).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect((notFound as NotFoundError).message).toMatch(/^product 999 does not exist \(.*no such product\)$/);
  });
});

/** The record inside an envelope, as the reading layer unwraps it. */
function unwrap(body: unknown): unknown {
  return body && typeof body === 'object' && !Array.isArray(body) && 'data' in body && 'meta' in body
    ? (body as Rec).data
    : body;
}
/** The items of a page or record as sent: a bare array, or under items/Items/data. */
function itemsOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const record = body as Rec;
  return (record.items ?? record.Items ?? record.data) as unknown[];
}

describe('paging the service does not describe', () => {
  it('walks on while pages come back full and stops at a short one', async () => {
    const { inventory, pool } = clients();
    pool
      .intercept({ path: withQuery('/products', 1), method: 'GET' })
      .reply(200, products.slice(0, 2), { headers: json });
    pool.intercept({ path: withQuery('/products', 2), method: 'GET' }).reply(200, products.slice(2), { headers: json });
    const all: unknown[] = [];
    for await (const page of inventory.productPages({}, { pageSize: 2 })) all.push(...page);
    expect(plain(all)).toEqual(productViews);
  });

  it('counts pages by the size the service keeps when it answers fewer than asked', async () => {
    const { inventory, pool } = clients();
    for (const page of [1, 2, 3]) {
      pool
        .intercept({ path: withQuery('/products', page), method: 'GET' })
        .reply(200, products.slice(page - 1, page), { headers: { ...json, 'x-total-count': '3' } });
    }
    const all: unknown[] = [];
    for await (const page of inventory.productPages({}, { pageSize: 200 })) all.push(...page);
    expect(plain(all).map((p: Rec) => p.productId)).toEqual([1001, 1002, 1003]);
  });

  it('stops when the service ignores paging and sends more than asked', async () => {
    const { inventory, pool } = clients();
    pool.intercept({ path: withQuery('/products', 1), method: 'GET' }).reply(200, products, { headers: json });
    const all: unknown[] = [];
    for await (const page of inventory.productPages({}, { pageSize: 2 })) all.push(...page);
    expect(all).toHaveLength(3);
  });
});

describe('hostile 2xx answers are unreadable (exit 6), never blanks or 0', () => {
  const hostile: Array<[string, unknown, Record<string, string>]> = [
    ['an HTML page', '<!doctype html><html><body>Login</body></html>', { 'content-type': 'text/html' }],
    ['an empty body', '', json],
    ['text that is not JSON', '{"productId": 1001,', json],
    ['a list where a record is due', [products[0]], json],
    ['an id that is not a number', { productId: 'abc', productName: 'x' }, json],
    ['no product id', { productName: 'Gummy Bears 100g' }, json],
    ['no product name', { productId: 1001 }, json],
  ];
  it.each(hostile)('a product answer that is %s', async (_what, body, headers) => {
    const { inventory, pool } = clients();
    pool.intercept({ path: '/products/1001', method: 'GET' }).reply(200, body as object, { headers });
    const error = await inventory.getProduct(1001).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect((error as UnreadableAnswerError).exitCode).toBe(6);
  });

  it('a stock level without a readable quantity (stock adjust once took it as 0)', async () => {
    const { inventory, pool } = clients();
    pool
      .intercept({ path: withQuery('/stock-levels', 1), method: 'GET' })
      .reply(200, { items: [{ productId: 1001, warehouseId: 1, reserved: 3 }] }, { headers: json });
    const error = await inventory.levelsFor(1, [1001]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect((error as Error).message).toContain('quantity');
  });

  it('a record where a list is due, a nameless health answer, a subscriber without an id', async () => {
    const { inventory, webhooks, pool } = clients();
    pool.intercept({ path: '/categories', method: 'GET' }).reply(200, { status: 'ok' }, { headers: json });
    await expect(inventory.categories()).rejects.toBeInstanceOf(UnreadableAnswerError);
    pool.intercept({ path: '/health', method: 'GET' }).reply(200, { uptime: 5 }, { headers: json });
    await expect(inventory.health()).rejects.toBeInstanceOf(UnreadableAnswerError);
    pool
      .intercept({ path: '/webhooks', method: 'POST' })
      .reply(201, { url: 'https://erp.example.com/hooks' }, { headers: json });
    await expect(
      webhooks.create({ url: 'https://erp.example.com/hooks', secret: 's'.repeat(16), eventTypes: ['stock.received'] }),
    ).rejects.toBeInstanceOf(UnreadableAnswerError);
  });

  it('a subscriber answer that echoes the secret never prints it', async () => {
    const { webhooks, pool } = clients();
    pool
      .intercept({ path: '/webhooks', method: 'GET' })
      .reply(200, [{ ...subscribers[0], secret: 'echoed-secret-0000' }], { headers: json });
    const [subscriber] = await webhooks.list();
    expect(JSON.stringify(sourceOf(subscriber))).not.toContain('echoed-secret');
    expect(JSON.stringify(subscriber)).not.toContain('echoed-secret');
  });
});

describe('the route map is what goes on the wire', () => {
  const routes = InventoryRouteMap.fromSettings((key) => {
    const set: Record<string, string> = {
      'inventory.basePath': '/api/v2',
      'inventory.auth': 'header:X-Api-Token',
      'inventory.routes.getProduct': 'GET /catalogue/items/{productId}',
      'inventory.routes.listProducts': 'GET /catalogue/items',
      'inventory.routes.receiveStock': 'PUT /stock/receipts',
      'inventory.routes.stockLevels': 'GET /stock/on-hand',
      'inventory.routes.health': 'GET /status',
      'inventory.routes.listWebhooks': 'GET /hooks',
      'inventory.routes.deleteWebhook': 'POST /hooks/{webhookId}/delete',
    };
    return set[key] ? { value: set[key], source: 'profile' } : undefined;
  });

  it('sends each operation to its route under the base path, with the token in the named header', async () => {
    const { inventory, webhooks, pool } = clients(routes, {
      name: routes.auth.type === 'header' ? routes.auth.name : 'authorization',
      prefix: '',
    });
    pool
      .intercept({ path: '/api/v2/catalogue/items/1001', method: 'GET', headers: { 'x-api-token': 'jwt' } })
      .reply(200, products[0]!, { headers: json });
    expect((await inventory.getProduct(1001)).productId).toBe(1001);
    pool
      .intercept({ path: withQuery('/api/v2/catalogue/items', 1), method: 'GET' })
      .reply(200, { items: [products[1]], totalItems: 1 }, { headers: json });
    expect((await inventory.listProducts()).items.map((p) => p.productId)).toEqual([1002]);
    pool.intercept({ path: '/api/v2/stock/receipts', method: 'PUT' }).reply(201, receipt, { headers: json });
    expect((await inventory.receiveStock({ warehouseId: 1 })).receiptId).toBe('77');
    pool
      .intercept({ path: withQuery('/api/v2/stock/on-hand', 1), method: 'GET' })
      .reply(200, [levels[0]], { headers: json });
    expect(await inventory.levelsFor(1, [1001])).toEqual(new Map([[1001, 42]]));
    pool.intercept({ path: '/api/v2/status', method: 'GET' }).reply(200, health, { headers: json });
    expect((await inventory.health()).view.status).toBe('ok');
    pool.intercept({ path: '/api/v2/hooks', method: 'GET' }).reply(200, subscribers, { headers: json });
    expect(await webhooks.list()).toHaveLength(1);
    pool.intercept({ path: `/api/v2/hooks/${subscribers[0]!.id}/delete`, method: 'POST' }).reply(204, '');
    await webhooks.delete(subscribers[0]!.id as string);
    // Routes left unset keep venue's layout, under the base path.
    pool.intercept({ path: '/api/v2/categories', method: 'GET' }).reply(200, categories, { headers: json });
    expect(await inventory.categories()).toHaveLength(2);
  });

  it("sends a route's per-venue headers on that route's calls (inventory and webhooks), and on no other", async () => {
    const hotel = InventoryRouteMap.fromSettings((key) => {
      const set: Record<string, string> = {
        'inventory.routes.getProduct': 'GET /items/{id} x-hotelid:{x-hotelid}',
        'inventory.routes.listWebhooks': 'GET /hooks x-hotelid:{x-hotelid}',
        'inventory.pathVars': 'x-hotelid=NSH01',
      };
      return set[key] ? { value: set[key], source: 'profile' } : undefined;
    });
    const { inventory, webhooks, pool } = clients(hotel);
    pool
      .intercept({ path: '/items/1001', method: 'GET', headers: { 'x-hotelid': 'NSH01' } })
      .reply(200, products[0]!, { headers: json });
    expect((await inventory.getProduct(1001)).productId).toBe(1001);
    pool
      .intercept({ path: '/hooks', method: 'GET', headers: { 'x-hotelid': 'NSH01' } })
      .reply(200, subscribers, { headers: json });
    expect(await webhooks.list()).toHaveLength(1);
    pool
      .intercept({ path: '/categories', method: 'GET', headers: (h) => !('x-hotelid' in h) })
      .reply(200, categories, { headers: json });
    expect(await inventory.categories()).toHaveLength(2);
  });

  it('never sends an empty id', async () => {
    const { webhooks } = clients(routes);
    await expect(webhooks.delete('')).rejects.toBeInstanceOf(UsageError);
    await expect(webhooks.update('', { url: 'https://x.example.com' })).rejects.toBeInstanceOf(UsageError);
  });
});
