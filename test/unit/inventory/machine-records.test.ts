// A listing reads each record once, through its shape's compiled plan
// (records.ts): shaped and checked for what it must hold (shapeChecked), the
// view made from the shaped record (productPages, stockLevelPages) or the
// shaped record printed (productRecordPages, stockLevelRecordPages). For every
// page below, good or broken, both fail the same way (exit 6, the same
// message) or both succeed, and the records printed are those shapeRecord
// gives for the service's own records. The plan's checks are held to the
// reads a view made through RecordReader before (written out below).

import { describe, expect, it } from 'vitest';
import { mockInventoryService } from '../../support/mock-inventory.js';
import { InventoryClient } from '../../../src/lib/inventory/client.js';
import {
  Checking,
  RECORD_SHAPES,
  shapeChecked,
  shapeRecord,
  shapedRecordOf,
  type RecordShape,
} from '../../../src/lib/records.js';
import { RecordReader, asText, isRecord, sourceOf, type FieldSpec } from '../../../src/lib/reading.js';
import { levelOfRow, stockLevelNeeds } from '../../../src/lib/inventory/views.js';
import {
  productFields,
  productStockFields,
  productSupplierFields,
  stockLevelFields,
} from '../../../src/lib/inventory/fields.js';

/** What a product view read through RecordReader before its shape's plan checked it: the reference of the checks. */
function readProductNeeds(reader: RecordReader): void {
  const f = productFields;
  const nested = (spec: FieldSpec, what: string, needs: (r: RecordReader) => void) => {
    const list = reader.list(spec);
    const items = list ?? (reader.record(spec, what) ? [reader.record(spec, what)!.raw] : []);
    for (const item of items) {
      if (!isRecord(item)) throw reader.missing(`${what} list`, spec, 'has an unreadable');
      needs(new RecordReader(item, reader.source, what));
    }
  };
  reader.need(f.productId, 'id');
  reader.need(f.productName, 'name');
  const barcodes = reader.value(f.barcodes);
  if (barcodes !== undefined)
    for (const item of Array.isArray(barcodes) ? barcodes : [barcodes]) {
      const text = isRecord(item)
        ? asText(new RecordReader(item, reader.source, 'barcodes').value(['barcode', 'code', 'value']))
        : asText(item);
      if (text === undefined) throw reader.missing('barcodes', f.barcodes, 'has an unreadable');
    }
  nested(f.stockLevels, 'stock level', (entry) => {
    entry.need(productStockFields.warehouseId, 'warehouse id');
    entry.need(productStockFields.quantity, 'quantity');
  });
  nested(f.suppliers, 'supplier link', (link) => link.need(productSupplierFields.supplierId, 'supplier id'));
}

/** What a stock level view read through RecordReader before: the reference of its needs. */
function readLevelNeeds(reader: RecordReader) {
  const f = stockLevelFields;
  return {
    productId: reader.need(f.productId, 'product id'),
    warehouseId: reader.get(f.warehouseId),
    quantity: reader.need(f.quantity, 'quantity'),
  };
}

const service = mockInventoryService();

function client(page: unknown) {
  const { deps, pool } = service();
  pool
    .intercept({ path: /^\/(products|stock-levels)\?/, method: 'GET' })
    .reply(200, page as object)
    .persist();
  return new InventoryClient(deps);
}

async function outcome<T>(pages: AsyncIterable<T[]>): Promise<{ rows?: T[]; error?: string; exitCode?: number }> {
  try {
    const rows: T[] = [];
    for await (const page of pages) rows.push(...page);
    return { rows };
  } catch (error) {
    return { error: (error as Error).message, exitCode: (error as { exitCode?: number }).exitCode };
  }
}

/**
 * Both paths over one page: the same failure (exit 6, the same message) or
 * both succeed, with the records printed those shapeRecord gives for the
 * service's own records. The views when both succeed, else undefined.
 */
async function bothPaths<V>(
  items: unknown[],
  views: (c: InventoryClient) => AsyncIterable<V[]>,
  records: (c: InventoryClient) => AsyncIterable<object[]>,
  shape: RecordShape,
) {
  const page = { items, page: 1, pageSize: 200, totalPages: 1, totalItems: items.length };
  const byViews = await outcome(views(client(page)));
  const byRecords = await outcome(records(client(page)));
  expect(byRecords.error).toBe(byViews.error);
  expect(byRecords.exitCode).toBe(byViews.exitCode);
  if (byViews.error) {
    expect(byViews.exitCode).toBe(6);
    return undefined;
  }
  expect(byRecords.rows!.map((row) => shapedRecordOf(row, shape))).toEqual(
    byViews.rows!.map((view) => shapeRecord(sourceOf(view), shape)),
  );
  expect(byRecords.rows!.map(sourceOf)).toEqual(items);
  return { views: byViews.rows!, records: byRecords.rows! };
}

const good = {
  productId: 1001,
  productName: 'Gummy Bears',
  sellPrice: '3.50',
  barcodes: ['930001'],
  stockLevels: [{ warehouseId: 1, quantity: 4 }],
  suppliers: [{ supplierId: 3 }],
  extraField: 'kept',
};

const inShape = {
  productId: 1001,
  productName: 'Gummy Bears',
  productType: 2,
  sellPrice: 3.5,
  barcodes: ['930001'],
  stockLevels: [{ warehouseId: 1, quantity: 4 }],
  suppliers: [{ supplierId: 3 }],
  isActive: true,
};

const pages: Array<[string, unknown[]]> = [
  ['good records, venue names', [good, { ...good, productId: 1002, barcodes: '930002, 930003' }]],
  ['PascalCase and synonyms', [{ ProductId: '1003', Name: 'Plush', StockLevels: [{ WarehouseId: 2, OnHand: 7 }] }]],
  ['a nested id record', [{ ...good, stockLevels: [{ warehouse: { id: 1 }, quantity: 2 }] }]],
  ['one stock entry as a record, not a list', [{ ...good, stockLevels: { warehouseId: 1, quantity: 5 } }]],
  ['no id', [{ productName: 'Nameless id' }]],
  ['a decoy id only', [{ productId: 'P-1', productName: 'Decoy' }]],
  ['a blank name', [{ productId: 1, productName: '   ' }]],
  // The service says the name is empty: no later name is tried (reading.ts, the lookup's rule), so it has no name.
  ['a null name beside a synonym that has one', [{ productId: 1, productName: null, name: 'Second' }]],
  ['a name that is a record', [{ productId: 1, productName: { text: 'x' } }]],
  ['a stock entry without quantity', [{ ...good, stockLevels: [{ warehouseId: 1 }] }]],
  ['a stock entry that is not a record', [{ ...good, stockLevels: [5] }]],
  ['a supplier link without supplier', [{ ...good, suppliers: [{ containerId: 2 }] }]],
  ['an unreadable barcode', [{ ...good, barcodes: [{ nothing: true }] }]],
  ['a good record, then a broken one', [good, { productName: 'No id' }]],
  ['an item that is text, not a record', [good, 'x']],
  ['an item that is null', [null]],
  // In venue's own names, order and types (the shape kept as it is, holdsProductNeeds on the hot path).
  [
    "good records in venue's shape",
    [
      inShape,
      { ...inShape, productId: 1002, barcodes: null, stockLevels: [], suppliers: null },
      { ...inShape, productId: 1003, productName: 7 },
    ],
  ],
  ['in shape: a blank name', [{ ...inShape, productName: ' ' }]],
  ['in shape: a null id', [{ ...inShape, productId: null }]],
  ['in shape: a fractional id', [{ ...inShape, productId: 1.5 }]],
  ['in shape: an empty barcode', [{ ...inShape, barcodes: ['930001', ''] }]],
  ['in shape: a stock entry without quantity', [{ ...inShape, stockLevels: [{ warehouseId: 1 }] }]],
  [
    'in shape: a stock entry with a null warehouse',
    [{ ...inShape, stockLevels: [{ warehouseId: null, quantity: 1 }] }],
  ],
  ['in shape: a stock entry that is not a record', [{ ...inShape, stockLevels: ['x'] }]],
  ['in shape: a supplier link without supplier', [{ ...inShape, suppliers: [{ supplierId: null }] }]],
];

describe('products in a machine format: read once, checked as the views check', () => {
  const failed: string[] = [];
  for (const [name, items] of pages) {
    it(name, async () => {
      const both = await bothPaths(
        items,
        (c) => c.productPages({}, { concurrency: 1 }),
        (c) => c.productRecordPages({}, { concurrency: 1 }),
        RECORD_SHAPES.product,
      );
      if (!both) failed.push(name);
    });
  }

  it('the pages meant to be broken did fail, and only those (the comparison above is not of two successes)', () => {
    expect(failed).toEqual(
      pages
        .map(([name]) => name)
        .filter((name) => !/^(good records|PascalCase|a nested id|one stock entry)/.test(name)),
    );
  });

  it('the plan checks a product as the reads through RecordReader did (a spread of mixes, good and broken, in several key orders)', () => {
    const values: Record<string, unknown[]> = {
      productId: [1001, 1.5, null, '1002', 0, 'P-1', { id: 7 }],
      id: [undefined, 3003],
      productName: ['Gummy', ' ', '', 7, null, { text: 'x' }],
      name: [undefined, 'Second'],
      barcodes: [['930001'], [''], '930002', '', [7], [{ barcode: '1' }], [{ nothing: 1 }], null, [null]],
      stockLevels: [
        [{ warehouseId: 1, quantity: 4 }],
        [{ warehouseId: 1 }],
        [{ quantity: 2 }],
        [{ warehouseId: 1, quantity: -2.5 }],
        [{ warehouseId: null, quantity: 1 }],
        [{ warehouse: { id: 2 }, onHand: '3' }],
        [{ WarehouseId: 'W-1', Quantity: 1 }],
        ['x'],
        [],
        null,
        'n/a',
        { warehouseId: 1, quantity: 5 },
      ],
      stock: [undefined, [{ warehouseId: 9, quantity: 9 }]],
      suppliers: [[{ supplierId: 3 }], [{ supplierId: null }], [{}], [], null, [{ vendorId: '4' }], [5]],
    };
    const source = { service: 'inventory', operation: 'list products' };
    const check = new Checking(source, 'product');
    const outcome = (read: () => unknown) => {
      try {
        read();
        return 'ok';
      } catch (error) {
        return (error as Error).message;
      }
    };
    let state = 12345;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(options: T[]): T => (next() < 0.5 ? options[0]! : options[Math.floor(next() * options.length)]!);
    const seen = { passed: 0, refused: 0 };
    const reasons = new Set<string>();
    for (let n = 0; n < 2000; n++) {
      const entries: Array<[string, unknown]> = [];
      for (const [name, options] of Object.entries(values)) {
        const value = pick(options);
        if (value !== undefined) entries.push([name, value]);
      }
      // Venue's order, reversed, or rotated: the same checks whatever the order.
      const turn = n % 3;
      const ordered =
        turn === 1 ? entries.reverse() : turn === 2 ? [...entries.slice(2), ...entries.slice(0, 2)] : entries;
      const product = Object.fromEntries(ordered);
      const expected = outcome(() => readProductNeeds(new RecordReader(product, source, 'product')));
      expect(
        outcome(() => shapeChecked(product, RECORD_SHAPES.product, check)),
        JSON.stringify(product),
      ).toBe(expected);
      if (expected === 'ok') seen.passed++;
      else {
        seen.refused++;
        reasons.add(expected.replace(/ \(.*$/, ''));
      }
    }
    // Both outcomes were met often, and the refusals for many reasons.
    expect(Math.min(seen.passed, seen.refused)).toBeGreaterThan(100);
    expect(reasons.size).toBeGreaterThan(6);
  });
});

const level = { productId: 1001, warehouseId: 1, quantity: 4, productName: 'Gummy', averageUnitCost: 1.2 };
const levelPages: Array<[string, unknown[], { warehouseId?: number }]> = [
  ['good levels', [level, { ...level, productId: 1002, quantity: -2 }], {}],
  ['PascalCase and synonyms', [{ ProductId: '1003', WarehouseId: 2, OnHand: '7' }], {}],
  ['the warehouse asked for', [level], { warehouseId: 1 }],
  ['no quantity', [{ productId: 1, warehouseId: 1 }], {}],
  ['no product', [{ warehouseId: 1, quantity: 3 }], {}],
  ['another warehouse than asked', [level, { ...level, warehouseId: 2 }], { warehouseId: 1 }],
];

describe('stock levels in a machine format: read once, checked as the views check', () => {
  const failed: string[] = [];
  for (const [name, items, query] of levelPages) {
    it(name, async () => {
      const both = await bothPaths(
        items,
        (c) => c.stockLevelPages(query, { concurrency: 1 }),
        (c) => c.stockLevelRecordPages(query, { concurrency: 1 }),
        RECORD_SHAPES.stockLevel,
      );
      if (!both) {
        failed.push(name);
        return;
      }
      // What the command's own checks read (levels below zero) is what the view holds.
      expect(both.records.map((row) => levelOfRow(row))).toEqual(
        both.views.map((v) => ({ productId: v.productId, warehouseId: v.warehouseId, quantity: v.quantity })),
      );
    });
  }

  it('the pages meant to be broken did fail, and only those', () => {
    expect(failed).toEqual(['no quantity', 'no product', 'another warehouse than asked']);
  });

  it("a level's needs read by its plan agree with the reads through RecordReader (a spread of levels, synonyms and casings among them)", () => {
    const values: Record<string, unknown[]> = {
      productId: [1001, '1002', 1.5, null, undefined, { id: 7 }],
      ProductId: [undefined, 2002],
      warehouseId: [1, '2', null, undefined, 2.5, { id: 3 }],
      warehouse: [undefined, 4],
      quantity: [4, -2.5, '7', null, undefined, true],
      onHand: [undefined, 9],
    };
    let state = 2024;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(options: T[]): T => (next() < 0.5 ? options[0]! : options[Math.floor(next() * options.length)]!);
    const source = { service: 'inventory', operation: 'read stock levels' };
    const check = new Checking(source, 'stock level');
    const seen = { read: 0, refused: 0 };
    for (let n = 0; n < 1500; n++) {
      const level: Record<string, unknown> = {};
      for (const [name, options] of Object.entries(values)) {
        const value = pick(options);
        if (value !== undefined) level[name] = value;
      }
      const outcome = (read: () => unknown) => {
        try {
          return { needs: read() };
        } catch (error) {
          return { error: (error as Error).message };
        }
      };
      const byReader = outcome(() => readLevelNeeds(new RecordReader(level, source, 'stock level')));
      const byPlan = outcome(() => stockLevelNeeds(shapeChecked(level, RECORD_SHAPES.stockLevel, check)));
      expect(byPlan, JSON.stringify(level)).toEqual(byReader);
      seen[byReader.error ? 'refused' : 'read']++;
    }
    expect(Math.min(seen.read, seen.refused)).toBeGreaterThan(100);
  });
});
