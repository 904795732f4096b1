// Views of a listing's rows are made from each row's shaped record
// (views.ts, records.ts): each row must hold its own values and its own
// service record, whatever rows came before it, and a field the service did
// not give is no value (a table leaves it out, JSON never shows it).
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
        expect(Object.keys(view).filter((key) => view[key] !== undefined)).toStrictEqual(Object.keys(expected));
        expect(sourceOf(view)).toBe(raw);
      }
    }
  });

  it('a view of another kind never takes a product’s fields', () => {
    const product = productView(new RecordReader({ id: 9, name: 'Gummy', description: 'sweet' }, source, 'product'));
    const raw = { productId: 9, warehouse: 2, quantity: 4 };
    const level = stockLevelView(new RecordReader(raw, source, 'stock level'));
    expect(JSON.stringify(product)).toBe('{"productId":9,"productName":"Gummy","productDescription":"sweet"}');
    expect(JSON.stringify(level)).toBe('{"productId":9,"warehouseId":2,"quantity":4}');
    expect(sourceOf(level)).toBe(raw);
  });
});
