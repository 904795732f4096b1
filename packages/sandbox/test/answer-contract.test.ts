import { describe, expect, it } from 'vitest';
import { Contract, ContractError, expectContract } from './support/contract.js';

const doc = {
  openapi: '3.1.0',
  info: { title: 'tiny', version: '1' },
  paths: {
    '/products/{productId}': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Product' } } },
          },
          '404': { $ref: '#/components/responses/Error' },
        },
      },
      delete: { responses: { '204': { description: 'gone' } } },
    },
    '/pass': {
      get: {
        responses: {
          '200': {
            description: 'a pass file',
            content: { 'application/vnd.apple.pkpass': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Product: {
        type: 'object',
        required: ['productId', 'name', 'updatedAt'],
        properties: {
          productId: { type: 'string', minLength: 10, maxLength: 10 },
          name: { type: 'string' },
          price: { type: 'number', format: 'double' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
        additionalProperties: false,
      },
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['status', 'code', 'message'],
            properties: { status: { type: 'integer' }, code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    responses: {
      Error: {
        description: 'error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  },
};

const product = { productId: 'ABC       ', name: 'Cola', price: 2.5, updatedAt: '2026-11-22T14:03:00Z' };

describe('Contract', () => {
  const contract = new Contract(doc, 'inventory');

  it('accepts a body that matches the schema, through $refs', () => {
    expect(() => contract.check('GET', '/products/{productId}', 200, product)).not.toThrow();
  });

  it('matches concrete paths and the sandbox prefix to the template', () => {
    expect(contract.resolvePath('/inventory/products/ABC?x=1')).toBe('/products/{productId}');
    expect(() => contract.check('get', '/inventory/products/ABC', 200, product)).not.toThrow();
  });

  it('names the field that breaks the schema', () => {
    expect(() => contract.check('GET', '/products/{productId}', 200, { ...product, productId: 'ABC' })).toThrow(
      /\/productId must NOT have fewer than 10/,
    );
    expect(() => contract.check('GET', '/products/{productId}', 200, { ...product, updatedAt: 'yesterday' })).toThrow(
      /updatedAt must match format "date-time"/,
    );
    expect(() => contract.check('GET', '/products/{productId}', 200, { ...product, extra: 1 })).toThrow(ContractError);
  });

  it('resolves a response given by $ref (the error body)', () => {
    expect(() =>
      contract.check('GET', '/products/X', 404, { error: { status: 404, code: 'not_found', message: 'no' } }),
    ).not.toThrow();
    expect(() => contract.check('GET', '/products/X', 404, { message: 'no' })).toThrow(
      /must have required property 'error'/,
    );
  });

  it('fails for an undocumented status, method or path', () => {
    expect(() => contract.check('GET', '/products/X', 500, {})).toThrow(/documents no 500 answer/);
    expect(() => contract.check('PATCH', '/products/X', 200, {})).toThrow(/no PATCH/);
    expect(() => contract.check('GET', '/nowhere', 200, {})).toThrow(/no path \/nowhere/);
  });

  it('requires no body where the document states none, and skips non-JSON bodies', () => {
    expect(() => contract.check('DELETE', '/products/X', 204, undefined)).not.toThrow();
    expect(() => contract.check('DELETE', '/products/X', 204, { ok: true })).toThrow(/no body/);
    expect(() => contract.check('GET', '/pass', 200, Buffer.from('PK'))).not.toThrow();
  });
});

describe('expectContract', () => {
  it('fails with a clear message when the service document is missing or unusable', () => {
    // Each service's document is written by its own helper; whichever is
    // missing must say so rather than pass silently.
    try {
      expectContract('booking', 'GET', '/definitely-not-a-path', 200, {});
      throw new Error('should have failed');
    } catch (error) {
      expect(error).toBeInstanceOf(ContractError);
      expect((error as Error).message).toMatch(
        /no usable OpenAPI document for booking|no path \/definitely-not-a-path/,
      );
    }
  });
});
