// Stock writes one product per call with the product in the body (a layout's
// perLine, examples/inventory-routes-per-line.json): the layout's checks, the
// flat record made the canonical request and checked as venue's is (a body
// with lines, or without the product, a 400 naming the field as the vendor
// does), the stock moved, in every dialect, and the published document's flat
// request schemas holding the product.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, demoCredentials, DIALECT_NAMES, type DialectName, type Sandbox } from '../src/index.js';
import { pascalCase } from '../src/dialects/core.js';
import { unflattenBody } from '../src/line-keyed.js';
import { publishedInventoryDocument, readOpenApiDocument } from '../src/openapi-publish.js';
import { canonicalOperations, createLayoutRewriter, loadRouteLayout, parseRouteLayout } from '../src/routes.js';

const exampleFile = path.resolve(__dirname, '../examples/inventory-routes-per-line.json');
const operations = canonicalOperations(readOpenApiDocument('inventory'));
const parse = (value: unknown) => parseRouteLayout(value, operations, 'routes.json:');

type Schema = { required?: string[]; properties: Record<string, unknown>; additionalProperties?: boolean };
const requestSchema = (operation: Record<string, unknown>) =>
  (operation.requestBody as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema;

describe('perLine in a routes file', () => {
  it('the example: each stock write a flat body keyed by nothing, in the vendor’s words', () => {
    const layout = loadRouteLayout(exampleFile);
    expect(layout.perLine).toEqual(['stockTake', 'receiveStock', 'adjustStock']);
    const flat = (id: string) => layout.routes.find((r) => r.operationId === id)!.flat;
    expect(flat('stockTake')).toMatchObject({
      pathFields: [],
      queryFields: [],
      names: { productId: 'variant_id', countedQuantity: 'on_hand' },
      shape: { lines: 'items' },
    });
    expect(flat('adjustStock')).toMatchObject({
      pathFields: [],
      names: { productId: 'sku', adjustmentQuantity: 'delta' },
    });
    expect(flat('listProducts')).toBeUndefined();
  });

  it('an operation that is no stock write, one not listed, one keyed by {productId} in its path, and a repeat are errors', () => {
    expect(() => parse({ perLine: ['createProduct'], operations: { createProduct: 'POST /p' } })).toThrow(
      /perLine: createProduct cannot be served one product per call \(only stockTake, receiveStock, adjustStock\)/,
    );
    expect(() => parse({ perLine: ['stockTake'] })).toThrow(/perLine: stockTake must be listed in operations/);
    expect(() =>
      parse({ perLine: ['stockTake'], operations: { stockTake: 'PUT /products/{productId}/stock' } }),
    ).toThrow(/stockTake is listed in perLine \(the product in the body\), but its route carries \{productId\}/);
    expect(() => parse({ perLine: ['stockTake', 'stockTake'], operations: { stockTake: 'POST /levels/set' } })).toThrow(
      /perLine repeats an operation/,
    );
    expect(() => parse({ perLine: 'stockTake', operations: { stockTake: 'POST /levels/set' } })).toThrow(
      /perLine must be a list of operationIds/,
    );
    // A warehouse in the path beside the product in the body is one product per call still.
    const mixed = parse({
      perLine: ['receiveStock'],
      operations: { receiveStock: 'POST /warehouses/{warehouseId}/receive' },
    });
    expect(mixed.routes.find((r) => r.operationId === 'receiveStock')!.flat!.pathFields).toEqual([
      { name: 'warehouseId', field: 'warehouseId' },
    ]);
  });

  it('the rewrite serves the canonical route, no path values', () => {
    const rewrite = createLayoutRewriter(loadRouteLayout(exampleFile));
    expect(rewrite('POST', '/inventory/api/inventory_levels/set')).toMatchObject({
      kind: 'route',
      url: '/inventory/stock-takes',
      fields: [],
    });
  });

  it('the flat record becomes the canonical request with its product in the one line; lines are unknown', () => {
    const flat = loadRouteLayout(exampleFile).routes.find((r) => r.operationId === 'stockTake')!.flat!;
    expect(unflattenBody({ warehouse_id: 1, userId: 2, variant_id: 1001, on_hand: 7, reason: 'c' }, flat, [])).toEqual({
      body: { warehouseId: 1, userId: 2, comment: 'c', items: [{ productId: 1001, countedQuantity: 7 }] },
    });
    expect(unflattenBody({ items: [{ variant_id: 1 }] }, flat, [])).toEqual({ unknown: ['items'] });
  });
});

describe('the published document', () => {
  it('declares each flat request schema with the product in it, in the vendor’s words, and no parameters', () => {
    const document = publishedInventoryDocument('http://127.0.0.1:9', loadRouteLayout(exampleFile));
    const take = document.paths['/inventory_levels/set']!.post!;
    expect(take.parameters ?? []).toEqual([]);
    expect(requestSchema(take)).toMatchObject({
      additionalProperties: false,
      required: ['warehouse_id', 'userId', 'variant_id', 'on_hand'],
    });
    expect(Object.keys(requestSchema(take).properties)).toEqual([
      'warehouse_id',
      'userId',
      'reason',
      'variant_id',
      'on_hand',
    ]);
    const receive = requestSchema(document.paths['/inventory/receive']!.post!);
    expect(receive.required).toEqual(['warehouse_id', 'userId', 'item_id', 'quantity_received']);
    const adjust = requestSchema(document.paths['/stock/adjust']!.post!);
    expect(adjust.required).toEqual(['warehouseId', 'sku', 'delta', 'userId', 'comment']);
    expect(adjust.properties).not.toHaveProperty('productId');
  });
});

describe.each(DIALECT_NAMES as readonly DialectName[])('served in the %s dialect', (dialect) => {
  let sandbox: Sandbox;
  let origin: string;
  let token: string;
  const named = (body: Record<string, unknown>) =>
    dialect === 'pascal' ? Object.fromEntries(Object.entries(body).map(([k, v]) => [pascalCase(k), v])) : body;
  const send = (route: string, body: unknown) =>
    fetch(`${origin}/inventory/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const stockOf = async (productId: number, warehouseId: number) => {
    const state = (await (await fetch(`${origin}/_sandbox/inventory/state`)).json()) as {
      products: Array<{ productId: number; stock: Record<string, number> }>;
    };
    return state.products.find((p) => p.productId === productId)!.stock[String(warehouseId)] ?? 0;
  };

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
    token = /"(eyJ[^"]+)"/.exec(JSON.stringify(await response.json()))![1]!;
  });
  afterAll(() => sandbox.stop());

  it('a count, a receipt and an adjustment, each one product’s flat record, move its stock', async () => {
    let response = await send(
      '/inventory_levels/set',
      named({ warehouse_id: 1, userId: 1, variant_id: 1001, on_hand: 17 }),
    );
    expect(response.status).toBe(201);
    expect(await stockOf(1001, 1)).toBe(17);
    const received = await stockOf(1002, 1);
    response = await send(
      '/inventory/receive',
      named({ warehouse_id: 1, userId: 1, item_id: 1002, quantity_received: 5 }),
    );
    expect(response.status).toBe(201);
    expect(await stockOf(1002, 1)).toBe(received + 5);
    const adjusted = await stockOf(1003, 1);
    response = await send(
      '/stock/adjust',
      named({ warehouseId: 1, userId: 1, sku: 1003, delta: -2, comment: 'broken' }),
    );
    expect(response.status).toBe(201);
    expect(await stockOf(1003, 1)).toBe(adjusted - 2);
  });

  it('a body with lines, or without the product, is refused naming the field as the vendor does; nothing moves', async () => {
    const before = await stockOf(1004, 1);
    const refusals: Array<[string, unknown, string]> = [
      ['/inventory_levels/set', named({ warehouse_id: 1, userId: 1, on_hand: 3 }), 'variant_id'],
      [
        '/inventory_levels/set',
        named({ warehouse_id: 1, userId: 1, items: [{ variant_id: 1004, on_hand: 3 }] }),
        'items',
      ],
      ['/inventory/receive', named({ warehouse_id: 1, userId: 1, quantity_received: 3 }), 'item_id'],
      ['/stock/adjust', named({ warehouseId: 1, userId: 1, delta: 1, comment: 'x' }), 'sku'],
    ];
    for (const [route, body, field] of refusals) {
      const response = await send(route, body);
      const text = await response.text();
      expect([response.status, route, text]).toEqual([400, route, expect.stringMatching(new RegExp(field, 'i'))]);
    }
    expect(await stockOf(1004, 1)).toBe(before);
  });
});
