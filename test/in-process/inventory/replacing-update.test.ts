// A vendor whose product update replaces the record
// (packages/sandbox/examples/inventory-routes-replacing.json): its PUT requires
// every field of the product on every call, its reads answer an ETag, and a
// stale If-Match is refused with 412. `config import-openapi` maps the route
// and stores it as replacing (inventory.updateReplaces); `products update`
// then reads the product and sends it whole, so one changed price leaves every
// other field as it was. A change made between the read and the write is
// refused with nothing changed (exit 5); a lost answer is settled by reading
// the product back. In every dialect the sandbox speaks.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { dialects } from '../../support/dialects.js';
import { at, fold, json, settled, supplierChangeRefused, unwrap, vendorReads } from '../../support/vendor-product.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-replacing.json');
const BASE = '/inventory/api/v1';
let sb: SandboxHandle;

const { token, serviceProduct } = vendorReads(() => sb.origin, BASE);

describe.each(dialects)('a product update that replaces the record (%s dialect)', (dialect) => {
  beforeAll(async () => {
    sb = await startSandbox(['--routes', layoutFile, '--dialect', dialect]);
    const imported = await sb.run(['config', 'import-openapi', `${sb.origin}/inventory/openapi.json`, '-y']);
    expect(imported.code, imported.stderr).toBe(0);
  });
  afterAll(async () => {
    await sb?.stop();
  });

  it('the service refuses a partial body, naming a missing field, and answers reads with an ETag', async () => {
    const { etag } = await serviceProduct(1001);
    expect(etag).toMatch(/^"/);
    const partial = await fetch(`${sb.origin}${BASE}/Products/1001`, {
      method: 'PUT',
      headers: { 'x-api-token': await token(), 'content-type': 'application/json' },
      body: JSON.stringify(dialect === 'pascal' ? { SellPrice: 9 } : { sellPrice: 9 }),
    });
    expect(partial.status).toBe(400);
    expect(fold(await partial.text())).toContain('productname');
  });

  it('the import maps the PUT as a replacing update and stores the fields it takes; config routes shows it', async () => {
    const routes = json((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.routes.find((r: any) => r.operation === 'updateProduct').route).toBe('PUT /Products/{id}');
    expect(routes.updateReplaces.origin).toBe('imported');
    // Every one required, as the vendor's document says.
    expect(routes.updateReplaces.fields.map((f: any) => [fold(f.name), f.required])).toEqual(
      expect.arrayContaining([
        ['productname', true],
        ['productdescription', true],
        ['sellprice', true],
        ['productcode', true],
        ['isactive', true],
      ]),
    );
    expect(routes.updateReplaces.fields.map((f: any) => fold(f.name))).not.toContain('productid');
    const table = await sb.run(['config', 'routes']);
    expect(table.stdout + table.stderr).toContain('updateProduct replaces the record: read first, sent whole with');
  });

  it('products update changes the price and leaves every other field as it was', async () => {
    const before = await serviceProduct(1001);
    const r = await sb.run(['inventory', 'products', 'update', '1001', '--sell-price', '4.55', '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const outcome = json(r.stdout);
    expect(outcome.status).toBe('recorded');
    expect(at(outcome.record, 'sellPrice', 'price')).toBe(4.55);
    const after = await serviceProduct(1001);
    expect(at(after.record, 'sellPrice', 'price')).toBe(4.55);
    const { ...rest } = settled(after.record);
    expect({ ...rest, [Object.keys(rest).find((k) => fold(k) === 'sellprice')!]: 'x' }).toEqual({
      ...settled(before.record),
      [Object.keys(rest).find((k) => fold(k) === 'sellprice')!]: 'x',
    });
    expect(after.etag).not.toBe(before.etag);
    // The request went whole: every field the update takes, as read, with If-Match the read's ETag.
    const log = await sb.control<{ requests: any[] }>('GET', '/requests');
    const put = log.requests.filter((q) => q.method === 'PUT').at(-1);
    expect(put.headers['if-match']).toBe(before.etag);
    expect(Object.keys(put.body).map(fold).sort()).toEqual(
      [
        'barcodes',
        'isactive',
        'ispriceextax',
        'productcode',
        'productdescription',
        'productname',
        'reorderlevelmax',
        'reorderlevelmin',
        'sellprice',
      ].sort(),
    );
    expect(at(put.body, 'productName')).toBe(at(before.record, 'productName', 'name'));
  });

  it('a change such an update cannot carry (a supplier link) is exit 2 before anything is read or sent; a dry run says how it would go', async () => {
    await supplierChangeRefused(sb, 'venue reads the product first and sends it whole');
  });

  it('--raw shows the service’s own answer, as for a partial update', async () => {
    const r = await sb.run([
      'inventory',
      'products',
      'update',
      '1001',
      '--name',
      'Replaced Name',
      '--yes',
      '--raw',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const raw = unwrap(json(r.stdout));
    expect(at(raw, 'productName', 'name')).toBe('Replaced Name');
    expect(at((await serviceProduct(1001)).record, 'productName', 'name')).toBe('Replaced Name');
  });

  it('a change made between the read and the write is refused: exit 5, nothing changed by the update', async () => {
    await sb.control('POST', '/faults', { latencyMs: 1500, latencyMatch: `PUT ${BASE}/Products/1002` });
    await sb.control('DELETE', '/requests');
    try {
      const running = sb.run(['inventory', 'products', 'update', '1002', '--sell-price', '7.25', '--yes']);
      // Once venue has read the product, someone at the venue changes it (the sandbox's in-venue activity).
      for (let i = 0; i < 100; i++) {
        const log = await sb.control<{ requests: any[] }>('GET', '/requests');
        if (log.requests.some((q) => q.method === 'GET' && String(q.path ?? q.url).includes('/Products/1002'))) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await sb.control('POST', '/inventory/activity', {
        type: 'product.updated',
        productId: 1002,
        productDescription: 'Changed at the counter',
      });
      const r = await running;
      expect(r.code, r.stderr).toBe(5);
      expect(r.stderr).toContain('product 1002 was changed by someone else');
      expect(r.stderr).toContain('nothing was changed');
      const after = (await serviceProduct(1002)).record;
      expect(at(after, 'sellPrice', 'price')).not.toBe(7.25);
      expect(at(after, 'productDescription', 'description')).toBe('Changed at the counter');
    } finally {
      await sb.control('DELETE', '/faults');
    }
  });

  it('a lost answer is settled by reading the product back: applied when it holds the change', async () => {
    await sb.control('POST', '/faults', {
      dropAfterProcessing: [{ match: `PUT ${BASE}/Products/1001`, remaining: 1 }],
    });
    try {
      const r = await sb.run([
        'inventory',
        'products',
        'update',
        '1001',
        '--sell-price',
        '5.15',
        '--yes',
        '-o',
        'json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('read back, the product holds every change: applied');
      expect(at(json(r.stdout).record, 'sellPrice', 'price')).toBe(5.15);
      expect(at((await serviceProduct(1001)).record, 'sellPrice', 'price')).toBe(5.15);
    } finally {
      await sb.control('DELETE', '/faults');
    }
  });

  it('a lost answer whose product does not hold the change is unknown (exit 7), never sent again', async () => {
    // The write is refused (someone changed the product after the read) and its answer lost on the way back.
    await sb.control('POST', '/faults', {
      latencyMs: 1500,
      latencyMatch: `PUT ${BASE}/Products/1003`,
      dropAfterProcessing: [{ match: `PUT ${BASE}/Products/1003`, remaining: 1 }],
    });
    await sb.control('DELETE', '/requests');
    try {
      const running = sb.run(['inventory', 'products', 'update', '1003', '--sell-price', '8.35', '--yes']);
      for (let i = 0; i < 100; i++) {
        const log = await sb.control<{ requests: any[] }>('GET', '/requests');
        if (log.requests.some((q) => q.method === 'GET' && String(q.path ?? q.url).includes('/Products/1003'))) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await sb.control('POST', '/inventory/activity', {
        type: 'product.updated',
        productId: 1003,
        productDescription: 'Changed again',
      });
      const r = await running;
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toContain('does not hold the new value');
      // The one PUT sent was dropped unanswered, which the sandbox's log does not list; a resend would be answered.
      const log = await sb.control<{ requests: any[] }>('GET', '/requests');
      expect(log.requests.filter((q) => q.method === 'PUT')).toEqual([]);
      expect(at((await serviceProduct(1003)).record, 'sellPrice', 'price')).not.toBe(8.35);
    } finally {
      await sb.control('DELETE', '/faults');
    }
  });
});
