// The inventory emulator's rules through real HTTP, each answer checked
// against packages/sandbox/openapi/inventory.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { expectContract } from '../../support/contract.js';

let sb: SandboxHandle;
let token: string;

async function call(method: string, path: string, body?: unknown, auth = true): Promise<{ status: number; body: any }> {
  const response = await fetch(`${sb.origin}/inventory${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  expectContract('inventory', method, path.split('?')[0]!, response.status, parsed);
  return { status: response.status, body: parsed };
}

const product = {
  productName: 'Contract Candy',
  productDescription: 'made by a test',
  categoryId: 'SNACKS    ',
  classId: 'CANDY     ',
  taxGroup: 'GST       ',
  productType: 2,
  saleType: 3,
  sellPrice: 2,
  ticketValue: 100,
};

beforeAll(async () => {
  sb = await startSandbox();
  const response = await fetch(`${sb.origin}/inventory/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: 'sandbox-inventory-api-key', apiSecret: 'sandbox-inventory-api-secret' }),
  });
  const body = (await response.json()) as { token: string };
  expectContract('inventory', 'POST', '/auth/token', 200, body);
  token = body.token;
}, 30_000);
afterAll(() => sb?.stop());

describe('inventory sandbox', () => {
  it('authenticates, refuses bad credentials, serves health without a token', async () => {
    const bad = await call('POST', '/auth/token', { apiKey: 'x', apiSecret: 'y' }, false);
    expect(bad.status).toBe(401);
    const health = await call('GET', '/health', undefined, false);
    expect(health.body).toMatchObject({ status: 'ok', database: 'connected' });
    expect((await call('GET', '/products', undefined, false)).status).toBe(401);
  });

  it('lists reference data with padded ids', async () => {
    const categories = await call('GET', '/categories');
    expect(categories.body.items.map((c: any) => c.categoryId)).toContain('SNACKS    ');
    const classes = await call('GET', '/classes?categoryId=DRINKS');
    expect(classes.body.items.every((c: any) => c.categoryId === 'DRINKS    ')).toBe(true);
    expect((await call('GET', '/warehouses')).body.items.map((w: any) => w.warehouseId)).toEqual([1, 2]);
    expect((await call('GET', '/warehouses?locationId=2')).body.items.map((w: any) => w.warehouseId)).toEqual([3]);
    expect((await call('GET', '/tax-groups')).body.items).toHaveLength(3);
    expect((await call('GET', '/containers')).body.items.length).toBeGreaterThan(1);
    expect((await call('GET', '/suppliers')).body.items.length).toBeGreaterThanOrEqual(4);
  });

  it('pages and filters products; pageSize is at most 200', async () => {
    const page = await call('GET', '/products?page=2&pageSize=10');
    expect(page.body).toMatchObject({ page: 2, pageSize: 10, totalItems: 40, totalPages: 4 });
    expect(page.body.items[0].productId).toBe(1011);
    const redemption = await call('GET', '/products?saleType=1');
    expect(redemption.body.items.every((p: any) => (p.saleType & 1) === 1)).toBe(true);
    const modifiers = await call('GET', '/products?productType=3&categoryId=MODIFIERS');
    expect(modifiers.body.items.length).toBeGreaterThan(0);
    expect((await call('GET', '/products?isActive=false')).body.items).toHaveLength(1);
    const tooBig = await call('GET', '/products?pageSize=201');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.details).toEqual([{ field: 'pageSize', rule: 'must be at most 200' }]);
    expect((await call('GET', '/products/999999')).status).toBe(404);
  });

  it('validates a product completely and creates nothing when any part is wrong', async () => {
    const before = await sb.control<any>('GET', '/inventory/summary');
    const invalid = await call('POST', '/products', {
      ...product,
      ticketValue: undefined,
      productName: 'x'.repeat(51),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'productName', rule: 'must be at most 50 characters' },
        { field: 'ticketValue', rule: 'is required when saleType includes Redemption (1)' },
      ]),
    );
    expect((await call('POST', '/products', { ...product, supplier: { supplierId: 99 } })).status).toBe(404);
    expect(
      (await call('POST', '/products', { ...product, warehouse: { warehouseId: 99, stockQuantity: 1 } })).status,
    ).toBe(404);
    const unknownCategory = await call('POST', '/products', { ...product, categoryId: 'NOPE      ' });
    expect(unknownCategory.body.error.details[0].field).toBe('categoryId');
    expect((await sb.control<any>('GET', '/inventory/summary')).products).toBe(before.products);
  });

  it('creates a product with its supplier link and initial stock atomically', async () => {
    const created = await call('POST', '/products', {
      ...product,
      barcodes: ['CT-0001'],
      supplier: { supplierId: 1, containerId: 2, containerQuantity: 24, containerPrice: 30 },
      warehouse: { warehouseId: 1, stockQuantity: 12 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      barcodes: ['CT-0001'],
      stockLevels: [{ warehouseId: 1, quantity: 12 }],
      suppliers: [{ supplierId: 1, isActive: true }],
    });
    const again = await call('POST', '/products', { ...product, barcodes: ['CT-0001'] });
    expect(again.status).toBe(409);
  });

  it('updates partially: barcodes only added, supplier links added, updated and soft-deleted', async () => {
    const id = 1001;
    const start = (await call('GET', `/products/${id}`)).body;
    const updated = await call('PATCH', `/products/${id}`, {
      sellPrice: 3.75,
      barcodes: ['UPD-1'],
      suppliers: [
        { action: 'add', supplierId: 3, containerPrice: 10 },
        { action: 'update', supplierId: 1, containerQuantity: 12 },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.sellPrice).toBe(3.75);
    expect(updated.body.barcodes).toEqual([...start.barcodes, 'UPD-1']);
    const removed = await call('PATCH', `/products/${id}`, {
      suppliers: [{ action: 'remove', supplierId: 3 }],
      barcodes: [],
    });
    expect(removed.body.suppliers.find((s: any) => s.supplierId === 3).isActive).toBe(false);
    expect(removed.body.barcodes).toContain('UPD-1');
    expect((await call('PATCH', `/products/${id}`, { suppliers: [{ action: 'update', supplierId: 4 }] })).status).toBe(
      422,
    );
    expect((await call('PATCH', `/products/${id}`, {})).status).toBe(400);
  });

  it('creates suppliers with a unique code', async () => {
    const created = await call('POST', '/suppliers', {
      supplierCode: 'NEWCO',
      supplierName: 'New Co',
      supplierAddress: '1 Road',
      paymentTerms: 5,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ supplierType: 0, paymentTerms: 5, isActive: true });
    expect(
      (await call('POST', '/suppliers', { supplierCode: 'newco', supplierName: 'Again', supplierAddress: 'x' })).status,
    ).toBe(409);
    const invalid = await call('POST', '/suppliers', {
      supplierCode: 'X',
      supplierName: 'Y',
      supplierAddress: 'Z',
      paymentTerms: 9,
    });
    expect(invalid.body.error.details[0].field).toBe('paymentTerms');
  });

  it('stock take sets counted stock and reports variance; receipts recalculate cost; adjustments never go negative', async () => {
    const levels = await call('GET', '/stock-levels?warehouseId=1&productIds=1002,1003');
    const current = Object.fromEntries(levels.body.items.map((l: any) => [l.productId, l.quantity]));
    const take = await call('POST', '/stock-takes', {
      warehouseId: 1,
      userId: 1,
      items: [
        { productId: 1002, countedQuantity: 5 },
        { productId: 1003, countedQuantity: current[1003] + 2 },
      ],
    });
    expect(take.status).toBe(201);
    expect(take.body.items).toEqual([
      { productId: 1002, previousQuantity: current[1002], countedQuantity: 5, variance: 5 - current[1002] },
      { productId: 1003, previousQuantity: current[1003], countedQuantity: current[1003] + 2, variance: 2 },
    ]);
    expect(
      (
        await call('POST', '/stock-takes', {
          warehouseId: 1,
          userId: 1,
          items: [{ productId: 1002, countedQuantity: -1 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/stock-takes', {
          warehouseId: 1,
          userId: 99,
          items: [{ productId: 1002, countedQuantity: 1 }],
        })
      ).status,
    ).toBe(404);

    const receipt = await call('POST', '/stock-receipts', {
      warehouseId: 1,
      userId: 1,
      supplierId: 1,
      poNumber: 'PO-1',
      items: [{ productId: 1002, quantity: 5, value: 20 }],
    });
    expect(receipt.status).toBe(201);
    expect(receipt.body.items[0]).toMatchObject({ newQuantity: 10, lastPurchasePrice: 4 });
    expect(
      (await call('POST', '/stock-receipts', { warehouseId: 1, userId: 1, items: [{ productId: 1002, quantity: 0 }] }))
        .status,
    ).toBe(400);

    const refused = await call('POST', '/stock-adjustments', {
      warehouseId: 1,
      productId: 1002,
      adjustmentQuantity: -11,
      userId: 1,
      comment: 'too many',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('insufficient_stock');
    const noReason = await call('POST', '/stock-adjustments', {
      warehouseId: 1,
      productId: 1002,
      adjustmentQuantity: -1,
      userId: 1,
    });
    expect(noReason.body.error.details).toEqual([
      { field: 'comment', rule: 'is required (the reason for the adjustment)' },
    ]);
    const adjusted = await call('POST', '/stock-adjustments', {
      warehouseId: 1,
      productId: 1002,
      adjustmentQuantity: -10,
      userId: 1,
      comment: 'all sold',
    });
    expect(adjusted.body).toMatchObject({ previousQuantity: 10, newQuantity: 0 });
  });

  it('in-venue activity changes state and is recorded as venue activity; seeding adds products', async () => {
    const activity = await sb.control<any>('POST', '/inventory/activity', {
      type: 'stock.adjusted',
      productId: 1005,
      quantity: 3,
    });
    expect(activity).toMatchObject({ type: 'stock.adjusted', data: { productId: 1005, adjustmentQuantity: 3 } });
    const movements = await sb.control<any>('GET', '/inventory/movements');
    expect(movements.items.at(-1)).toMatchObject({ kind: 'adjustment', source: 'venue' });
    const seeded = await sb.control<any>('POST', '/inventory/seed', { products: 1000 });
    expect(seeded.added).toBe(1000);
    const last = await call('GET', `/products/${seeded.lastProductId}`);
    expect(last.status).toBe(200);
  });
});
