// Request bodies in the vendor's own names (inventory.bodyNames): which names
// of a document's request schema venue must write as written, and the body
// rewritten through them at every depth, other keys left as venue's.
import { describe, expect, it } from 'vitest';
import {
  InventoryRouteMap,
  inVendorNames,
  parseBodyNames,
  vendorBodyNames,
} from '../../../src/lib/inventory/routes.js';
import { UsageError } from '../../../src/lib/errors.js';

describe('vendorBodyNames', () => {
  it('keeps the names camelCase would not write as they are (PascalCase, snake_case), once each', () => {
    expect(vendorBodyNames(['ProductId', 'quantity', 'Lines', 'ProductId', 'warehouse_id', 'sellPrice'])).toEqual([
      'Lines',
      'ProductId',
      'warehouse_id',
    ]);
    expect(vendorBodyNames(['productId', 'lines'])).toEqual([]);
  });
});

describe('inVendorNames', () => {
  it('renames keys matched case-, underscore- and dash-insensitively, nested objects and array items too', () => {
    const body = { productId: 7, lines: [{ productId: 1, quantity: 2, note: 'x' }], warehouseId: 1, comment: 'c' };
    expect(inVendorNames(body, ['ProductId', 'Lines', 'Quantity', 'warehouse_id'])).toEqual({
      ProductId: 7,
      Lines: [{ ProductId: 1, Quantity: 2, note: 'x' }],
      warehouse_id: 1,
      comment: 'c',
    });
  });

  it('leaves the body as it is without names, and leaves values alone', () => {
    const body = { name: 'ProductId' };
    expect(inVendorNames(body, undefined)).toBe(body);
    expect(inVendorNames(body, ['Name'])).toEqual({ Name: 'ProductId' });
  });
});

describe('parseBodyNames and the route map', () => {
  it('reads the stored JSON per operation, refusing what it cannot be', () => {
    expect(parseBodyNames('{"adjustStock":["ProductId"]}')).toEqual({ adjustStock: ['ProductId'] });
    expect(parseBodyNames(undefined)).toEqual({});
    expect(() => parseBodyNames('{"nope":["A"]}')).toThrow(UsageError);
    expect(() => parseBodyNames('[1]')).toThrow(UsageError);
    expect(() => parseBodyNames('{"adjustStock":[1]}')).toThrow(UsageError);
  });

  it('writes a body of an operation through its own names only', () => {
    const map = InventoryRouteMap.fromSettings((key) =>
      key === 'inventory.bodyNames' ? { value: '{"adjustStock":["ProductId"]}', source: 'profile' } : undefined,
    );
    expect(map.vendorBody('adjustStock', { productId: 1 })).toEqual({ ProductId: 1 });
    expect(map.vendorBody('receiveStock', { productId: 1 })).toEqual({ productId: 1 });
    expect(map.vendorBody('adjustStock', undefined)).toBeUndefined();
  });
});
