// Stock writes a vendor keys by the product in the path ("PUT /products/{productId}/stock"): the route map fills
// {productId} and {warehouseId} from the write, never from the profile; a stock take or receipt on such a route is
// sent one call per line (a flat body, its own Idempotency-Key), an adjustment once; a line that fails after others
// were applied leaves the write unknown, each line named, never sent again; the vendor's word for a field
// ("countedQuantity=quantity" in inventory.bodyNames) is how the body names it.

import { describe, expect, it } from 'vitest';
import { ApiError, UnknownOutcomeError } from '../../../src/lib/errors.js';
import { InventoryClient } from '../../../src/lib/inventory/client.js';
import {
  InventoryRouteMap,
  lineFieldIn,
  parseRoute,
  pathVariablesOf,
  writeFieldNamesOf,
} from '../../../src/lib/inventory/routes.js';
import { sourceOf } from '../../../src/lib/reading.js';
import { mockInventoryService } from '../../support/mock-inventory.js';

const service = mockInventoryService();
const json = { 'content-type': 'application/json' };
const mapOf = (settings: Record<string, string>) =>
  InventoryRouteMap.fromSettings((key) => (settings[key] === undefined ? undefined : { value: settings[key] }));

type Sent = { path: string; body: unknown; key: string | undefined };

/** The client on a route map, its mock service answering each call of `method` with `answer(call index)`; what the client asked the HTTP layer to send is recorded. */
function clientOn(settings: Record<string, string>, method: string, answer: (at: number) => [number, unknown]) {
  const { deps, pool } = service({ routes: mapOf(settings) });
  const sent: Sent[] = [];
  const request = deps.http.request.bind(deps.http);
  deps.http.request = ((options: Parameters<typeof request>[0]) => {
    sent.push({ path: options.path, body: options.body, key: options.idempotencyKey });
    return request(options);
  }) as typeof request;
  let calls = 0;
  pool
    .intercept({ path: () => true, method })
    .reply(() => {
      const [status, body] = answer(calls++);
      return { statusCode: status, data: JSON.stringify(body), responseOptions: { headers: json } };
    })
    .persist();
  return { client: new InventoryClient(deps), sent };
}

const take = {
  warehouseId: 3,
  userId: 7,
  comment: 'night count',
  items: [
    { productId: 1001, countedQuantity: 12 },
    { productId: 1002, countedQuantity: 0 },
    { productId: 1003, countedQuantity: 5 },
  ],
};

describe('the route map: a write field in the route', () => {
  it('is no per-venue value: only the stock writes name them, and only a line field makes a write per line', () => {
    for (const operation of ['stockTake', 'receiveStock', 'adjustStock'] as const) {
      const route = parseRoute('PUT /{tenant}/warehouses/{warehouseId}/products/{productId}/stock?site={site}');
      expect(writeFieldNamesOf(operation)).toEqual(expect.arrayContaining(['warehouseId', 'productId']));
      expect(pathVariablesOf(operation, route)).toEqual(['tenant', 'site']);
      expect(lineFieldIn(operation, route)).toBe(operation === 'adjustStock' ? undefined : 'productId');
    }
    // Elsewhere the name means nothing of its own: a per-venue value as any other.
    expect(pathVariablesOf('listWarehouses', parseRoute('GET /sites/{warehouseId}/warehouses'))).toEqual([
      'warehouseId',
    ]);
  });

  it('fills them from the write, encoded, beside the per-venue values', () => {
    const map = mapOf({
      'inventory.routes.adjustStock': 'POST /{tenant}/products/{productId}/adjustments?wh={warehouseId}',
      'inventory.pathVars': 'tenant=north',
    });
    expect(map.resolve('adjustStock', [], { productId: 'a/b', warehouseId: '3' })).toEqual({
      method: 'POST',
      path: '/north/products/a%2Fb/adjustments',
      query: { wh: '3' },
    });
    expect(() => map.resolve('adjustStock', [], { warehouseId: '3' })).toThrow(/without productId/);
  });
});

describe('a stock take on a route keyed by the product', () => {
  it('is sent one call per line, in order, with a flat body and the line number on the key; the answers as one', async () => {
    const { client, sent } = clientOn(
      { 'inventory.routes.stockTake': 'PUT /products/{productId}/stock' },
      'PUT',
      (at) => [200, { stockTakeId: `st-${at + 1}`, warehouseId: 3, items: [take.items[at]] }],
    );
    const result = await client.stockTake(take, { idempotencyKey: 'take-k1' });
    expect(sent).toEqual(
      take.items.map((line, at) => ({
        path: `/products/${line.productId}/stock`,
        body: { warehouseId: 3, userId: 7, comment: 'night count', countedQuantity: line.countedQuantity },
        key: `take-k1.${at + 1}`,
      })),
    );
    // What every answer says alike (the warehouse) and every answer's lines; no one take id, since there were three.
    expect(result.warehouseId).toBe(3);
    expect(result.stockTakeId).toBeUndefined();
    expect(result.items?.map((l) => l.productId)).toEqual([1001, 1002, 1003]);
    // Its service record: the answers merged as one (what they say alike, every line), as a take of lines answers.
    expect(sourceOf(result)).toEqual({ warehouseId: 3, items: take.items });
  });

  it('sends the vendor word for a field (inventory.bodyNames "countedQuantity=quantity")', async () => {
    const { client, sent } = clientOn(
      {
        'inventory.routes.stockTake': 'PUT /warehouses/{warehouseId}/products/{productId}/stock',
        'inventory.bodyNames': JSON.stringify({ stockTake: ['countedQuantity=quantity', 'UserId'] }),
      },
      'PUT',
      () => [200, { stockTakeId: 'x' }],
    );
    await client.stockTake({ ...take, items: take.items.slice(0, 1) });
    expect(sent).toEqual([
      {
        path: '/warehouses/3/products/1001/stock',
        body: { UserId: 7, comment: 'night count', quantity: 12 },
        key: undefined,
      },
    ]);
  });

  it('a line refused after others were applied leaves it unknown, naming each line, and sends no more', async () => {
    const { client, sent } = clientOn(
      { 'inventory.routes.stockTake': 'PUT /products/{productId}/stock' },
      'PUT',
      (at) => (at === 1 ? [422, { message: 'no such product' }] : [200, { stockTakeId: 'x' }]),
    );
    const error = await client.stockTake(take, { idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    const { message, details } = error as UnknownOutcomeError;
    expect(message).toContain(
      'partly applied: 1 of 3 line(s) applied (product 1001), then product 1002 was refused (not applied); not sent: product 1003',
    );
    expect(details).toEqual([
      'applied (answered): product 1001',
      expect.stringMatching(/^product 1002 was refused \(not applied\): /),
      'not sent: product 1003',
    ]);
    expect(sent.length).toBe(2);
  });

  it("a line whose own answer cannot say (a gateway's 502) is named as maybe applied", async () => {
    const { client } = clientOn({ 'inventory.routes.stockTake': 'PUT /products/{productId}/stock' }, 'PUT', (at) =>
      at === 2 ? [502, { message: 'bad gateway' }] : [200, { stockTakeId: 'x' }],
    );
    const error = (await client.stockTake(take).catch((e: unknown) => e)) as UnknownOutcomeError;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toMatch(
      /2 of 3 line\(s\) applied \(product 1001, product 1002\), then product 1003 has an unknown outcome/,
    );
    expect(error.details).toEqual([
      'applied (answered): product 1001, product 1002',
      expect.stringMatching(/^product 1003 has an unknown outcome \(it may have been applied\): /),
    ]);
  });

  it('the first line refused is a refusal: nothing was applied', async () => {
    const { client, sent } = clientOn(
      { 'inventory.routes.stockTake': 'PUT /products/{productId}/stock' },
      'PUT',
      () => [422, { message: 'no' }],
    );
    await expect(client.stockTake(take)).rejects.toBeInstanceOf(ApiError);
    expect(sent.length).toBe(1);
  });
});

describe('an adjustment on a route keyed by the product', () => {
  it('is one call, the product in the path and not in the body', async () => {
    const { client, sent } = clientOn(
      { 'inventory.routes.adjustStock': 'POST /products/{productId}/adjustments' },
      'POST',
      () => [201, { adjustmentId: 'a1', productId: 1001, adjustmentQuantity: -2 }],
    );
    const result = await client.adjustStock(
      { warehouseId: 3, productId: 1001, adjustmentQuantity: -2, userId: 7, comment: 'broken' },
      { idempotencyKey: 'adj-1' },
    );
    expect(sent).toEqual([
      {
        path: '/products/1001/adjustments',
        body: { warehouseId: 3, adjustmentQuantity: -2, userId: 7, comment: 'broken' },
        key: 'adj-1',
      },
    ]);
    expect(result.adjustmentId).toBe('a1');
  });
});

// The product in the BODY (inventory.perLine): a vendor taking one product's flat record per call on a route that
// names none ("POST /inventory_levels/set" {variant_id, warehouse_id, on_hand, reason}).
describe('a stock take one call per line with the product in the body', () => {
  const perLine = {
    'inventory.routes.stockTake': 'POST /inventory_levels/set',
    'inventory.perLine': 'stockTake',
    'inventory.bodyNames': JSON.stringify({
      stockTake: ['productId=variant_id', 'warehouseId=warehouse_id', 'countedQuantity=on_hand', 'comment=reason'],
    }),
  };

  it('sends one flat record per line, the product in it under the vendor’s name, the line number on the key', async () => {
    const { client, sent } = clientOn(perLine, 'POST', (at) => [
      201,
      { variant_id: take.items[at]!.productId, warehouse_id: 3, on_hand: take.items[at]!.countedQuantity },
    ]);
    await client.stockTake(take, { idempotencyKey: 'take-b1' });
    expect(sent).toEqual(
      take.items.map((line, at) => ({
        path: '/inventory_levels/set',
        body: {
          warehouse_id: 3,
          userId: 7,
          reason: 'night count',
          variant_id: line.productId,
          on_hand: line.countedQuantity,
        },
        key: `take-b1.${at + 1}`,
      })),
    );
  });

  it('without the marker the same route takes every line in one body', async () => {
    const { client, sent } = clientOn({ ...perLine, 'inventory.perLine': '' }, 'POST', () => [201, {}]);
    await client.stockTake(take).catch(() => undefined);
    expect(sent.length).toBe(1);
    expect(Object.keys(sent[0]!.body as object)).toContain('items');
  });

  it('a line whose answer is lost after others were applied is unknown, each line named, no more sent', async () => {
    const { client, sent } = clientOn(perLine, 'POST', (at) =>
      at === 1 ? [504, { message: 'gateway timeout' }] : [201, { variant_id: 1 }],
    );
    const error = (await client.stockTake(take).catch((e: unknown) => e)) as UnknownOutcomeError;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toContain(
      '1 of 3 line(s) applied (product 1001), then product 1002 has an unknown outcome (it may have been applied); not sent: product 1003',
    );
    expect(sent.length).toBe(2);
  });

  it('the first line’s answer lost: unknown, the lines after it named as not sent', async () => {
    const { client, sent } = clientOn(perLine, 'POST', () => [504, { message: 'gateway timeout' }]);
    const error = (await client.stockTake(take).catch((e: unknown) => e)) as UnknownOutcomeError;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.message).toContain(
      'product 1001 has an unknown outcome (it may have been applied); not sent: product 1002, product 1003',
    );
    expect(sent.length).toBe(1);
  });

  it('inventory.perLine names only the writes that have lines', () => {
    expect(mapOf({ 'inventory.perLine': 'receiveStock stockTake' }).perLine).toEqual(['receiveStock', 'stockTake']);
    expect(() => mapOf({ 'inventory.perLine': 'adjustStock' })).toThrow(
      /an adjustment is one product per call already/,
    );
    expect(() => mapOf({ 'inventory.perLine': 'stockTake stockTake' })).toThrow(/stockTake is given twice/);
    expect(() => mapOf({ 'inventory.perLine': 'listProducts' })).toThrow(/inventory\.perLine names the stock writes/);
  });
});
