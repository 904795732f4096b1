// Every value shown is the service's, as it sent it (reading.ts, the lookup's
// rule), or marked as venue's own: a field the service sends as null is null,
// and no later name is tried in its place; a name that means another thing is
// not in a field's list (a supplier link's `supplierCode` is the supplier's
// own code, not the product's code at that supplier); a figure venue works out
// itself (an adjustment's level after, when the answer gives none) is said to
// be venue's for people and is no field of the service's record for machines.
// Through main, against a server whose answers the test writes.

import { describe, expect, it } from 'vitest';
import { fakeServiceForFile, type FakeServiceProfile } from '../../support/fake-service.js';
import { runVenue } from '../../support/in-process.js';

const secrets = { VENUE_INVENTORY_API_KEY: 'key-0001', VENUE_INVENTORY_API_SECRET: 'secret-0001' };

/** The product as this server answers it: its supplier link's own code null, the supplier's code beside it. */
const product = {
  productId: 1041,
  productName: 'Gummy Bears',
  productDescription: '100 g bag',
  categoryId: 'SNACKS    ',
  taxGroup: 'GST       ',
  productType: 2,
  saleType: 2,
  sellPrice: 3.5,
  barcodes: [],
  stockLevels: [],
  suppliers: [{ supplierId: 3, productSupplierCode: null, supplierCode: 'MERCH01', preferredSupplier: false }],
  isActive: true,
};

let fake: FakeServiceProfile;
fakeServiceForFile(
  { tokenPath: '/api/auth/token', urlKey: 'inventory.url', basePath: '/api', runVenue },
  (profile) => (fake = profile),
);

describe('values as the service sent them', () => {
  it('a supplier link whose productSupplierCode is null shows null, not the supplier code beside it', async () => {
    fake.service.script('GET /api/products/1041', { status: 200, body: product });
    const read = await fake.venue(['inventory', 'products', 'get', '1041', '-o', 'json'], secrets);
    expect(read.code, read.stderr).toBe(0);
    const link = (JSON.parse(read.stdout) as { suppliers: Array<Record<string, unknown>> }).suppliers[0]!;
    expect(link.productSupplierCode).toBeNull();
    // The supplier's own code is the service's too: kept, under its own name.
    expect(link.supplierCode).toBe('MERCH01');

    // With no productSupplierCode at all, the supplier's code is still not taken for it.
    fake.service.script('GET /api/products/1042', {
      status: 200,
      body: { ...product, productId: 1042, suppliers: [{ supplierId: 3, supplierCode: 'MERCH01' }] },
    });
    const other = await fake.venue(['inventory', 'products', 'get', '1042', '-o', 'json'], secrets);
    expect(other.code, other.stderr).toBe(0);
    expect((JSON.parse(other.stdout) as { suppliers: unknown[] }).suppliers[0]).toEqual({
      supplierId: 3,
      supplierCode: 'MERCH01',
    });

    const table = await fake.venue(['inventory', 'products', 'get', '1041', '--fields', 'suppliers'], secrets);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).not.toMatch(/productSupplierCode[^\n]*MERCH01/);
  });

  it('products create shows the answer as sent: a link whose productSupplierCode is null shows null', async () => {
    fake.service.script('POST /api/products', { status: 201, body: product });
    const created = await fake.venue(
      [
        ...['inventory', 'products', 'create', '--yes', '--name', 'Gummy Bears', '--description', '100 g bag'],
        ...['--category', 'SNACKS', '--tax-group', 'GST', '--type', 'stock', '--sale-type', 'sale'],
        ...['--sell-price', '3.50', '--supplier', '3', '-o', 'json'],
      ],
      secrets,
    );
    expect(created.code, created.stderr).toBe(0);
    const link = (JSON.parse(created.stdout) as { record: { suppliers: Array<Record<string, unknown>> } }).record
      .suppliers[0]!;
    expect(link.productSupplierCode).toBeNull();
    expect(link.supplierCode).toBe('MERCH01');
  });

  it("an adjustment's level after, when the answer gives none, is venue's reckoning: said so, and no field of the record", async () => {
    fake.service.script('GET /api/stock-levels', {
      status: 200,
      body: { items: [{ productId: 1001, warehouseId: 1, quantity: 10 }] },
    });
    // The service states the adjustment, not the levels before or after it.
    fake.service.script('POST /api/stock-adjustments', {
      status: 201,
      body: { adjustmentId: 5, productId: 1001, warehouseId: 1, adjustmentQuantity: 2, comment: 'found' },
    });
    const args = ['inventory', 'stock', 'adjust', '--yes', '--warehouse', '1', '--user', '1', '--product', '1001'];
    const people = await fake.venue([...args, '--quantity', '2', '--comment', 'found'], secrets);
    expect(people.code, people.stderr).toBe(0);
    expect(people.stderr).toContain("10 (read before) → 12 (venue's reckoning: the answer gives no level)");

    const machine = await fake.venue([...args, '--quantity', '2', '--comment', 'found again', '-o', 'json'], secrets);
    expect(machine.code, machine.stderr).toBe(0);
    const outcome = JSON.parse(machine.stdout) as { record: Record<string, unknown>; venue: Record<string, unknown> };
    expect(outcome.record).toEqual({
      adjustmentId: 5,
      productId: 1001,
      warehouseId: 1,
      adjustmentQuantity: 2,
      comment: 'found',
    });
    expect(outcome.venue).toEqual({ levelBefore: 10 });
  });
});
