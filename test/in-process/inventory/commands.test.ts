// Every inventory command of this group (except stock take/receive and receipts)
// through the built binary against a private sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
const json = (text: string) => JSON.parse(text);
/** The service's record a write's outcome carries (docs/records.md: write outcomes). */
const record = (text: string) => json(text).record;
const summary = () =>
  sb.control<{ products: number; suppliers: number; movements: number }>('GET', '/inventory/summary');

beforeAll(async () => {
  sb = await startSandbox();
}, 30_000);
afterAll(() => sb?.stop());

describe('venue inventory (read)', () => {
  it('health', async () => {
    const r = await sb.run(['inventory', 'health', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toMatchObject({ status: 'ok', database: 'connected' });
  });

  it('reference lists', async () => {
    const categories = await sb.run(['inventory', 'categories', '-o', 'json']);
    expect(json(categories.stdout).map((c: any) => c.categoryId)).toContain('SNACKS    ');
    const classes = await sb.run(['inventory', 'classes', '--category', 'drinks'.toUpperCase(), '-o', 'json']);
    expect(json(classes.stdout).map((c: any) => c.classId.trim())).toEqual(['SODA', 'WATER']);
    const tooLong = await sb.run(['inventory', 'classes', '--category', 'ABCDEFGHIJK']);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain('--category must be at most 10 characters');
    expect(json((await sb.run(['inventory', 'warehouses', '--location', '2', '-o', 'json'])).stdout)).toEqual([
      { warehouseId: 3, name: 'Second venue store room', locationId: 2 },
    ]);
    expect(json((await sb.run(['inventory', 'tax-groups', '-o', 'json'])).stdout)).toHaveLength(3);
    expect((await sb.run(['inventory', 'containers'])).stdout).toContain('Carton');
    // csv carries the service's supplier records as sent: every field, in its order.
    const header = (await sb.run(['inventory', 'suppliers', 'list', '-o', 'csv'])).stdout.split('\n')[0]!;
    expect(header.startsWith('supplierId,supplierCode,supplierName,supplierAddress,supplierTown,')).toBe(true);
    expect(header.split(',')).toEqual(expect.arrayContaining(['paymentTerms', 'isActive']));
  });

  it('products list filters, pages and refuses a page size above 200 before sending', async () => {
    const page = await sb.run([
      'inventory',
      'products',
      'list',
      '--category',
      'PRIZES',
      '--sale-type',
      'redemption',
      '--active',
      '--page-size',
      '5',
      '-o',
      'json',
    ]);
    expect(page.code).toBe(0);
    const items = json(page.stdout);
    expect(items).toHaveLength(5);
    expect(items.every((p: any) => p.categoryId === 'PRIZES    ' && (p.saleType & 1) === 1 && p.isActive)).toBe(true);
    const modifiers = json(
      (await sb.run(['inventory', 'products', 'list', '--type', 'modifier', '-o', 'json'])).stdout,
    );
    expect(modifiers.every((p: any) => p.productType === 3)).toBe(true);
    const tooBig = await sb.run(['inventory', 'products', 'list', '--page-size', '201']);
    expect(tooBig.code).toBe(2);
    expect(tooBig.stderr).toContain('--page-size must be at most 200');
    const badType = await sb.run(['inventory', 'products', 'list', '--sale-type', 'barter']);
    expect(badType.code).toBe(2);
  });

  it('products get, and exit 4 for an unknown product', async () => {
    const r = await sb.run(['inventory', 'products', 'get', '1001', '-o', 'json']);
    expect(json(r.stdout)).toMatchObject({ productId: 1001, productName: 'Gummy Bears 100g' });
    const missing = await sb.run(['inventory', 'products', 'get', '999999']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('product 999999 does not exist');
  });

  it('stock levels of the profile warehouse and of chosen products', async () => {
    const r = await sb.run(['inventory', 'stock', 'levels', '--product', '1001,1002', '-o', 'json']);
    expect(json(r.stdout).map((l: any) => [l.productId, l.warehouseId])).toEqual([
      [1001, 1],
      [1002, 1],
    ]);
    const all = await sb.run(['inventory', 'stock', 'levels', '--warehouse', '2', '--all', '-o', 'ndjson']);
    const rows = all.stdout.trim().split('\n').map(json);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l: any) => l.warehouseId === 2)).toBe(true);
    expect((await sb.run(['inventory', 'stock', 'levels', '--warehouse', '99'])).code).toBe(4);
  });
});

describe('venue inventory (write)', () => {
  const baseFlags = [
    '--name',
    'Test Fudge',
    '--description',
    'Fudge 50g',
    '--category',
    'SNACKS',
    '--class',
    'CANDY',
    '--tax-group',
    'GST',
    '--type',
    'stock',
  ];

  it('products create pads ids, links a supplier, stocks a warehouse', async () => {
    const r = await sb.run([
      'inventory',
      'products',
      'create',
      '--yes',
      ...baseFlags,
      '--sale-type',
      'sale,redemption',
      '--sell-price',
      '2.50',
      '--ticket-value',
      '200',
      '--barcode',
      'FUDGE-1',
      '--barcode',
      'FUDGE-2',
      '--supplier',
      '1',
      '--container',
      '2',
      '--container-quantity',
      '24',
      '--warehouse',
      '1',
      '--stock-quantity',
      '30',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const product = record(r.stdout);
    expect(product).toMatchObject({
      categoryId: 'SNACKS    ',
      classId: 'CANDY     ',
      taxGroup: 'GST       ',
      saleType: 3,
      barcodes: ['FUDGE-1', 'FUDGE-2'],
      stockLevels: [{ warehouseId: 1, quantity: 30 }],
    });
    expect(product.suppliers[0]).toMatchObject({ supplierId: 1, containerId: 2 });
  });

  it('products create reports every missing field and price by flag, and sends nothing', async () => {
    const before = await summary();
    const r = await sb.run([
      'inventory',
      'products',
      'create',
      '--yes',
      '--name',
      'x'.repeat(51),
      '--sale-type',
      'vending,redemption',
    ]);
    expect(r.code).toBe(2);
    for (const line of [
      '--name must be at most 50 characters',
      '--description is required',
      '--category is required',
      '--tax-group is required',
      '--type is required',
      '--ticket-value is required when saleType includes Redemption (1)',
      '--vending-price is required when saleType includes Vending (4)',
    ]) {
      expect(r.stderr).toContain(line);
    }
    expect(r.stderr).toContain('Nothing was sent.');
    expect(r.stderr).not.toContain('sell-price');
    expect((await summary()).products).toBe(before.products);
  });

  it('products create from a file; flags override it; file fields are named with their flag', async () => {
    const dir = fs.mkdtempSync(path.join(sb.configDir, 'file-'));
    const file = path.join(dir, 'product.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        productName: 'File Lolly',
        productDescription: 'from a file',
        categoryId: 'SNACKS',
        taxGroup: 'GST',
        productType: 2,
        saleType: 2,
        sellPrice: 1.2,
      }),
    );
    const r = await sb.run([
      'inventory',
      'products',
      'create',
      '--yes',
      '--file',
      file,
      '--sell-price',
      '1.40',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(record(r.stdout)).toMatchObject({ productName: 'File Lolly', sellPrice: 1.4, categoryId: 'SNACKS    ' });
    fs.writeFileSync(
      file,
      JSON.stringify({
        productName: 'Bad',
        productDescription: 'x',
        categoryId: 'SNACKS',
        taxGroup: 'GST',
        productType: 4,
        saleType: 2,
        colour: 'red',
      }),
    );
    const bad = await sb.run(['inventory', 'products', 'create', '--yes', '--file', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('productType (--type) must be 2 (stock product) or 3 (modifier)');
    expect(bad.stderr).toContain('sellPrice (--sell-price) is required when saleType includes Sale (2)');
    expect(bad.stderr).toContain('colour is not a known field');
  });

  it('products update: partial, adds barcodes, supplier links, refuses to remove a barcode', async () => {
    const r = await sb.run([
      'inventory',
      'products',
      'update',
      '--yes',
      '1004',
      '--sell-price',
      '1.25',
      '--add-barcode',
      'LOLLY-9',
      '--supplier-add',
      '3:price=12.5,quantity=50,preferred=true',
      '--supplier-update',
      '1:quantity=12',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const product = record(r.stdout);
    expect(product.sellPrice).toBe(1.25);
    expect(product.barcodes).toContain('LOLLY-9');
    expect(product.suppliers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          supplierId: 3,
          containerPrice: 12.5,
          containerQuantity: 50,
          preferredSupplier: true,
        }),
      ]),
    );
    const removed = await sb.run([
      'inventory',
      'products',
      'update',
      '--yes',
      '1004',
      '--supplier-remove',
      '3',
      '--inactive',
      '-o',
      'json',
    ]);
    const after = record(removed.stdout);
    expect(after.isActive).toBe(false);
    expect(after.suppliers.find((s: any) => s.supplierId === 3).isActive).toBe(false);

    const refuse = await sb.run(['inventory', 'products', 'update', '--yes', '1004', '--remove-barcode', 'LOLLY-9']);
    expect(refuse.code).toBe(2);
    expect(refuse.stderr).toContain('barcodes cannot be removed');
    expect(json((await sb.run(['inventory', 'products', 'get', '1004', '-o', 'json'])).stdout).barcodes).toContain(
      'LOLLY-9',
    );

    const nothing = await sb.run(['inventory', 'products', 'update', '--yes', '1004']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('must change at least one field');
    const tooLong = await sb.run(['inventory', 'products', 'update', '--yes', '1004', '--add-barcode', '1'.repeat(26)]);
    expect(tooLong.stderr).toContain('--add-barcode must be at most 25 characters');
  });

  it('suppliers create: payment terms as words, duplicate code exit 5, missing fields exit 2', async () => {
    const r = await sb.run([
      'inventory',
      'suppliers',
      'create',
      '--yes',
      '--code',
      'E2E',
      '--name',
      'E2E Supplies',
      '--address',
      '1 Test St',
      '--payment-terms',
      '30',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(record(r.stdout)).toMatchObject({ supplierCode: 'E2E', paymentTerms: 5 });
    const advance = await sb.run([
      'inventory',
      'suppliers',
      'create',
      '--yes',
      '--code',
      'E2E-2',
      '--name',
      'n',
      '--address',
      'a',
      '--payment-terms',
      'advance',
      '-o',
      'json',
    ]);
    expect(record(advance.stdout).paymentTerms).toBe(1);
    const dup = await sb.run([
      'inventory',
      'suppliers',
      'create',
      '--yes',
      '--code',
      'E2E',
      '--name',
      'x',
      '--address',
      'y',
    ]);
    expect(dup.code).toBe(5);
    const before = await summary();
    const missing = await sb.run(['inventory', 'suppliers', 'create', '--yes', '--name', 'x', '--payment-terms', '10']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--code is required');
    expect(missing.stderr).toContain('--address is required');
    expect(missing.stderr).toContain('--payment-terms must be none, advance');
    expect((await summary()).suppliers).toBe(before.suppliers);
  });

  it('stock adjust: needs a reason, refuses negative stock with exit 5 and sends nothing', async () => {
    const level = async () =>
      json((await sb.run(['inventory', 'stock', 'levels', '--product', '1006', '-o', 'json'])).stdout)[0]
        .quantity as number;
    const start = await level();
    const before = await summary();
    const noReason = await sb.run(['inventory', 'stock', 'adjust', '--yes', '--product', '1006', '--quantity', '-1']);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--comment is required (the reason for the adjustment)');
    const zero = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1006',
      '--quantity',
      '0',
      '--comment',
      'x',
    ]);
    expect(zero.code).toBe(2);
    const negative = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1006',
      `--quantity=-${start + 1}`,
      '--comment',
      'shrinkage',
    ]);
    expect(negative.code).toBe(5);
    expect(negative.stderr).toContain(`on hand: ${start}`);
    expect((await summary()).movements).toBe(before.movements);
    const ok = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1006',
      '--quantity',
      '-2',
      '--comment',
      'breakage',
      '-o',
      'json',
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(record(ok.stdout)).toMatchObject({
      previousQuantity: start,
      newQuantity: start - 2,
      userId: 1,
      warehouseId: 1,
    });
    expect(await level()).toBe(start - 2);
    const unknown = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '999999',
      '--quantity',
      '1',
      '--comment',
      'x',
    ]);
    expect(unknown.code).toBe(4);
  });
});

describe('venue inventory products list --all', () => {
  it('streams every product as ndjson and csv', async () => {
    await sb.control('POST', '/inventory/seed', { products: 5000 });
    const total = (await summary()).products;
    const ndjson = await sb.run(['inventory', 'products', 'list', '--all', '-o', 'ndjson'], { timeoutMs: 60_000 });
    expect(ndjson.code, ndjson.stderr).toBe(0);
    const lines = ndjson.stdout.trim().split('\n');
    expect(lines).toHaveLength(total);
    const ids = lines.map((l) => json(l).productId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const csv = await sb.run(['inventory', 'products', 'list', '--all', '--concurrency', '2', '-o', 'csv'], {
      timeoutMs: 60_000,
    });
    expect(csv.stdout.trim().split('\n')).toHaveLength(total + 1);
    const both = await sb.run(['inventory', 'products', 'list', '--all', '--page', '2']);
    expect(both.code).toBe(2);
  }, 90_000);
});
