// A route layout's answerNames: the layout's checks, the answers renamed at
// every depth, and the published document's response schemas (never its
// request schemas) in the same words.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renameAnswer } from '../src/answer-names.js';
import { publishedInventoryDocument, readOpenApiDocument } from '../src/openapi-publish.js';
import { canonicalOperations, loadRouteLayout, parseRouteLayout, RouteLayoutError } from '../src/routes.js';

const wordsFile = path.resolve(__dirname, '../examples/inventory-routes-vendor-words.json');
const operations = canonicalOperations(readOpenApiDocument('inventory'));
const parse = (value: unknown) => parseRouteLayout(value, operations, 'routes.json:');

describe('answerNames in a routes file', () => {
  it('the example: per operation, venue field → vendor word', () => {
    const layout = loadRouteLayout(wordsFile);
    expect(layout.answerNames!.getProduct).toEqual({
      productName: 'item_title',
      productCode: 'sku_code',
      quantity: 'on_hand_qty',
    });
    expect(layout.answerNames!.stockLevels).toEqual({ productCode: 'sku_code', quantity: 'on_hand_qty' });
  });

  it('an unknown operation, a bad word or one word for two fields is an error naming the entry', () => {
    expect(() => parse({ answerNames: { getStock: {} } })).toThrow(/answerNames\.getStock: no such operation/);
    expect(() => parse({ answerNames: { getProduct: { productName: 'item title' } } })).toThrow(
      /answerNames\.getProduct\.productName must name a field/,
    );
    expect(() => parse({ answerNames: { getProduct: { productName: 'x', productCode: 'x' } } })).toThrow(
      /x is given to two fields/,
    );
    expect(() => parse({ answerNames: [] })).toThrow(RouteLayoutError);
  });
});

describe('renameAnswer', () => {
  it('renames any casing of the named fields at every depth, values untouched', () => {
    expect(
      renameAnswer(
        { items: [{ productName: 'Cola', ProductCode: 'C', stockLevels: [{ quantity: 2 }], note: 'productName' }] },
        { productName: 'item_title', productCode: 'sku_code', quantity: 'on_hand_qty' },
      ),
    ).toEqual({
      items: [{ item_title: 'Cola', sku_code: 'C', stockLevels: [{ on_hand_qty: 2 }], note: 'productName' }],
    });
  });
});

describe('the published document under answerNames', () => {
  it('renames the answers’ schemas of the named operations only, never a request schema', () => {
    const document = publishedInventoryDocument('http://127.0.0.1:9', loadRouteLayout(wordsFile));
    const contract = readOpenApiDocument('inventory').components!.schemas as Record<string, unknown>;
    const schemas = document.components!.schemas as Record<
      string,
      {
        properties: Record<
          string,
          { properties?: Record<string, unknown>; items?: { properties: Record<string, unknown> } }
        >;
        required?: string[];
      }
    >;
    expect(Object.keys(schemas.Product!.properties)).toEqual(
      expect.arrayContaining(['item_title', 'sku_code', 'productId']),
    );
    expect(schemas.Product!.properties).not.toHaveProperty('productName');
    expect(schemas.Product!.required).toContain('item_title');
    expect(Object.keys(schemas.Product!.properties.stockLevels!.items!.properties)).toEqual([
      'warehouseId',
      'on_hand_qty',
    ]);
    expect(Object.keys(schemas.StockLevel!.properties)).toEqual(
      expect.arrayContaining(['sku_code', 'on_hand_qty', 'productName']),
    );
    // Requests keep the contract's names: the sandbox checks them against it.
    expect(schemas.ProductCreate!.properties).toHaveProperty('productName');
    expect(schemas.StockReceiptRequest).toEqual(contract.StockReceiptRequest);
    // Other answers keep theirs.
    expect(schemas.StockReceipt).toEqual(contract.StockReceipt);
  });
});
