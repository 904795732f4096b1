// A write whose body is a JSON Patch (RFC 6902): a list of operations on the
// record's fields ({op, path, value}), known by its media type
// (application/json-patch+json, where it is the one form offered) or by its
// items. venue writes a record as a body of its fields, so such a route is
// never mapped to a create or an update: the review names it among the
// candidates, saying why, for a person to see. A PATCH whose body is the
// record's fields maps as before.

import { describe, expect, it } from 'vitest';
import { answer, body, plan, routesOf } from '../../support/openapi-plans.js';

const product = { productId: 'integer', productName: 'string', productCode: 'string', sellPrice: 'number' };
const patchOperations = {
  type: 'array',
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: {
      op: { type: 'string', enum: ['add', 'remove', 'replace'] },
      path: { type: 'string' },
      value: {},
    },
  },
};

function documentWith(update: Record<string, unknown>) {
  return {
    '/products': {
      get: { operationId: 'listProducts', summary: 'List products', responses: answer(product, true) },
      post: {
        operationId: 'createProduct',
        summary: 'Create a product',
        requestBody: body(product),
        responses: answer(product),
      },
    },
    '/products/{id}': {
      get: { operationId: 'getProduct', summary: 'Get a product', responses: answer(product) },
      patch: { operationId: 'updateProduct', summary: 'Update a product', responses: answer(product), ...update },
    },
  };
}

const unmapped = (paths: Record<string, unknown>) => {
  const result = plan(paths);
  const row = result.operations.find((o) => o.operation === 'updateProduct')!;
  return { result, row };
};

describe('a JSON Patch body', () => {
  it('by its items (op and path), under application/json: never the product update, and the review says why', () => {
    const { result, row } = unmapped(
      documentWith({ requestBody: { content: { 'application/json': { schema: patchOperations } } } }),
    );
    expect(routesOf(result).updateProduct).toBeUndefined();
    expect(routesOf(result).getProduct).toBe('GET /products/{id}');
    expect(row.matched).toBe(false);
    expect(JSON.stringify(row)).toContain(
      "its body is a JSON Patch (RFC 6902: a list of operations on the record's fields), which venue does not send",
    );
  });

  it('by its media type alone, whatever its schema says', () => {
    const { result, row } = unmapped(
      documentWith({
        requestBody: {
          content: { 'application/json-patch+json': { schema: { type: 'array', items: { type: 'object' } } } },
        },
      }),
    );
    expect(routesOf(result).updateProduct).toBeUndefined();
    expect(row.matched === false ? row.candidates : []).toContainEqual(
      expect.objectContaining({
        route: 'PATCH /products/{id}',
        shortfall: expect.stringContaining('its body is a JSON Patch (RFC 6902'),
      }),
    );
  });

  it('a PATCH whose body is the record’s fields is the update, as before, even offered as JSON Patch beside JSON', () => {
    expect(routesOf(plan(documentWith({ requestBody: body(product) }))).updateProduct).toBe('PATCH /products/{id}');
    // ASP.NET lists application/json-patch+json beside application/json on every body, whatever it is.
    const record = (body(product) as { content: Record<string, unknown> }).content['application/json'];
    const offered = {
      content: { 'application/json-patch+json': record, 'application/json': record, 'text/json': record },
    };
    expect(routesOf(plan(documentWith({ requestBody: offered }))).updateProduct).toBe('PATCH /products/{id}');
  });
});
