// A replacing update's body (src/lib/inventory/replacing-update.ts): every field the vendor's update takes, as the
// product was read, in the vendor's names, with the changes set on them; the changes checked before anything is
// read; a read-back judged for proof.
import { describe, expect, it } from 'vitest';
import {
  placeChanges,
  replacingBody,
  unheldChanges,
  venueNameOf,
} from '../../../src/lib/inventory/replacing-update.js';
import { RecordReader, UnreadableAnswerError } from '../../../src/lib/reading.js';
import { UsageError } from '../../../src/lib/errors.js';
import { formatUpdateReplaces, parseUpdateReplaces } from '../../../src/lib/inventory/routes.js';
import type { Product } from '../../../src/lib/inventory/types.js';

const source = { service: 'inventory', operation: 'read product 7 to send it whole' };
const reader = (raw: Record<string, unknown>) => new RecordReader(raw, source, 'product');
/** The update's fields, "Name*" one it requires. */
const fieldsOf = (names: string[]) =>
  names.map((name) => ({ name: name.replace(/\*$/, ''), required: name.endsWith('*') }));
const whole = (
  names: string[],
  patch: Record<string, unknown>,
  read: Record<string, unknown>,
  known: Parameters<typeof venueNameOf>[1] = {},
) => {
  const fields = fieldsOf(names);
  return replacingBody(fields, placeChanges(fields, patch, known), reader(read), source, known);
};

describe('venue’s name for a field the vendor’s update takes', () => {
  it('by the same word, another word venue reads it by, or the profile’s body and answer names', () => {
    expect(venueNameOf('SellPrice')).toBe('sellPrice');
    expect(venueNameOf('sell_price')).toBe('sellPrice');
    expect(venueNameOf('name')).toBe('productName');
    expect(venueNameOf('sku')).toBe('productCode');
    expect(venueNameOf('Price')).toBe('sellPrice');
    expect(venueNameOf('plu_code', { bodyNames: ['productCode=plu_code'] })).toBe('productCode');
    expect(venueNameOf('item_title', { answerNames: { item_title: 'productName' } })).toBe('productName');
    // The vendor's own field (an optimistic lock): no name of venue's, sent as read.
    expect(venueNameOf('RevisionNumber')).toBeUndefined();
  });
});

describe('the whole body', () => {
  it('each field the update takes as read (vendor names, nulls kept), the change set on it, nothing else', () => {
    const read = {
      Id: 7,
      Name: 'Choc Bar',
      SKU: 'CB-1',
      SellPrice: 3.5,
      Notes: null,
      RevisionNumber: 12,
      CreatedAt: '2026-01-01T00:00:00Z',
      _links: { self: { href: '/Products/7' } },
    };
    expect(whole(['Name*', 'SKU', 'SellPrice', 'Notes', 'RevisionNumber*'], { sellPrice: 4.5 }, read)).toEqual({
      Name: 'Choc Bar',
      SKU: 'CB-1',
      SellPrice: 4.5,
      Notes: null,
      RevisionNumber: 12,
    });
  });

  it('a field read by another word venue knows (plain’s name and sku) goes under the update’s own name', () => {
    const read = { id: 7, name: 'Choc Bar', sku: 'CB-1', sellPrice: 3.5, active: true };
    expect(
      whole(['productName', 'productCode', 'sellPrice', 'isActive'], { productName: 'Choc Bar XL' }, read),
    ).toEqual({ productName: 'Choc Bar XL', productCode: 'CB-1', sellPrice: 3.5, isActive: true });
  });

  it('barcodes are added to those the product has; none is dropped', () => {
    const read = { name: 'Choc Bar', barcodes: ['111', '222'] };
    expect(whole(['name', 'barcodes'], { barcodes: ['333', '111'] }, read)).toEqual({
      name: 'Choc Bar',
      barcodes: ['111', '222', '333'],
    });
  });

  it('a nested value is sent as read, whole', () => {
    const read = { name: 'Choc Bar', dimensions: { weight: { value: 50, unit: 'g' } }, price: 3 };
    expect(whole(['name', 'dimensions', 'price'], { sellPrice: 3.25 }, read)).toEqual({
      name: 'Choc Bar',
      dimensions: { weight: { value: 50, unit: 'g' } },
      price: 3.25,
    });
  });

  it('a field the update requires that the read does not show is exit 6, naming it, before anything is sent', () => {
    expect(() => whole(['Name*', 'RevisionNumber*'], { productName: 'X' }, { Name: 'Choc Bar' })).toThrow(
      UnreadableAnswerError,
    );
    expect(() => whole(['Name*', 'RevisionNumber*'], { productName: 'X' }, { Name: 'Choc Bar' })).toThrow(
      /has no RevisionNumber, which the product's update requires on every call/,
    );
  });

  it('one it takes but does not require, that the read does not show (a write-only switch), is not sent', () => {
    expect(whole(['Name*', 'ForceUnitOfMeasureChange'], { productName: 'X' }, { Name: 'Choc Bar', Id: 7 })).toEqual({
      Name: 'X',
    });
  });

  it('a change the update takes no field for, or a supplier link change, is exit 2 before anything is read', () => {
    expect(() => placeChanges(fieldsOf(['Name', 'SellPrice']), { reorderLevelMin: 3 })).toThrow(UsageError);
    expect(() => placeChanges(fieldsOf(['Name', 'SellPrice']), { reorderLevelMin: 3 })).toThrow(
      /reorderLevelMin cannot be changed on this profile/,
    );
    expect(() =>
      placeChanges(fieldsOf(['Name', 'Suppliers']), { suppliers: [{ action: 'add', supplierId: 3 }] }),
    ).toThrow(/supplier links cannot be changed on this profile/);
  });
});

describe('inventory.updateReplaces', () => {
  it('names separated by spaces, those required ending in *; read and written alike', () => {
    const fields = parseUpdateReplaces('Name* SKU*, SellPrice RevisionNumber*');
    expect(fields).toEqual([
      { name: 'Name', required: true },
      { name: 'SKU', required: true },
      { name: 'SellPrice', required: false },
      { name: 'RevisionNumber', required: true },
    ]);
    expect(formatUpdateReplaces(fields!)).toBe('Name* SKU* SellPrice RevisionNumber*');
    expect(parseUpdateReplaces('  ')).toBeUndefined();
    expect(() => parseUpdateReplaces('Name name')).toThrow(/Name is given twice|name is given twice/);
    expect(() => parseUpdateReplaces('a=b')).toThrow(/must be the field names/);
  });
});

describe('a read-back as proof', () => {
  const product = {
    productId: 7,
    productName: 'Choc Bar',
    sellPrice: 4.5,
    isActive: false,
    barcodes: ['111', '333'],
  } as unknown as Product;
  it('holds every change: nothing unheld', () => {
    expect(
      unheldChanges({ sellPrice: 4.5, productName: ' Choc Bar', isActive: false, barcodes: ['333'] }, product),
    ).toEqual([]);
  });
  it('a value not held, a barcode missing or a field not stated is no proof', () => {
    expect(unheldChanges({ sellPrice: 4.55, barcodes: ['444'], productCode: 'CB-1' }, product)).toEqual([
      'sellPrice',
      'barcodes',
      'productCode',
    ]);
  });
});
