import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RECORD_SHAPES,
  keptAsIsTest,
  recordsMarkdown,
  shapeFieldNames,
  shapeRecord,
  shapeRecordByCopy,
  type RecordShape,
} from '../../../src/lib/records.js';
import { Output } from '../../../src/lib/output.js';
import { field, wordField, withSource, type FieldSpec, type FieldType } from '../../../src/lib/reading.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

const root = path.resolve(__dirname, '../../..');

describe('shapeRecord: one record shape per resource', () => {
  it("reads any casing and synonym into venue's names, in the table's order, values through their types", () => {
    const pascal = {
      Name: 'Laser',
      SessionId: 'S1',
      Available: '4',
      TotalCapacity: 10,
      Start: '2026-01-01T10:00:00Z',
      UnitPrice: '12.50',
    };
    expect(shapeRecord(pascal, RECORD_SHAPES.slot)).toStrictEqual({
      slotId: 'S1',
      startTime: '2026-01-01T10:00:00Z',
      capacity: 10,
      remaining: 4,
      price: 12.5,
      Name: 'Laser',
    });
  });

  it('keeps unknown fields under their own names and a null as null; drops nothing', () => {
    const raw = { id: 7, name: 'Main', colour: 'blue', locationId: null };
    expect(shapeRecord(raw, RECORD_SHAPES.warehouse)).toStrictEqual({
      warehouseId: 7,
      name: 'Main',
      locationId: null,
      colour: 'blue',
    });
  });

  it('skips a value of the wrong type and keeps it under _service when venue uses its name', () => {
    const decoy = { productId: 'P-1001', id: 1001, productName: 'Gummy', enabled: true, active: { since: '2026' } };
    expect(shapeRecord(decoy, RECORD_SHAPES.product)).toStrictEqual({
      productId: 1001,
      productName: 'Gummy',
      isActive: true,
      active: { since: '2026' },
      _service: { productId: 'P-1001' },
    });
  });

  it("gives venue's word for an enumeration, a number for a numeric code, ISO for epoch times, and shapes nested records", () => {
    expect(
      shapeRecord({ CardNumber: '6001', CardStatus: 'NOT_ACTIVATED', BalanceUnit: 'TOKENS' }, RECORD_SHAPES.card),
    ).toStrictEqual({ cardNumber: '6001', status: 'not-activated', playUnit: 'tokens' });
    expect(
      shapeRecord(
        { id: 1, productType: 'stock', created: 0, stock: [{ warehouse: 2, onHand: '5' }] },
        RECORD_SHAPES.product,
      ),
    ).toStrictEqual({
      productId: 1,
      productType: 2,
      stockLevels: [{ warehouseId: 2, quantity: 5 }],
      createdAt: '1970-01-01T00:00:00.000Z',
    });
  });

  it('rows of one key list shape alike whichever came first: the layout a row copies follows its own values', () => {
    // The same keys, row after row, with values that change which fields are found and which keys go under _service.
    const rows = [
      { productId: 'P-1', id: 1, productName: 'Gummy', extra: 'a' },
      { productId: 2, id: 'x', productName: null, extra: 'b' },
      { productId: 'P-3', id: 3, productName: 'Cola', extra: null },
      { productId: 4, id: 'y', productName: 'Chips', extra: 'd' },
      { productId: 'P-5', id: 5, productName: 'Gum', extra: 'e' },
      { productId: 6, id: 'z', productName: null, extra: 'f' },
    ];
    const expected = [
      '{"productId":1,"productName":"Gummy","extra":"a","_service":{"productId":"P-1"}}',
      '{"productId":2,"productName":null,"id":"x","extra":"b"}',
      '{"productId":3,"productName":"Cola","extra":null,"_service":{"productId":"P-3"}}',
      '{"productId":4,"productName":"Chips","id":"y","extra":"d"}',
      '{"productId":5,"productName":"Gum","extra":"e","_service":{"productId":"P-5"}}',
      '{"productId":6,"productName":null,"id":"z","extra":"f"}',
    ];
    for (let pass = 0; pass < 3; pass++)
      expect(rows.map((row) => JSON.stringify(shapeRecord(row, RECORD_SHAPES.product)))).toStrictEqual(expected);
    // A row whose fields are missing copies no layout that has them.
    expect(
      JSON.stringify(
        shapeRecord({ productId: 'P-7', id: 7, productName: 'Taffy', extra: undefined }, RECORD_SHAPES.product),
      ),
    ).toBe('{"productId":7,"productName":"Taffy","_service":{"productId":"P-7"}}');
  });

  it('a key is read for the field it names before another field takes it as a synonym', () => {
    // ORDER.reservationIds lists "reservations" as a synonym; a record holding both gives each its own.
    const order = { orderId: 'O1', reservations: [{ reservationId: 'R1' }], reservationIds: ['R1'] };
    expect(shapeRecord(order, RECORD_SHAPES.order)).toStrictEqual({
      orderId: 'O1',
      reservationIds: ['R1'],
      reservations: [{ reservationId: 'R1' }],
    });
  });

  it('rows of one key list share a plan, rows of another get their own', () => {
    const a = shapeRecord({ id: 1, name: 'A' }, RECORD_SHAPES.category);
    const b = shapeRecord({ categoryId: 'X', categoryName: 'B' }, RECORD_SHAPES.category);
    const c = shapeRecord({ id: 2, name: 'C' }, RECORD_SHAPES.category);
    expect([a, b, c]).toStrictEqual([
      { categoryId: 1, name: 'A' },
      { categoryId: 'X', name: 'B' },
      { categoryId: 2, name: 'C' },
    ]);
  });

  it("a record already in venue's shape (its names, in the table's order, values as venue reads them) is its own shaped record: no copy", () => {
    const venue = {
      productId: 1001,
      productName: 'Gummy',
      productType: 2,
      sellPrice: 3.5,
      barcodes: ['930'],
      stockLevels: [{ warehouseId: 1, quantity: 4 }],
      isActive: true,
      colour: 'blue',
    };
    expect(shapeRecord(venue, RECORD_SHAPES.product)).toBe(venue);
    // Anything that reads otherwise is copied, and the service's record left as it was.
    const cases: Array<[string, Record<string, unknown>]> = [
      ['a digit string id', { ...venue, productId: '1001' }],
      ['a nested entry to convert', { ...venue, stockLevels: [{ warehouseId: 1, quantity: '4' }] }],
      ["an unknown field before venue's", { colour: 'blue', productId: 1001, productName: 'Gummy' }],
      ["the table's order not kept", { productName: 'Gummy', productId: 1001 }],
      ['a synonym beside the name', { productId: 1001, productName: null, name: 'Second' }],
      ['a boolean as text', { productId: 1001, isActive: 'yes' }],
    ];
    for (const [what, raw] of cases) {
      const before = JSON.stringify(raw);
      const shaped = shapeRecord(raw, RECORD_SHAPES.product);
      expect(shaped, what).not.toBe(raw);
      expect(JSON.stringify(raw), what).toBe(before);
    }
  });

  it('a record taken as its own shaped record reads as a copy of it would (the same text in any key order)', () => {
    const values: Record<string, unknown[]> = {
      productId: [1001, '1002', null],
      productName: ['Gummy', '  ', null],
      productType: [2, 'stock', 'STOCK', null],
      saleType: [2, 'Sale, Vending', null],
      sellPrice: [3.5, '3.50', { amount: 3.5, currency: 'AUD' }, null],
      isActive: [true, 'yes', 1, null],
      createdAt: ['2026-01-01T00:00:00Z', 0, null],
      stockLevels: [[{ warehouseId: 1, quantity: 4 }], [{ warehouseId: '1', quantity: 4 }], [], null],
    };
    const names = Object.keys(values);
    let checked = 0;
    for (let n = 0; n < 400; n++) {
      // A different mix of values each time (deterministic: n in mixed radix).
      let rest = n * 7919;
      const raw: Record<string, unknown> = {};
      for (const name of names) {
        const options = values[name]!;
        raw[name] = options[rest % options.length];
        rest = Math.floor(rest / options.length);
      }
      // The full way (every record copied field by field) is the reference, for the record and its fields in reverse order.
      const reversed = Object.fromEntries(Object.entries(raw).reverse());
      const reference = JSON.stringify(shapeRecordByCopy(raw, RECORD_SHAPES.product));
      expect(JSON.stringify(shapeRecord(raw, RECORD_SHAPES.product))).toBe(reference);
      expect(JSON.stringify(shapeRecord(reversed, RECORD_SHAPES.product))).toBe(
        JSON.stringify(shapeRecordByCopy(reversed, RECORD_SHAPES.product)),
      );
      expect(JSON.stringify(shapeRecord(reversed, RECORD_SHAPES.product))).toBe(reference);
      checked++;
    }
    expect(checked).toBe(400);
  });

  it("a record in venue's names but another order (a stock level naming its product before its warehouse) comes out in venue's order, as the full way makes it", () => {
    const rows = [
      {
        productId: 1001,
        productName: 'Gummy',
        productCode: 'SKU-1',
        warehouseId: 1,
        quantity: 10,
        averageUnitCost: 1.58,
        lastPurchasePrice: null,
      },
      {
        productId: 1002,
        productName: 'Plush',
        productCode: 'SKU-2',
        warehouseId: 2,
        quantity: -3,
        averageUnitCost: 2,
        lastPurchasePrice: 2,
      },
      { colour: 'blue', quantity: 4, productId: 1003, warehouseId: 1 },
      {
        productId: 1004,
        productName: 'Odd',
        productCode: 'SKU-4',
        warehouseId: '1',
        quantity: 10,
        averageUnitCost: 1,
        lastPurchasePrice: 1,
      },
    ];
    for (const row of rows) {
      const shaped = shapeRecord(row, RECORD_SHAPES.stockLevel) as Record<string, unknown>;
      const reference = shapeRecordByCopy(row, RECORD_SHAPES.stockLevel) as Record<string, unknown>;
      expect(Object.keys(shaped)).toEqual(Object.keys(reference));
      expect(shaped).toStrictEqual(reference);
      expect(shaped).not.toBe(row);
    }
    expect(Object.keys(shapeRecord(rows[0], RECORD_SHAPES.stockLevel) as object)).toEqual([
      'productId',
      'warehouseId',
      'quantity',
      'productName',
      'productCode',
      'averageUnitCost',
      'lastPurchasePrice',
    ]);
    expect(Object.keys(shapeRecord(rows[2], RECORD_SHAPES.stockLevel) as object)).toEqual([
      'productId',
      'warehouseId',
      'quantity',
      'colour',
    ]);
    // A key holding undefined (a record made in code, not read from JSON) is never kept: the full way decides what becomes of it.
    const made = { productId: 1, productName: undefined };
    expect(shapeRecord(made, RECORD_SHAPES.product)).not.toBe(made);
    expect(shapeRecord(made, RECORD_SHAPES.product)).toStrictEqual(shapeRecordByCopy(made, RECORD_SHAPES.product));
  });

  it('the quick test of a value kept as it is agrees with the full reading, for every type and a spread of values', () => {
    const amount: RecordShape = {
      name: 'amount',
      service: 'test',
      table: { amount: field('number', 'amount', 'value'), currency: field('text', 'currency') },
    };
    const entry: RecordShape = {
      name: 'entry',
      service: 'test',
      table: { warehouseId: field('ref', 'warehouseId', 'id'), quantity: field('number', 'quantity', 'onHand') },
    };
    const types: FieldType[] = [
      'text',
      'id',
      'integer',
      'number',
      'money',
      'boolean',
      'date',
      'datetime',
      'enum',
      'ref',
      'record',
      'list',
      'texts',
      'any',
    ];
    const specs: Array<[string, FieldSpec, RecordShape | undefined]> = [
      ...types.map((type): [string, FieldSpec, undefined] => [type, field(type, 'f'), undefined]),
      ['enum of words', wordField({ active: ['enabled', 'on'], closed: [] }, 'f'), undefined],
      ['enum of numeric codes', wordField({ '2': ['stock'], '3': ['modifier'] }, 'f'), undefined],
      ['money in a record', field('money', 'f'), amount],
      ['a nested record', field('record', 'f'), entry],
      ['a nested list', field('list', 'f'), entry],
      ['a nested any', field('any', 'f'), entry],
    ];
    const values: unknown[] = [
      0,
      1,
      -3,
      1.5,
      2,
      3,
      1e21,
      Infinity,
      10n,
      '1',
      '1.5',
      '2',
      '',
      ' ',
      'abc',
      'Active',
      'active',
      'enabled',
      'stock',
      '2026-01-01',
      true,
      false,
      'yes',
      {},
      { amount: 2 },
      { id: 3 },
      { warehouseId: 1, quantity: 2 },
      { quantity: 2, warehouseId: 1 },
      { warehouseId: '1', quantity: 2 },
      [],
      [1],
      ['a'],
      [{ warehouseId: 1, quantity: 2 }],
      [{ id: 1, quantity: 2 }],
      ['x'],
    ];
    let quick = 0;
    for (const [what, spec, nested] of specs) {
      const kept = keptAsIsTest(spec, nested);
      const shape: RecordShape = {
        name: 't',
        service: 'test',
        table: { f: spec },
        nested: nested ? { f: nested } : undefined,
      };
      for (const value of values) {
        if (!kept(value)) continue;
        quick++;
        // A key before the field makes shapeRecord copy the record field by field: the full reading is the reference.
        const copied = shapeRecord({ first: 0, f: value }, shape) as Record<string, unknown>;
        // A nested list is mapped into a new list, so only its items are compared by identity.
        if (Array.isArray(value))
          value.forEach((item, i) =>
            expect(Object.is((copied.f as unknown[])[i], item), `${what}: ${JSON.stringify(value)}`).toBe(true),
          );
        else
          expect(
            Object.is(copied.f, value),
            `${what}: ${typeof value === 'bigint' ? value : JSON.stringify(value)}`,
          ).toBe(true);
        expect(copied.f).toStrictEqual(value);
      }
    }
    // The quick test answers for most of them (the comparison above is not empty).
    expect(quick).toBeGreaterThan(100);
  });

  it('a record kept whole (its type checks compiled per key list) is what the full reading makes of it, for every type and a spread of values', () => {
    const entry: RecordShape = {
      name: 'entry',
      service: 'test',
      table: { warehouseId: field('ref', 'warehouseId', 'id'), quantity: field('number', 'quantity', 'onHand') },
    };
    const types: FieldType[] = [
      'text',
      'id',
      'integer',
      'number',
      'money',
      'boolean',
      'date',
      'datetime',
      'enum',
      'ref',
      'record',
      'list',
      'texts',
      'any',
    ];
    const specs: Array<[string, FieldSpec, RecordShape | undefined]> = [
      ...types.map((type): [string, FieldSpec, undefined] => [type, field(type, 'f'), undefined]),
      ['enum of words', wordField({ active: ['enabled', 'on'], closed: [] }, 'f'), undefined],
      ['a nested record', field('record', 'f'), entry],
      ['a nested list', field('list', 'f'), entry],
      ['a nested any', field('any', 'f'), entry],
    ];
    const values: unknown[] = [
      0,
      1,
      -3,
      1.5,
      1e21,
      Infinity,
      NaN,
      10n,
      '1',
      '1.5',
      '',
      ' ',
      'abc',
      'active',
      'enabled',
      '2026-01-01',
      'x1',
      true,
      false,
      null,
      {},
      { warehouseId: 1, quantity: 2 },
      { quantity: 2, warehouseId: 1 },
      { warehouseId: '1', quantity: 2 },
      [],
      [1],
      ['a'],
      [{ warehouseId: 1, quantity: 2 }],
      [{ id: 1, quantity: 2 }],
      [
        { warehouseId: 1, quantity: 2 },
        { warehouseId: 1, quantity: 'x' },
      ],
    ];
    let kept = 0;
    for (const [what, spec, nested] of specs) {
      const shape: RecordShape = {
        name: 't',
        service: 'test',
        table: { f: spec, g: field('integer', 'g') },
        nested: nested ? { f: nested } : undefined,
      };
      for (const value of values) {
        const raw = { f: value, g: 7 };
        const shaped = shapeRecord(raw, shape) as Record<string, unknown>;
        const reference = shapeRecordByCopy(raw, shape) as Record<string, unknown>;
        const said = `${what}: ${typeof value === 'bigint' ? value : JSON.stringify(value)}`;
        if (shaped === raw) {
          kept++;
          // Kept as it is only where the full reading keeps the value as it is (a nested list's items by identity).
          if (Array.isArray(value))
            value.forEach((item, i) => expect(Object.is((reference.f as unknown[])[i], item), said).toBe(true));
          else expect(Object.is(reference.f, value), said).toBe(true);
        }
        expect(shaped, said).toStrictEqual(reference);
      }
      // A key holding undefined (a record made in code) is never kept.
      const made = { f: undefined, g: 7 };
      expect(shapeRecord(made, shape), what).not.toBe(made);
    }
    expect(kept).toBeGreaterThan(100);
  });

  it("lists a shape's names venue's first", () => {
    expect(shapeFieldNames(RECORD_SHAPES.slot)).toEqual([
      'slotId',
      'experienceId',
      'date',
      'startTime',
      'endTime',
      'capacity',
      'remaining',
      'price',
    ]);
  });
});

describe("the renderer uses the command's shape", () => {
  const row = withSource({ id: 1 }, { Id: 1, Name: 'Main', Extra: true });
  it("machine formats in venue's names; --raw as sent", async () => {
    const shaped = fakeTerminal();
    const output = new Output(shaped.terminal, { format: 'ndjson' });
    output.declareFields(undefined, RECORD_SHAPES.warehouse);
    await output.list([row]);
    expect(shaped.stdout()).toBe('{"warehouseId":1,"name":"Main","Extra":true}\n');
    const raw = fakeTerminal();
    const rawOutput = new Output(raw.terminal, { format: 'ndjson', raw: true });
    rawOutput.declareFields(undefined, RECORD_SHAPES.warehouse);
    await rawOutput.list([row]);
    expect(raw.stdout()).toBe('{"Id":1,"Name":"Main","Extra":true}\n');
  });
});

describe('docs/records.md', () => {
  it('is what the field tables generate (run `npm run docs:commands` after changing one)', () => {
    expect(fs.readFileSync(path.join(root, 'docs/records.md'), 'utf8')).toBe(recordsMarkdown());
  });
});
