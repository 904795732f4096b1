// A record's id in the query (RPC-style routes, "GET /product.info.json?id={productId}"): the route map reads it
// from the operation's own id names, fills it from the call's ids as a path id is, and refuses a route naming an
// id the operation is not called with.

import { describe, expect, it } from 'vitest';
import {
  InventoryRouteMap,
  checkRouteFor,
  formatRoute,
  parseRoute,
  pathVariablesOf,
} from '../../../src/lib/inventory/routes.js';
import { checkSettingValue } from '../../../src/lib/config.js';
import { UsageError } from '../../../src/lib/errors.js';

const mapOf = (settings: Record<string, string>) =>
  InventoryRouteMap.fromSettings((key) => (settings[key] === undefined ? undefined : { value: settings[key] }));

describe('a record id in the query', () => {
  it('round-trips through parseRoute and formatRoute, beside a per-venue value and a header', () => {
    for (const text of [
      'GET /product.info.json?id={productId}',
      'GET /product.info.json?store_id={store}&id={productId}',
      'DELETE /webhook?id={webhookId} x-hotelid:{x-hotelid}',
    ])
      expect(formatRoute(parseRoute(text))).toBe(text);
  });

  it('is filled from the call ids, encoded, beside a per-venue query value; it is no per-venue variable', () => {
    const map = mapOf({
      'inventory.routes.getProduct': 'GET /product.info.json?store_id={store}&id={productId}',
      'inventory.routes.deleteWebhook': 'DELETE /webhook?id={webhookId}',
      'inventory.pathVars': 'store=north',
    });
    expect(map.resolve('getProduct', ['a/b c'])).toEqual({
      method: 'GET',
      path: '/product.info.json',
      query: { store_id: 'north', id: 'a/b c' },
    });
    expect(map.resolve('deleteWebhook', ['w1'])).toEqual({ method: 'DELETE', path: '/webhook', query: { id: 'w1' } });
    expect(pathVariablesOf('getProduct', map.route('getProduct'))).toEqual(['store']);
    expect(pathVariablesOf('deleteWebhook', map.route('deleteWebhook'))).toEqual([]);
  });

  it('keeps a path variable before it as one: /stores/{store}/product?id={productId}', () => {
    const map = mapOf({
      'inventory.routes.updateProduct': 'PATCH /stores/{store}/product?productId={productId}',
      'inventory.pathVars': 'store=north',
    });
    expect(map.resolve('updateProduct', ['p1'])).toEqual({
      method: 'PATCH',
      path: '/stores/north/product',
      query: { productId: 'p1' },
    });
  });

  it('is never sent empty', () => {
    const map = mapOf({ 'inventory.routes.getProduct': 'GET /product?id={productId}' });
    expect(() => map.resolve('getProduct', [''])).toThrow(UsageError);
    expect(() => map.resolve('getProduct')).toThrow(UsageError);
  });

  it('naming an id the operation is not called with is exit 2, in config set and in a stored profile', () => {
    for (const [key, route] of [
      ['inventory.routes.getProduct', 'GET /product?id={webhookId}'],
      ['inventory.routes.listProducts', 'GET /products?id={productId}'],
      ['inventory.routes.getProduct', 'GET /product?id={productId}&other={productId}'],
    ] as const) {
      let error: unknown;
      try {
        checkSettingValue(key, route);
      } catch (caught) {
        error = caught;
      }
      expect(error, route).toBeInstanceOf(UsageError);
      expect((error as UsageError).exitCode).toBe(2);
      expect(() => mapOf({ [key]: route })).toThrow(UsageError);
    }
    expect(checkSettingValue('inventory.routes.getProduct', 'GET  /product?id={productId}')).toBe(
      'GET /product?id={productId}',
    );
    expect(() => checkRouteFor('getProduct', parseRoute('GET /product?id={productId}'))).not.toThrow();
  });
});
