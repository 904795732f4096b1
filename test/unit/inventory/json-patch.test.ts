// A JSON Patch update's body (src/lib/inventory/json-patch.ts): operations on the fields the changes touch, made from
// the same body of fields a partial update sends, each path a JSON Pointer (RFC 6901) of the field's name; replace
// where the record holds the field, add where it holds none, remove where a field it holds is cleared, nothing where
// it already holds the value.
import { describe, expect, it } from 'vitest';
import {
  productChanges,
  jsonPatchOf,
  jsonPointer,
  refuseUnpatchable,
  type FieldChange,
} from '../../../src/lib/inventory/json-patch.js';
import { RecordReader } from '../../../src/lib/reading.js';
import { UsageError } from '../../../src/lib/errors.js';
import { parseJsonPatch, formatJsonPatch, InventoryRouteMap } from '../../../src/lib/inventory/routes.js';
import { InventoryClient } from '../../../src/lib/inventory/client.js';
import { mockInventoryService } from '../../support/mock-inventory.js';

const source = { service: 'inventory', operation: 'read product 7 to patch it' };
const reader = (raw: Record<string, unknown>) => new RecordReader(raw, source, 'product');
const change = (name: FieldChange['name'], value: unknown, held?: unknown, append = false): FieldChange => ({
  name,
  value,
  held: held === undefined ? undefined : { value: held },
  ...(append ? { append } : {}),
});

describe('a JSON Pointer of a field’s name (RFC 6901)', () => {
  it('one segment; ~ written ~0 and / written ~1, in that order', () => {
    expect(jsonPointer('description')).toBe('/description');
    expect(jsonPointer('a/b')).toBe('/a~1b');
    expect(jsonPointer('m~n')).toBe('/m~0n');
    // A name holding "~1" itself: its ~ escaped first, so it is not read back as a slash.
    expect(jsonPointer('x~1y')).toBe('/x~01y');
    expect(jsonPointer('')).toBe('/');
  });

  it('a nested name: a pointer of several segments, each escaped', () => {
    expect(jsonPointer(['pricing', 'sell_price'])).toBe('/pricing/sell_price');
    expect(jsonPointer(['a/b', 'c~d'])).toBe('/a~1b/c~0d');
  });
});

describe('the operations', () => {
  it('replace where the record holds the field, add where it holds none (absent, null or empty)', () => {
    expect(
      jsonPatchOf([
        change('price', 4.5, 3.5),
        change('description', 'New', undefined),
        change('sku', 'CB-2', null),
        change('code', 'C', ''),
      ]),
    ).toEqual([
      { op: 'replace', path: '/price', value: 4.5 },
      { op: 'add', path: '/description', value: 'New' },
      { op: 'add', path: '/sku', value: 'CB-2' },
      { op: 'add', path: '/code', value: 'C' },
    ]);
  });

  it('remove where a field the record holds is cleared; nothing where it holds none', () => {
    expect(jsonPatchOf([change('sku', '', 'CB-1'), change('code', null, 'X')])).toEqual([
      { op: 'remove', path: '/sku' },
      { op: 'remove', path: '/code' },
    ]);
    expect(jsonPatchOf([change('sku', '', null), change('code', '', undefined)])).toEqual([]);
  });

  it('nothing for a field that already holds the value (a price to a billionth): an empty patch changes nothing', () => {
    expect(jsonPatchOf([change('price', 3.95, 3.9500000000001), change('name', 'Choc', 'Choc')])).toEqual([]);
    expect(jsonPatchOf([change('active', false, true)])).toEqual([{ op: 'replace', path: '/active', value: false }]);
  });

  it('a nested name’s path has several segments', () => {
    expect(jsonPatchOf([change(['pricing', 'sell'], 4, 3)])).toEqual([
      { op: 'replace', path: '/pricing/sell', value: 4 },
    ]);
  });

  it('a list’s new items are added at its end, one add each; those it holds are not sent again', () => {
    expect(jsonPatchOf([change('barcodes', ['333', '111', '333'], ['111', '222'], true)])).toEqual([
      { op: 'add', path: '/barcodes/-', value: '333' },
    ]);
    expect(jsonPatchOf([change('barcodes', ['111'], ['111'], true)])).toEqual([]);
    // A record holding no list: the list added whole.
    expect(jsonPatchOf([change('barcodes', ['9'], undefined, true)])).toEqual([
      { op: 'add', path: '/barcodes', value: ['9'] },
    ]);
  });
});

describe('the changes of a body of fields against the record as read', () => {
  it('each field’s value found by its own word, else by venue’s name for it; barcodes appended', () => {
    const read = reader({ id: 7, name: 'Choc Bar', sku: 'CB-1', SellPrice: 3.5, barcodes: ['111'] });
    const changes = productChanges(
      { SellPrice: 4, productCode: '', productName: 'Choc Bar', barcodes: ['222'] },
      read,
      {
        bodyNames: ['SellPrice'],
      },
    );
    expect(jsonPatchOf(changes)).toEqual([
      { op: 'replace', path: '/SellPrice', value: 4 },
      { op: 'remove', path: '/sku' },
      { op: 'add', path: '/barcodes/-', value: '222' },
    ]);
  });

  it('each path is the key the record holds the field under, whatever the request’s names; one it holds none of keeps the body’s name', () => {
    // A vendor whose update is only a JSON Patch declares no request fields: the body's names are venue's own, and
    // the record read first says where each field is (`description`, `sku`, `unit_price`).
    const read = reader({ id: 7, title: 'Choc Bar', description: 'Milk', sku: 'CB-1', unit_price: 3.5 });
    const changes = productChanges(
      { productDescription: 'Dark', productCode: 'CB-2', sellPrice: 4, notes: 'new' },
      read,
    );
    expect(jsonPatchOf(changes)).toEqual([
      { op: 'replace', path: '/description', value: 'Dark' },
      { op: 'replace', path: '/sku', value: 'CB-2' },
      { op: 'replace', path: '/unit_price', value: 4 },
      { op: 'add', path: '/notes', value: 'new' },
    ]);
  });
});

describe('what a JSON Patch cannot carry', () => {
  it('a supplier link change is exit 2 naming the setting, before anything is read', () => {
    expect(() => refuseUnpatchable({ suppliers: [{ action: 'add', supplierId: 3 }] })).toThrow(UsageError);
    expect(() => refuseUnpatchable({ suppliers: [] })).toThrow(/inventory\.jsonPatch/);
    expect(() => refuseUnpatchable({ sellPrice: 4 })).not.toThrow();
  });
});

describe('inventory.jsonPatch', () => {
  it('names updateProduct; another operation or one twice is exit 2', () => {
    expect(parseJsonPatch(' updateProduct ')).toEqual(['updateProduct']);
    expect(parseJsonPatch('')).toBeUndefined();
    expect(formatJsonPatch(['updateProduct'])).toBe('updateProduct');
    expect(() => parseJsonPatch('createProduct')).toThrow(/inventory\.jsonPatch names the record updates/);
    expect(() => parseJsonPatch('updateProduct updateProduct')).toThrow(/given twice/);
  });

  it('beside inventory.updateReplaces the profile is refused, naming both settings', () => {
    const settings: Record<string, string> = {
      'inventory.jsonPatch': 'updateProduct',
      'inventory.updateReplaces': 'Name* SellPrice',
    };
    const build = () =>
      InventoryRouteMap.fromSettings((key) => (key in settings ? { value: settings[key] } : undefined));
    expect(build).toThrow(UsageError);
    expect(build).toThrow(/inventory\.updateReplaces and inventory\.jsonPatch are both set/);
    delete settings['inventory.updateReplaces'];
    expect(build().jsonPatch).toEqual(['updateProduct']);
  });
});

describe('the client on a profile whose update takes a JSON Patch', () => {
  const service = mockInventoryService();
  const product = { productId: 7, productName: 'Choc Bar', productCode: 'CB-1', sellPrice: 3.5, barcodes: ['111'] };
  /** The client on such a profile; the mock answers GET with `reads` in turn and PATCH with `patched`. */
  function clientOn(reads: Record<string, unknown>[], patched: [number, unknown]) {
    const settings: Record<string, string> = {
      'inventory.jsonPatch': 'updateProduct',
      'inventory.routes.updateProduct': 'PATCH /products/{id}',
    };
    const routes = InventoryRouteMap.fromSettings((key) => (key in settings ? { value: settings[key] } : undefined));
    const { deps, pool } = service({ routes });
    const sent: { method: string; body: unknown; mediaType?: string; headers?: Record<string, string> }[] = [];
    const request = deps.http.request.bind(deps.http);
    deps.http.request = ((options: Parameters<typeof request>[0]) => {
      sent.push({ method: options.method, body: options.body, mediaType: options.mediaType, headers: options.headers });
      return request(options);
    }) as typeof request;
    let read = 0;
    pool
      .intercept({ path: () => true, method: 'GET' })
      .reply(() => ({
        statusCode: 200,
        data: JSON.stringify(reads[Math.min(read++, reads.length - 1)]),
        responseOptions: { headers: { 'content-type': 'application/json', etag: '"v1"' } },
      }))
      .persist();
    pool
      .intercept({ path: () => true, method: 'PATCH' })
      .reply(() => ({
        statusCode: patched[0],
        data: patched[1] === undefined ? '' : JSON.stringify(patched[1]),
        responseOptions: { headers: { 'content-type': 'application/json' } },
      }))
      .persist();
    return { client: new InventoryClient(deps), sent };
  }

  it('sends the operations as application/json-patch+json with If-Match; the answer’s record is the outcome', async () => {
    const { client, sent } = clientOn([product], [200, { ...product, sellPrice: 4 }]);
    const result = await client.updateProduct(7, { sellPrice: 4, productCode: '' });
    expect(result.settled).toBe('answered');
    expect(result.product.sellPrice).toBe(4);
    const patch = sent.find((s) => s.method === 'PATCH')!;
    expect(patch.mediaType).toBe('application/json-patch+json');
    expect(patch.headers?.['if-match']).toBe('"v1"');
    expect(patch.body).toEqual([
      { op: 'replace', path: '/sellPrice', value: 4 },
      { op: 'remove', path: '/productCode' },
    ]);
  });

  it('an answer with no record (a 204) is accepted, the product read after it', async () => {
    const { client, sent } = clientOn([product, { ...product, sellPrice: 4 }], [204, undefined]);
    const result = await client.updateProduct(7, { sellPrice: 4 });
    expect(result.settled).toBe('read-after');
    expect(result.product.sellPrice).toBe(4);
    expect(sent.map((s) => s.method)).toEqual(['GET', 'PATCH', 'GET']);
  });

  it('nothing is sent where the product already holds every change', async () => {
    const { client, sent } = clientOn([product], [200, product]);
    const result = await client.updateProduct(7, { sellPrice: 3.5, barcodes: ['111'] });
    expect(result.settled).toBe('unchanged');
    expect(sent.map((s) => s.method)).toEqual(['GET']);
  });
});
