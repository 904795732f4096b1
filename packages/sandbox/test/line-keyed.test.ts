// Stock writes keyed by a product in the path (a layout route of stockTake,
// receiveStock or adjustStock naming {productId} or {warehouseId}): the
// layout's checks, the flat body made the canonical request and checked as
// venue's is (its errors named as the flat body names them), the stock
// moved, in every dialect, and the published document's path parameters and
// flat request schemas.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, demoCredentials, DIALECT_NAMES, type DialectName, type Sandbox } from '../src/index.js';
import { pascalCase } from '../src/dialects/core.js';
import { flatFieldName, unflattenBody } from '../src/line-keyed.js';
import { publishedInventoryDocument, readOpenApiDocument } from '../src/openapi-publish.js';
import { canonicalOperations, createLayoutRewriter, loadRouteLayout, parseRouteLayout } from '../src/routes.js';

const exampleFile = path.resolve(__dirname, '../examples/inventory-routes-line-keyed.json');
const operations = canonicalOperations(readOpenApiDocument('inventory'));
const parse = (value: unknown) => parseRouteLayout(value, operations, 'routes.json:');

describe('a line-keyed route in a routes file', () => {
  it('the example: each stock write with its path fields, in the vendor’s words', () => {
    const layout = loadRouteLayout(exampleFile);
    const flat = (id: string) => layout.routes.find((r) => r.operationId === id)!.flat;
    expect(flat('stockTake')).toMatchObject({
      pathFields: [{ name: 'id', field: 'productId' }],
      names: { productId: 'id', countedQuantity: 'quantity' },
      shape: { lines: 'items', line: ['productId', 'countedQuantity'] },
    });
    expect(flat('receiveStock')!.pathFields).toEqual([
      { name: 'warehouseId', field: 'warehouseId' },
      { name: 'id', field: 'productId' },
    ]);
    expect(flat('adjustStock')).toMatchObject({ pathFields: [{ name: 'id', field: 'productId' }] });
    expect(flat('adjustStock')!.shape.lines).toBeUndefined();
    expect(flat('listProducts')).toBeUndefined();
    // Without request names the path names the field as venue does.
    expect(
      parse({ operations: { stockTake: 'PUT /products/{productId}/stock' } }).routes.find(
        (r) => r.operationId === 'stockTake',
      )!.flat!.pathFields,
    ).toEqual([{ name: 'productId', field: 'productId' }]);
  });

  it('a path parameter naming no field it may carry, request names where no flat body is, and clashing words are errors', () => {
    expect(() => parse({ operations: { stockTake: 'PUT /products/{sku}/stock' } })).toThrow(
      /operations\.stockTake: stockTake takes no path parameter but the fields it may key by \(\{productId\}, \{warehouseId\}\), and \/products\/\{sku\}\/stock has \{sku\}/,
    );
    // Named otherwise by requestNames, venue's name no longer binds it.
    expect(() =>
      parse({
        operations: { stockTake: 'PUT /products/{productId}/stock' },
        requestNames: { stockTake: { productId: 'id' } },
      }),
    ).toThrow(/stockTake takes no path parameter but the fields it may key by \(\{id\}, \{warehouseId\}\)/);
    expect(() => parse({ operations: { listProducts: 'GET /x/{productId}' } })).toThrow(
      /listProducts takes no path parameter/,
    );
    expect(() => parse({ requestNames: { createProduct: { productName: 'title' } } })).toThrow(
      /requestNames\.createProduct: only the stock writes/,
    );
    expect(() =>
      parse({ operations: { stockTake: 'POST /Stock/Take' }, requestNames: { stockTake: { userId: 'user' } } }),
    ).toThrow(/requestNames\.stockTake: only a stock write whose route keys it/);
    expect(() =>
      parse({ operations: { stockTake: 'PUT /p/{productId}/stock' }, requestNames: { stockTake: { items: 'lines' } } }),
    ).toThrow(/requestNames\.stockTake\.items: not a field of its flat body/);
    expect(() =>
      parse({
        operations: { receiveStock: 'POST /p/{productId}/receipts' },
        requestNames: { receiveStock: { value: 'quantity' } },
      }),
    ).toThrow(/requestNames\.receiveStock: quantity names two fields/);
    expect(() =>
      parse({
        operations: { stockTake: 'PUT /p/{productId}/stock' },
        requestNames: { stockTake: { countedQuantity: 'counted qty' } },
      }),
    ).toThrow(/requestNames\.stockTake\.countedQuantity must name a field/);
  });

  it('the query may carry them too, named by venue’s field after the vendor’s name (an RPC-style vendor)', () => {
    const layout = parse({ operations: { stockTake: 'POST /stock/count?sku={productId}' } });
    expect(layout.routes.find((r) => r.operationId === 'stockTake')!.flat).toMatchObject({
      pathFields: [],
      queryFields: [{ name: 'sku', field: 'productId' }],
    });
    expect(() => parse({ operations: { stockTake: 'POST /stock/count?user={userId}' } })).toThrow(
      /operations\.stockTake: after "\?" a route takes only name=\{parameter\} pairs naming stockTake's own path parameters or the fields it may be keyed by \(\{productId\}, \{warehouseId\}\)/,
    );
    expect(() => parse({ operations: { stockTake: 'POST /p/{productId}/count?sku={productId}' } })).toThrow(
      /\{productId\} is both in the path and in the query/,
    );
    const rewrite = createLayoutRewriter(layout);
    expect(rewrite('POST', '/inventory/stock/count?x=1&sku=1001')).toMatchObject({
      url: '/inventory/stock-takes?x=1',
      fields: ['1001'],
    });
    expect(rewrite('POST', '/inventory/stock/count')).toMatchObject({ kind: 'refused', parameter: 'sku' });
    expect(rewrite('POST', '/inventory/stock/count?sku=')).toMatchObject({ kind: 'refused', parameter: 'sku' });
    const published = publishedInventoryDocument('http://127.0.0.1:9', layout).paths['/stock/count']!.post!;
    expect(published.parameters).toEqual([
      {
        name: 'sku',
        in: 'query',
        required: true,
        description: 'The product identifier',
        schema: { type: 'integer', minimum: 1 },
      },
    ]);
  });

  it('the rewrite serves the canonical route with the path fields’ values', () => {
    const rewrite = createLayoutRewriter(loadRouteLayout(exampleFile));
    expect(rewrite('POST', '/inventory/api/warehouses/2/products/1001/receipts')).toMatchObject({
      kind: 'route',
      method: 'POST',
      url: '/inventory/stock-receipts',
      fields: ['2', '1001'],
    });
    expect(rewrite('PUT', '/inventory/api/products/1001/stock?x=1')).toMatchObject({
      url: '/inventory/stock-takes?x=1',
      fields: ['1001'],
    });
    expect(rewrite('POST', '/inventory/api/products/1001/stock')).toEqual({ kind: 'not-served' });
  });

  it('beside a path variable, only the fields are the route’s values', () => {
    const rewrite = createLayoutRewriter(
      parse({
        pathVars: { tenant: 'north-shore' },
        operations: { stockTake: 'PUT /{tenant}/warehouses/{warehouseId}/products/{productId}/count' },
      }),
    );
    expect(rewrite('PUT', '/inventory/north-shore/warehouses/3/products/1001/count')).toMatchObject({
      url: '/inventory/stock-takes',
      fields: ['3', '1001'],
    });
    expect(rewrite('PUT', '/inventory/south/warehouses/3/products/1001/count')).toEqual({ kind: 'not-served' });
  });
});

describe('the flat body', () => {
  const layout = loadRouteLayout(exampleFile);
  const flat = (id: string) => layout.routes.find((r) => r.operationId === id)!.flat!;

  it('becomes the canonical request: the operation’s fields at the top, the line’s in the one line, the path’s in place', () => {
    expect(
      unflattenBody({ warehouseId: 1, userId: 2, quantity: 7, comment: 'c' }, flat('stockTake'), ['1001']),
    ).toEqual({ body: { warehouseId: 1, userId: 2, comment: 'c', items: [{ countedQuantity: 7, productId: 1001 }] } });
    expect(
      unflattenBody({ userId: 1, quantity: 3, value: 4.5, invoice: 'I' }, flat('receiveStock'), ['2', '1001']),
    ).toEqual({
      body: { userId: 1, invoice: 'I', warehouseId: 2, items: [{ quantity: 3, value: 4.5, productId: 1001 }] },
    });
    expect(
      unflattenBody({ warehouseId: 1, adjustmentQuantity: -2, userId: 1, comment: 'x' }, flat('adjustStock'), ['9']),
    ).toEqual({ body: { warehouseId: 1, adjustmentQuantity: -2, userId: 1, comment: 'x', productId: 9 } });
    // A path segment that is no whole number stays text, for the contract to refuse.
    expect(unflattenBody(undefined, flat('adjustStock'), ['abc'])).toEqual({ body: { productId: 'abc' } });
  });

  it('a key that is no field of the flat body is unknown: venue’s name of a renamed field, the path’s field, the line list', () => {
    expect(unflattenBody({ countedQuantity: 1, id: 3, items: [], productId: 4 }, flat('stockTake'), ['1001'])).toEqual({
      unknown: ['countedQuantity', 'id', 'items', 'productId'],
    });
    // The pascal dialect binds names ignoring case, as its vendor does.
    expect(unflattenBody({ Quantity: 1 }, flat('stockTake'), ['1'], true)).toEqual({
      body: { items: [{ countedQuantity: 1, productId: 1 }] },
    });
    expect(unflattenBody({ Quantity: 1 }, flat('stockTake'), ['1'])).toEqual({ unknown: ['Quantity'] });
  });

  it('an error of the canonical request names the field as the flat body or the path does', () => {
    expect(flatFieldName(flat('stockTake'), 'items[0].countedQuantity')).toBe('quantity');
    expect(flatFieldName(flat('stockTake'), 'items[0].productId')).toBe('id');
    expect(flatFieldName(flat('stockTake'), 'warehouseId')).toBe('warehouseId');
    expect(flatFieldName(flat('receiveStock'), 'warehouseId')).toBe('warehouseId');
    expect(flatFieldName(flat('adjustStock'), 'productId')).toBe('id');
    expect(flatFieldName(flat('stockTake'), 'body')).toBe('body');
  });
});

describe('the published document', () => {
  it('declares the path fields as path parameters and the flat request schema, in the vendor’s words', () => {
    const document = publishedInventoryDocument('http://127.0.0.1:9', loadRouteLayout(exampleFile));
    const take = document.paths['/products/{id}/stock']!.put!;
    expect(take.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'The product identifier',
        schema: { type: 'integer', minimum: 1 },
      },
    ]);
    expect(
      (take.requestBody as { content: Record<string, { schema: unknown }> }).content['application/json']!.schema,
    ).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['warehouseId', 'userId', 'quantity'],
      properties: {
        warehouseId: { type: 'integer', minimum: 1 },
        userId: { type: 'integer', minimum: 1 },
        comment: { type: 'string', maxLength: 200 },
        quantity: { type: 'integer', minimum: 0 },
      },
    });
    const receive = document.paths['/warehouses/{warehouseId}/products/{id}/receipts']!.post!;
    expect(receive.parameters!.map((p) => [p.name, p.in])).toEqual([
      ['warehouseId', 'path'],
      ['id', 'path'],
    ]);
    const receiveSchema = (receive.requestBody as { content: Record<string, { schema: Record<string, unknown> }> })
      .content['application/json']!.schema;
    expect(Object.keys(receiveSchema.properties as object)).toEqual([
      'userId',
      'supplierId',
      'poNumber',
      'invoice',
      'comment',
      'quantity',
      'value',
    ]);
    expect(receiveSchema.required).toEqual(['userId', 'quantity']);
    const adjust = document.paths['/products/{id}/adjustments']!.post!;
    const adjustSchema = (adjust.requestBody as { content: Record<string, { schema: Record<string, unknown> }> })
      .content['application/json']!.schema;
    expect(adjustSchema.required).toEqual(['warehouseId', 'adjustmentQuantity', 'userId', 'comment']);
    expect(adjustSchema.properties).not.toHaveProperty('productId');
    // Answers stay the operation's record.
    expect(JSON.stringify(take.responses)).toContain('#/components/schemas/StockTake"');
    // venue's request schemas they replace are not published: the vendor never had them.
    const schemas = document.components!.schemas as Record<string, unknown>;
    for (const name of ['StockTakeRequest', 'StockReceiptRequest', 'StockAdjustmentRequest'])
      expect(schemas).not.toHaveProperty(name);
    expect(schemas).toHaveProperty('StockTake');
    expect(publishedInventoryDocument('http://127.0.0.1:9').components!.schemas).toHaveProperty('StockTakeRequest');
  });

  it('in the pascal dialect the flat schema’s properties are PascalCase, as its vendor binds them', () => {
    const document = publishedInventoryDocument('http://127.0.0.1:9', loadRouteLayout(exampleFile), 'pascal');
    const take = document.paths['/products/{id}/stock']!.put!;
    const schema = (take.requestBody as { content: Record<string, { schema: Record<string, unknown> }> }).content[
      'application/json'
    ]!.schema;
    expect(schema.required).toEqual(['WarehouseId', 'UserId', 'Quantity']);
  });
});

describe.each(DIALECT_NAMES as readonly DialectName[])('served in the %s dialect', (dialect) => {
  let sandbox: Sandbox;
  let origin: string;
  let token: string;
  // What a client of this vendor sends: its published document's names (PascalCase in the pascal dialect).
  const named = (body: Record<string, unknown>) =>
    dialect === 'pascal' ? Object.fromEntries(Object.entries(body).map(([k, v]) => [pascalCase(k), v])) : body;
  const send = (method: string, route: string, body: Record<string, unknown>, key?: string) =>
    fetch(`${origin}/inventory/api${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(named(body)),
    });
  const inventoryState = async () =>
    (await (await fetch(`${origin}/_sandbox/inventory/state`)).json()) as {
      products: Array<{ productId: number; stock: Record<string, number> }>;
      movements: Array<{ kind: string; idempotencyKey?: string | null }>;
    };
  const stockOf = async (productId: number, warehouseId: number) =>
    (await inventoryState()).products.find((p) => p.productId === productId)!.stock[String(warehouseId)] ?? 0;

  beforeAll(async () => {
    sandbox = createSandbox({ dialect, routes: exampleFile });
    origin = await sandbox.start();
    const response = await fetch(`${origin}/inventory/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        named({ apiKey: demoCredentials['inventory.apiKey'], apiSecret: demoCredentials['inventory.apiSecret'] }),
      ),
    });
    expect(response.status).toBe(200);
    const answer = JSON.stringify(await response.json());
    token = /"(eyJ[^"]+)"/.exec(answer)![1]!;
  });
  afterAll(() => sandbox.stop());

  it('PUT a count to a product’s stock sets it, and answers the stock take', async () => {
    const response = await send('PUT', '/products/1001/stock', { warehouseId: 1, userId: 1, quantity: 17 }, 'k-take');
    expect(response.status).toBe(201);
    expect((await response.text()).toLowerCase()).toContain('variance');
    expect(await stockOf(1001, 1)).toBe(17);
    const movement = (await inventoryState()).movements.at(-1)!;
    expect(movement).toMatchObject({ idempotencyKey: 'k-take' });
  });

  it('POST a receipt to a product in a warehouse adds to it', async () => {
    const before = await stockOf(1002, 2);
    const response = await send('POST', '/warehouses/2/products/1002/receipts', {
      userId: 1,
      quantity: 5,
      value: 10,
      invoice: 'INV-1',
    });
    expect(response.status).toBe(201);
    expect(await stockOf(1002, 2)).toBe(before + 5);
  });

  it('POST an adjustment to a product moves it by that much', async () => {
    const before = await stockOf(1003, 1);
    const response = await send('POST', '/products/1003/adjustments', {
      warehouseId: 1,
      adjustmentQuantity: 2,
      userId: 1,
      comment: 'found',
    });
    expect(response.status).toBe(201);
    expect(await stockOf(1003, 1)).toBe(before + 2);
  });

  it('the flat body is checked by the contract’s rules, each refusal naming the field as the flat body does; nothing moves', async () => {
    const before = await stockOf(1004, 1);
    const refusals: Array<[string, string, Record<string, unknown>, string]> = [
      ['PUT', '/products/1004/stock', { warehouseId: 1, userId: 1 }, 'quantity'],
      ['PUT', '/products/1004/stock', { warehouseId: 1, userId: 1, quantity: -1 }, 'quantity'],
      ['PUT', '/products/1004/stock', { warehouseId: 1, userId: 1, countedQuantity: 3 }, 'countedQuantity'],
      ['PUT', '/products/abc/stock', { warehouseId: 1, userId: 1, quantity: 3 }, 'id'],
      ['PUT', '/products/1004/stock', { warehouseId: 1, userId: 1, quantity: 3, productId: 1004 }, 'productId'],
      ['POST', '/warehouses/1/products/1004/receipts', { userId: 1, quantity: 0 }, 'quantity'],
      [
        'POST',
        '/products/1004/adjustments',
        { warehouseId: 1, adjustmentQuantity: 0, userId: 1, comment: 'x' },
        'adjustmentQuantity',
      ],
      ['POST', '/products/1004/adjustments', { warehouseId: 1, adjustmentQuantity: 1, userId: 1 }, 'comment'],
    ];
    for (const [method, route, body, field] of refusals) {
      const response = await send(method, route, body);
      const text = await response.text();
      expect([response.status, route, text]).toEqual([400, route, expect.stringMatching(new RegExp(field, 'i'))]);
      // The canonical request's names never reach the client: no line list, no venue name of a renamed field.
      expect(text).not.toMatch(/items/i);
      if (field !== 'countedQuantity') expect(text).not.toMatch(/countedQuantity/i);
    }
    expect(await stockOf(1004, 1)).toBe(before);
  });

  it('the request log keeps the flat body as the client sent it', async () => {
    const { requests: log } = (await (await fetch(`${origin}/_sandbox/requests`)).json()) as {
      requests: Array<{ url: string; body: unknown }>;
    };
    const sent = log.find((entry) => entry.url.endsWith('/products/1001/stock'))!;
    expect(sent.body).toEqual(named({ warehouseId: 1, userId: 1, quantity: 17 }));
  });

  it('a request without a valid token hears that first, whatever its body', async () => {
    const response = await fetch(`${origin}/inventory/api/products/1004/stock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [] }),
    });
    expect(response.status).toBe(401);
  });

  it('a product in the query: counted as from the path, its refusals naming the query parameter', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-sandbox-line-keyed-'));
    const file = path.join(dir, 'routes.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        basePath: '/api',
        operations: { stockTake: 'POST /stock/count?sku={productId}' },
        requestNames: { stockTake: { countedQuantity: 'qty' } },
      }),
    );
    const rpc = createSandbox({ dialect, routes: file });
    const at = await rpc.start();
    let rpcToken = '';
    try {
      const post = (query: string, body: Record<string, unknown>) =>
        fetch(`${at}/inventory/api/stock/count${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${rpcToken}` },
          body: JSON.stringify(named(body)),
        });
      // The token of the other sandbox is refused here (another signing key): take this one's.
      const login = await fetch(`${at}/inventory/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          named({ apiKey: demoCredentials['inventory.apiKey'], apiSecret: demoCredentials['inventory.apiSecret'] }),
        ),
      });
      rpcToken = /"(eyJ[^"]+)"/.exec(JSON.stringify(await login.json()))![1]!;
      expect((await post('?sku=1005', { warehouseId: 2, userId: 1, qty: 9 })).status).toBe(201);
      const state = (await (await fetch(`${at}/_sandbox/inventory/state`)).json()) as {
        products: Array<{ productId: number; stock: Record<string, number> }>;
      };
      expect(state.products.find((p) => p.productId === 1005)!.stock['2']).toBe(9);
      const missing = await post('', { warehouseId: 2, userId: 1, qty: 9 });
      expect([missing.status, await missing.text()]).toEqual([400, expect.stringMatching(/sku/)]);
      const notNumber = await post('?sku=abc', { warehouseId: 2, userId: 1, qty: 9 });
      expect([notNumber.status, await notNumber.text()]).toEqual([400, expect.stringMatching(/sku must be/)]);
    } finally {
      await rpc.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an unknown product in the path is the operation’s 404', async () => {
    const response = await send('PUT', '/products/999999/stock', { warehouseId: 1, userId: 1, quantity: 1 });
    expect(response.status).toBe(404);
  });
});
