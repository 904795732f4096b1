// Views of a listing's rows copy the key layout of an earlier row with the same
// fields set (views.ts compact()): each row must still hold exactly its own
// fields, its own values and its own service record, whatever came before.
import { describe, expect, it } from 'vitest';
import { productView, stockLevelView } from '../../../src/lib/inventory/views.js';
import { RecordReader, sourceOf, type AnswerSource } from '../../../src/lib/reading.js';

const source: AnswerSource = { service: 'inventory', operation: 'list products' };

describe('inventory views across rows of one listing', () => {
  it('each view has its own fields, values and source, whichever rows came first', () => {
    const rows = [
      { id: 1, name: 'Gummy', description: 'sweet', sellPrice: 1.5 },
      { id: 2, name: 'Cola' },
      { id: 3, name: 'Chips', sellPrice: 2 },
      { id: 4, name: 'Gum', description: 'mint', sellPrice: 0.5 },
      { id: 5, name: 'Taffy', description: 'chewy' },
      { id: 6, name: 'Water' },
    ];
    for (let pass = 0; pass < 3; pass++) {
      for (const raw of rows) {
        const view = productView(new RecordReader(raw, source, 'product'));
        const expected: Record<string, unknown> = { productId: raw.id, productName: raw.name };
        if (raw.description !== undefined) expected.productDescription = raw.description;
        if (raw.sellPrice !== undefined) expected.sellPrice = raw.sellPrice;
        expect(JSON.stringify(view)).toBe(JSON.stringify(expected));
        expect(Object.keys(view)).toStrictEqual(Object.keys(expected));
        expect(sourceOf(view)).toBe(raw);
      }
    }
  });

  it('a view of another kind with the same first key and the same fields set by place never takes a product layout', () => {
    // productId, productName, productDescription set; productId, warehouseId, quantity set: the first three places each.
    const product = productView(new RecordReader({ id: 9, name: 'Gummy', description: 'sweet' }, source, 'product'));
    const raw = { productId: 9, warehouse: 2, quantity: 4 };
    const level = stockLevelView(new RecordReader(raw, source, 'stock level'));
    expect(Object.keys(product)).toStrictEqual(['productId', 'productName', 'productDescription']);
    expect(Object.keys(level)).toStrictEqual(['productId', 'warehouseId', 'quantity']);
    expect(JSON.stringify(level)).toBe('{"productId":9,"warehouseId":2,"quantity":4}');
    expect(sourceOf(level)).toBe(raw);
  });
});
