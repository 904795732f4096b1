import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RECORD_SHAPES,
  SERVICE_FIELDS,
  recordsMarkdown,
  shapeFieldNames,
  shapeRecord,
  type RecordShape,
} from '../../../src/lib/records.js';
import { Output } from '../../../src/lib/output.js';
import {
  accepts,
  asBoolean,
  asEnum,
  asNumber,
  fieldKey,
  field,
  isRecord,
  wordField,
  withSource,
  type FieldSpec,
  type FieldType,
} from '../../../src/lib/reading.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

const root = path.resolve(__dirname, '../../..');

/**
 * The rules of shaping (docs/records.md) written out plainly, field by field
 * and key by key: the reference the compiled plans (records.ts, the one way
 * records are shaped) are held to. Fields whose own name is among the keys
 * are read first; each field takes its first candidate key (each name's exact
 * spelling, then its other casings) not read for another field whose value
 * its type accepts (a field holding records of a nested shape: a record or a
 * list; an amount: a number or a record), else null when one is null; values
 * converted for machines; the fields in the table's order, then the keys no
 * field read, those venue gives to a field under _service.
 */
function reference(raw: unknown, shape: RecordShape): unknown {
  if (!isRecord(raw)) return raw;
  const keys = Object.keys(raw);
  const specs = Object.values(shape.table);
  const takes = (spec: FieldSpec, nested: RecordShape | undefined, value: unknown) =>
    nested && spec.type === 'any' ? Array.isArray(value) || isRecord(value) : accepts(spec, value);
  const convert = (spec: FieldSpec, nested: RecordShape | undefined, value: unknown): unknown => {
    const inner = (v: unknown) => reference(v, nested!);
    switch (spec.type) {
      case 'integer':
      case 'number':
        return asNumber(value) ?? value;
      case 'money':
        if (isRecord(value)) return nested ? inner(value) : value;
        return asNumber(value) ?? value;
      case 'ref':
        return isRecord(value) ? value : (asNumber(value) ?? value);
      case 'boolean':
        return asBoolean(value) ?? value;
      case 'enum': {
        if (!spec.words) return value;
        const word = asEnum(value, spec.words) ?? value;
        return typeof word === 'string' && /^\d+$/.test(word) ? Number(word) : word;
      }
      case 'datetime':
        return typeof value === 'number' ? new Date(value).toISOString() : value;
      case 'record':
        return nested ? inner(value) : value;
      case 'list':
      case 'any':
        if (nested && Array.isArray(value)) return value.map(inner);
        if (nested && isRecord(value)) return inner(value);
        return value;
      default:
        return value;
    }
  };
  const order = [
    ...specs.filter((spec) => keys.some((k) => fieldKey(k) === fieldKey(spec.names[0]!))),
    ...specs.filter((spec) => !keys.some((k) => fieldKey(k) === fieldKey(spec.names[0]!))),
  ];
  const used = new Set<string>();
  const values = new Map<FieldSpec, unknown>();
  for (const spec of order) {
    const nested = shape.nested?.[spec.names[0]!];
    const candidates: string[] = [];
    for (const name of spec.names) {
      const matching = keys.filter((k) => fieldKey(k) === fieldKey(name));
      for (const k of [...matching.filter((k) => k === name), ...matching.filter((k) => k !== name)])
        if (!candidates.includes(k)) candidates.push(k);
    }
    // The lookup's rule (reading.ts): a null candidate decides, no later name is tried; one of another type is skipped.
    let nullKey: string | undefined;
    let found: string | undefined;
    for (const key of candidates) {
      if (used.has(key)) continue;
      const value = raw[key];
      if (value === undefined) continue;
      if (value === null) {
        nullKey = key;
        break;
      }
      if (takes(spec, nested, value)) {
        found = key;
        break;
      }
    }
    if (found !== undefined) {
      used.add(found);
      values.set(spec, convert(spec, nested, raw[found]));
    } else if (nullKey !== undefined) {
      used.add(nullKey);
      values.set(spec, null);
    }
  }
  const out: Record<string, unknown> = {};
  const define = (target: Record<string, unknown>, key: string, value: unknown) =>
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  for (const spec of specs) if (values.has(spec)) define(out, spec.names[0]!, values.get(spec));
  const venueNames = new Set(specs.map((spec) => fieldKey(spec.names[0]!)));
  let others: Record<string, unknown> | undefined;
  for (const key of keys) {
    if (used.has(key)) continue;
    if (venueNames.has(fieldKey(key))) define((others ??= {}), key, raw[key]);
    else define(out, key, raw[key]);
  }
  if (others) define(out, SERVICE_FIELDS, others);
  return out;
}

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

  it("a record already in venue's shape is shaped as any other: a new record of the same text, the service's left as it was", () => {
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
    const before = JSON.stringify(venue);
    const shaped = shapeRecord(venue, RECORD_SHAPES.product);
    expect(shaped).not.toBe(venue);
    expect(JSON.stringify(shaped)).toBe(before);
    expect(JSON.stringify(venue)).toBe(before);
    const cases: Array<[string, Record<string, unknown>]> = [
      ['a digit string id', { ...venue, productId: '1001' }],
      ['a nested entry to convert', { ...venue, stockLevels: [{ warehouseId: 1, quantity: '4' }] }],
      ["an unknown field before venue's", { colour: 'blue', productId: 1001, productName: 'Gummy' }],
      ["the table's order not kept", { productName: 'Gummy', productId: 1001 }],
      // The service says productName is empty: null it is, and `name` stays the service's (no later name is tried).
      ['a synonym beside a null name', { productId: 1001, productName: null, name: 'Second' }],
      ['a boolean as text', { productId: 1001, isActive: 'yes' }],
    ];
    for (const [what, raw] of cases) {
      const text = JSON.stringify(raw);
      expect(JSON.stringify(shapeRecord(raw, RECORD_SHAPES.product)), what).toBe(
        JSON.stringify(reference(raw, RECORD_SHAPES.product)),
      );
      expect(JSON.stringify(raw), what).toBe(text);
    }
  });

  it('shapes as the plain reading does, a spread of values in two key orders (the same text either way)', () => {
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
      // The plain reading is the reference, for the record and its fields in reverse order.
      const reversed = Object.fromEntries(Object.entries(raw).reverse());
      const expected = JSON.stringify(reference(raw, RECORD_SHAPES.product));
      expect(JSON.stringify(shapeRecord(raw, RECORD_SHAPES.product))).toBe(expected);
      expect(JSON.stringify(shapeRecord(reversed, RECORD_SHAPES.product))).toBe(
        JSON.stringify(reference(reversed, RECORD_SHAPES.product)),
      );
      expect(JSON.stringify(shapeRecord(reversed, RECORD_SHAPES.product))).toBe(expected);
      checked++;
    }
    expect(checked).toBe(400);
  });

  it('a field whose one key no other field reads: found, null or of another type, row after row, as the plain reading shapes it', () => {
    // Each product field under its venue name alone (no synonym beside it): a value its type takes, null, or a value
    // of another type (kept under _service). Rows of one key list in turn, so that a layout made for one mix is met
    // by rows of another (the plan notes no read for such a key: it was read exactly when its field was found), then
    // rows with some of the keys left out (other key lists).
    const good: Record<string, unknown> = {
      productId: 1001,
      productName: 'Gummy',
      productType: 2,
      sellPrice: 3.5,
      isActive: true,
      createdAt: '2026-01-01T00:00:00Z',
      barcodes: ['930'],
      stockLevels: [{ warehouseId: 1, quantity: 4 }],
      reorderLevelMin: 10,
    };
    const wrong: Record<string, unknown> = {
      productId: 'P-1',
      productName: { text: 'x' },
      productType: true,
      sellPrice: 'n/a',
      isActive: 'maybe',
      createdAt: 'never',
      barcodes: 7,
      stockLevels: 'n/a',
      reorderLevelMin: 'lots',
    };
    const names = Object.keys(good);
    const kinds = ['good', 'null', 'wrong', 'left out'] as const;
    let checked = 0;
    for (const withLeftOut of [false, true])
      for (let n = 0; n < 300; n++) {
        let rest = n * 104729;
        const raw: Record<string, unknown> = {};
        for (const name of names) {
          const kind = kinds[rest % (withLeftOut ? 4 : 3)]!;
          rest = Math.floor(rest / (withLeftOut ? 4 : 3));
          if (kind !== 'left out') raw[name] = kind === 'good' ? good[name] : kind === 'null' ? null : wrong[name];
        }
        raw.colour = n % 2 ? 'blue' : null;
        expect(JSON.stringify(shapeRecord(raw, RECORD_SHAPES.product)), JSON.stringify(raw)).toBe(
          JSON.stringify(reference(raw, RECORD_SHAPES.product)),
        );
        checked++;
      }
    expect(checked).toBe(600);
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
      const expected = reference(row, RECORD_SHAPES.stockLevel) as Record<string, unknown>;
      expect(Object.keys(shaped)).toEqual(Object.keys(expected));
      expect(shaped).toStrictEqual(expected);
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
    // A key holding undefined (a record made in code, not read from JSON) is a field the service did not give.
    const made = { productId: 1, productName: undefined };
    expect(shapeRecord(made, RECORD_SHAPES.product)).toStrictEqual(reference(made, RECORD_SHAPES.product));
  });

  it('the compiled plan reads every type as the plain reading does, over a spread of values, in both key orders', () => {
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
    let compared = 0;
    for (const [what, spec, nested] of specs) {
      const shape: RecordShape = {
        name: 't',
        service: 'test',
        table: { f: spec, g: field('integer', 'g') },
        nested: nested ? { f: nested } : undefined,
      };
      for (const value of values) {
        const said = `${what}: ${typeof value === 'bigint' ? value : JSON.stringify(value)}`;
        for (const raw of [
          { f: value, g: 7 },
          { g: 7, f: value },
          { F: value, g: 7 },
        ]) {
          expect(shapeRecord(raw, shape), said).toStrictEqual(reference(raw, shape));
          compared++;
        }
      }
      // A key holding undefined (a record made in code) is no value of the field.
      const made = { f: undefined, g: 7 };
      expect(shapeRecord(made, shape), what).toStrictEqual(reference(made, shape));
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('rows of one key list whose values change which fields are found take the layout of their own values', () => {
    const shape = RECORD_SHAPES.stockLevel;
    const rows: Array<Record<string, unknown>> = [];
    for (let n = 0; n < 64; n++)
      rows.push({
        productId: n % 2 ? 'P-x' : n,
        warehouse: n % 3 ? null : { id: 2 },
        qty: n % 5 ? n : 'none',
        quantity: n % 7 ? undefined : n,
        colour: n % 4 ? 'blue' : null,
      });
    for (let pass = 0; pass < 2; pass++)
      for (const row of rows) expect(shapeRecord(row, shape)).toStrictEqual(reference(row, shape));
  });

  it('a key named __proto__ is a field like any other, never the prototype', () => {
    const raw = JSON.parse('{"id": 7, "__proto__": {"polluted": true}, "name": "Main"}') as Record<string, unknown>;
    const shaped = shapeRecord(raw, RECORD_SHAPES.warehouse) as Record<string, unknown>;
    expect(Object.getPrototypeOf(shaped)).toBe(Object.prototype);
    expect(JSON.stringify(shaped)).toBe('{"warehouseId":7,"name":"Main","__proto__":{"polluted":true}}');
  });

  it('a field holding records of a nested shape takes a record or a list, never a word standing in its place', () => {
    expect(
      shapeRecord({ id: 1, stockLevels: 'n/a', stock: [{ warehouse: 1, onHand: '4' }] }, RECORD_SHAPES.product),
    ).toStrictEqual({ productId: 1, stockLevels: [{ warehouseId: 1, quantity: 4 }], _service: { stockLevels: 'n/a' } });
  });

  it("every shape's needs name a field of its table, and a need of records a field holding a nested shape", () => {
    const seen = new Set<RecordShape>();
    const visit = (shape: RecordShape) => {
      if (seen.has(shape)) return;
      seen.add(shape);
      const names = shapeFieldNames(shape);
      for (const [name, need] of Object.entries(shape.needs ?? {})) {
        expect(names, `${shape.name}: ${name}`).toContain(name);
        if (need.kind === 'records') expect(shape.nested?.[name], `${shape.name}: ${name}`).toBeDefined();
      }
      for (const inner of Object.values(shape.nested ?? {})) visit(inner);
    };
    for (const shape of Object.values(RECORD_SHAPES)) visit(shape);
    expect(RECORD_SHAPES.product.needs).toBeDefined();
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
