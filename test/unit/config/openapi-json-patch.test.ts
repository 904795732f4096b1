// A write whose body is a JSON Patch (RFC 6902): a list of operations on the
// record's fields ({op, path, value}), known by its media type
// (application/json-patch+json, where it is the one form offered) or by its
// items. venue sends one as a product's or a webhook subscriber's update
// (inventory.jsonPatch: the record read first, operations on the fields it
// changes), so such an update is mapped on its evidence and marked; any other
// write of one record (a create) whose body is one is never mapped: the review names it among the
// candidates, saying why, for a person to see. A PATCH whose body is the
// record's fields maps as before, unmarked.

import { describe, expect, it } from 'vitest';
import { answer, body, plan, routesOf } from '../../support/openapi-plans.js';
import { reviewText } from '../../../src/lib/openapi/review.js';

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

const updateRow = (paths: Record<string, unknown>) => {
  const result = plan(paths);
  const row = result.operations.find((o) => o.operation === 'updateProduct')!;
  return { result, row };
};

describe('a JSON Patch body', () => {
  it('by its items (op and path), under application/json: the product update, marked as a JSON Patch', () => {
    const { result, row } = updateRow(
      documentWith({ requestBody: { content: { 'application/json': { schema: patchOperations } } } }),
    );
    expect(routesOf(result).updateProduct).toBe('PATCH /products/{id}');
    expect(routesOf(result).getProduct).toBe('GET /products/{id}');
    expect(row.matched && row.jsonPatch).toBe(true);
    expect(row.matched && row.replaces).toBeUndefined();
    // The review says it in one line.
    expect(reviewText(result, { profile: 'p', profileFlag: '', stored: false, kept: [], conflicts: [] })).toContain(
      'updateProduct takes a JSON Patch: venue sends replace/add/remove operations on the fields it changes (inventory.jsonPatch)',
    );
  });

  it('by its media type alone, whatever its schema says: the product update, marked', () => {
    const { result, row } = updateRow(
      documentWith({
        requestBody: {
          content: { 'application/json-patch+json': { schema: { type: 'array', items: { type: 'object' } } } },
        },
      }),
    );
    expect(routesOf(result).updateProduct).toBe('PATCH /products/{id}');
    expect(row.matched && row.jsonPatch).toBe(true);
  });

  it('a webhook subscription’s update whose body is a JSON Patch: mapped and marked as well', () => {
    const hook = { id: 'string', url: 'string', event_types: 'string' };
    const result = plan({
      ...documentWith({ requestBody: body(product) }),
      '/webhooks': {
        get: { operationId: 'listWebhooks', summary: 'List webhooks', responses: answer(hook, true) },
        post: {
          operationId: 'createWebhook',
          summary: 'Create a webhook',
          requestBody: body(hook),
          responses: answer(hook),
        },
      },
      '/webhooks/{webhook_id}': {
        patch: {
          operationId: 'updateWebhook',
          summary: 'Update a webhook',
          requestBody: { content: { 'application/json-patch+json': { schema: patchOperations } } },
          responses: answer(hook),
        },
        delete: {
          operationId: 'deleteWebhook',
          summary: 'Delete a webhook',
          responses: { '204': { description: 'gone' } },
        },
      },
    });
    expect(routesOf(result).updateWebhook).toBe('PATCH /webhooks/{webhook_id}');
    const row = result.operations.find((o) => o.operation === 'updateWebhook')!;
    expect(row.matched && row.jsonPatch).toBe(true);
    // The product's update there takes a body of fields: unmarked.
    const update = result.operations.find((o) => o.operation === 'updateProduct')!;
    expect(update.matched && update.jsonPatch).toBeUndefined();
  });

  it('a create whose body is a JSON Patch is still never mapped, and the review says why', () => {
    const paths = documentWith({ requestBody: body(product) }) as Record<string, Record<string, unknown>>;
    const create = paths['/products']!.post as Record<string, unknown>;
    create.requestBody = { content: { 'application/json-patch+json': { schema: patchOperations } } };
    const result = plan(paths);
    const row = result.operations.find((o) => o.operation === 'createProduct')!;
    expect(routesOf(result).createProduct).toBeUndefined();
    expect(row.matched).toBe(false);
    expect(row.matched === false ? row.candidates : []).toContainEqual(
      expect.objectContaining({
        route: 'POST /products',
        shortfall: expect.stringContaining(
          "its body is a JSON Patch (RFC 6902: a list of operations on the record's fields), which venue does not send",
        ),
      }),
    );
  });

  it('a PATCH whose body is the record’s fields is the update, as before, even offered as JSON Patch beside JSON', () => {
    const { result, row } = updateRow(documentWith({ requestBody: body(product) }));
    expect(routesOf(result).updateProduct).toBe('PATCH /products/{id}');
    expect(row.matched && row.jsonPatch).toBeUndefined();
    // ASP.NET lists application/json-patch+json beside application/json on every body, whatever it is.
    const record = (body(product) as { content: Record<string, unknown> }).content['application/json'];
    const offered = {
      content: { 'application/json-patch+json': record, 'application/json': record, 'text/json': record },
    };
    const beside = updateRow(documentWith({ requestBody: offered }));
    expect(routesOf(beside.result).updateProduct).toBe('PATCH /products/{id}');
    expect(beside.row.matched && beside.row.jsonPatch).toBeUndefined();
  });
});
