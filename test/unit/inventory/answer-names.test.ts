// Answers in the vendor's own words (inventory.answerNames): a response
// schema's fields matched to venue's field tables on evidence (words AND
// type), never a guess; and the answer read through the stored names at
// every depth, other keys left as the service wrote them.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/lib/errors.js';
import { field } from '../../../src/lib/reading.js';
import { InventoryRouteMap, inVenueNames, parseAnswerNames } from '../../../src/lib/inventory/routes.js';
import { matchAnswer, matchRecordTable, nameWords, recordPrefix } from '../../../src/lib/openapi/answers.js';
import { shapeOf } from '../../../src/lib/openapi/operations.js';

const product = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const list = (item: unknown) => ({
  type: 'object',
  properties: { items: { type: 'array', items: item }, totalItems: { type: 'integer' } },
});
const shape = (schema: unknown) => shapeOf({}, schema)!;

describe('nameWords', () => {
  it('splits snake, kebab, camel and Pascal case into lower-case words', () => {
    expect(nameWords('qty_on_hand')).toEqual(['qty', 'on', 'hand']);
    expect(nameWords('OnHandQty')).toEqual(['on', 'hand', 'qty']);
    expect(nameWords('sku-code')).toEqual(['sku', 'code']);
    expect(nameWords('SKUCode')).toEqual(['sku', 'code']);
  });
});

describe('matchAnswer', () => {
  it('matches a vendor word to the one field whose names say it, when the type agrees; stores only what the reading layer would not find', () => {
    const schema = product({
      id: { type: 'integer' },
      item_title: { type: 'string' },
      sku_code: { type: 'string' },
      sell_price: { type: 'number' },
      stockLevels: {
        type: 'array',
        items: product({ warehouseId: { type: 'integer' }, on_hand_qty: { type: 'number' } }),
      },
    });
    const found = matchAnswer('getProduct', shape(schema));
    expect(found.names).toEqual({ item_title: 'productName', sku_code: 'productCode', on_hand_qty: 'quantity' });
    expect(found.matched).toContainEqual({
      vendor: 'on_hand_qty',
      venue: 'quantity',
      path: 'stockLevels[].on_hand_qty',
    });
    // sell_price and id are read as they are: nothing stored for them, nothing listed.
    expect(found.unmatched).toEqual([]);
  });

  it('reads a list through its envelope (items[]) and the same words there', () => {
    const found = matchAnswer(
      'listProducts',
      shape(list(product({ id: { type: 'integer' }, sku_code: { type: 'string' } }))),
    );
    expect(found.names).toEqual({ sku_code: 'productCode' });
    expect(recordPrefix(shape(list(product({ a: { type: 'string' } }))), true)).toBe('items[]');
  });

  it('reads one record through the object an envelope wraps it in ({data: {…}})', () => {
    const wrapped = shape({
      type: 'object',
      properties: {
        data: product({ id: { type: 'integer' }, item_title: { type: 'string' }, sku_code: { type: 'string' } }),
        meta: { type: 'object' },
      },
    });
    expect(recordPrefix(wrapped, false)).toBe('data');
    expect(matchAnswer('getProduct', wrapped).names).toEqual({ item_title: 'productName', sku_code: 'productCode' });
    // An operation venue reads no record of (deleteWebhook, health) stores nothing.
    expect(matchAnswer('deleteWebhook', wrapped)).toEqual({ names: {}, matched: [], unmatched: [] });
  });

  it('leaves a field unmatched when the type disagrees, saying so', () => {
    const found = matchAnswer('getProduct', shape(product({ sku_code: { type: 'integer' }, item_title: {} })));
    expect(found.names).toEqual({});
    expect(found.unmatched).toEqual([
      { vendor: 'sku_code', path: 'sku_code', why: expect.stringMatching(/productCode.*integer.*text/) },
      { vendor: 'item_title', path: 'item_title', why: expect.stringMatching(/productName.*\(no type\)/) },
    ]);
  });

  it('never chooses between two candidate fields', () => {
    const table = {
      stockQuantity: field('number', 'stockQuantity', 'qty'),
      countedQuantity: field('number', 'countedQuantity', 'qty', 'stockCount'),
    };
    const found = matchRecordTable({ table, list: false }, shape(product({ qty_stock: { type: 'number' } })));
    expect(found.names).toEqual({});
    expect(found.unmatched).toEqual([
      {
        vendor: 'qty_stock',
        path: 'qty_stock',
        why: 'its words fit stockQuantity and countedQuantity: venue does not choose between them',
      },
    ]);
  });

  it('leaves unmatched what no field has the words of, and a word for a field the record already has', () => {
    const found = matchAnswer(
      'getProduct',
      shape(product({ name: { type: 'string' }, item_title: { type: 'string' }, colour: { type: 'string' } })),
    );
    expect(found.names).toEqual({});
    expect(found.unmatched.map((u) => [u.vendor, u.why])).toEqual([
      ['colour', 'no field venue reads has its words'],
      ['item_title', 'its words say productName, but the record already has productName as name'],
    ]);
  });

  it('refuses two vendor names for one field', () => {
    const found = matchAnswer(
      'getProduct',
      shape(product({ item_title: { type: 'string' }, title_name: { type: 'string' } })),
    );
    expect(found.names).toEqual({});
    expect(found.unmatched.map((u) => u.why)).toEqual([
      'item_title and title_name both say productName: venue does not choose between them',
      'item_title and title_name both say productName: venue does not choose between them',
    ]);
  });

  it('stock levels: the level record of a list', () => {
    const found = matchAnswer(
      'stockLevels',
      shape({
        type: 'array',
        items: product({
          productId: { type: 'integer' },
          on_hand_qty: { type: 'integer' },
          sku_code: { type: 'string' },
        }),
      }),
    );
    expect(found.names).toEqual({ on_hand_qty: 'quantity', sku_code: 'productCode' });
  });
});

describe('inVenueNames and the route map', () => {
  it('renames the named keys at every depth, items of lists too, and nothing else', () => {
    const answer = { items: [{ sku_code: 'A', stockLevels: [{ on_hand_qty: 3, sku: 'x' }] }], sku_codes: 1 };
    expect(inVenueNames(answer, { sku_code: 'productCode', on_hand_qty: 'quantity' })).toEqual({
      items: [{ productCode: 'A', stockLevels: [{ quantity: 3, sku: 'x' }] }],
      sku_codes: 1,
    });
    expect(inVenueNames(answer, undefined)).toBe(answer);
    expect(inVenueNames({ SKU_Code: 'A' }, { sku_code: 'productCode' })).toEqual({ productCode: 'A' });
    // Never one value over another: where the record holds venue's name already, or two keys would take it, nothing is renamed.
    expect(inVenueNames({ sku_code: 'A', productCode: 'B' }, { sku_code: 'productCode' })).toEqual({
      sku_code: 'A',
      productCode: 'B',
    });
    expect(inVenueNames({ SKU_Code: 'A', SkuCode: 'B' }, { sku_code: 'productCode' })).toEqual({
      SKU_Code: 'A',
      SkuCode: 'B',
    });
  });

  it('reads the stored JSON per operation, refusing what it cannot be', () => {
    expect(parseAnswerNames('{"getProduct":{"sku_code":"productCode"}}')).toEqual({
      getProduct: { sku_code: 'productCode' },
    });
    expect(parseAnswerNames(undefined)).toEqual({});
    expect(() => parseAnswerNames('{"nope":{}}')).toThrow(UsageError);
    expect(() => parseAnswerNames('{"getProduct":["a"]}')).toThrow(UsageError);
    expect(() => parseAnswerNames('{"getProduct":{"a":1}}')).toThrow(UsageError);
    expect(() => parseAnswerNames('not json')).toThrow(UsageError);
    const map = InventoryRouteMap.fromSettings((key) =>
      key === 'inventory.answerNames'
        ? { value: '{"getProduct":{"sku_code":"productCode"}}', source: 'profile' }
        : undefined,
    );
    expect(map.venueAnswer('getProduct', { sku_code: 'A' })).toEqual({ productCode: 'A' });
    expect(map.venueAnswer('listProducts', { sku_code: 'A' })).toEqual({ sku_code: 'A' });
  });
});
