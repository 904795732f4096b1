// A route layout's replacing update (replacing.ts, examples/inventory-routes-replacing.json): the layout's checks,
// the published document (every field required, If-Match, 412, the ETag of reads), and the route served in every
// dialect: a body missing a field refused naming it, a whole body applied, a stale If-Match refused with nothing
// changed.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, DIALECT_NAMES, type DialectName, type Sandbox } from '../src/index.js';
import { layoutToken, storedProduct } from './support/layout-session.js';
import { pascalCase } from '../src/dialects/core.js';
import { publishedInventoryDocument, readOpenApiDocument } from '../src/openapi-publish.js';
import { canonicalOperations, loadRouteLayout, parseRouteLayout } from '../src/routes.js';
import { replacedFields } from '../src/replacing.js';

const exampleFile = path.resolve(__dirname, '../examples/inventory-routes-replacing.json');
const operations = canonicalOperations(readOpenApiDocument('inventory'));
const parse = (value: unknown) => parseRouteLayout(value, operations, 'routes.json:');

describe('replaces in a routes file', () => {
  it('the example serves updateProduct as a replacing PUT', () => {
    expect(loadRouteLayout(exampleFile).replaces).toEqual(['updateProduct']);
  });

  it('only updateProduct, listed as a PUT or a POST, may be a replacing update', () => {
    expect(() => parse({ replaces: 'updateProduct' })).toThrow(/replaces must be a list of operationIds/);
    expect(() => parse({ operations: { updateWebhook: 'PUT /hooks/{id}' }, replaces: ['updateWebhook'] })).toThrow(
      /updateWebhook cannot be a replacing update/,
    );
    expect(() => parse({ replaces: ['updateProduct'] })).toThrow(/left at its venue default/);
    expect(() => parse({ operations: { updateProduct: 'PATCH /items/{id}' }, replaces: ['updateProduct'] })).toThrow(
      /must be listed in operations as a PUT or a POST/,
    );
  });
});

describe('the published document of a replacing update', () => {
  it('requires every field of the record its update takes, takes If-Match, answers 412; reads give an ETag', () => {
    const document = publishedInventoryDocument('http://127.0.0.1:9', loadRouteLayout(exampleFile));
    const put = document.paths['/Products/{id}']!.put! as any;
    const schema = put.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(replacedFields());
    expect(schema.required).toEqual(expect.arrayContaining(['productName', 'sellPrice', 'productCode', 'isActive']));
    expect(schema.required).not.toContain('suppliers');
    expect(schema.properties.productCode.type).toEqual(['string', 'null']);
    expect(put.parameters).toContainEqual(expect.objectContaining({ name: 'If-Match', in: 'header', required: false }));
    expect(put.responses['412']).toBeDefined();
    expect((document.paths['/Products/{id}']!.get! as any).responses['200'].headers.ETag).toBeDefined();
  });
});

describe.each(DIALECT_NAMES as readonly DialectName[])('a replacing update served in the %s dialect', (dialect) => {
  let sandbox: Sandbox;
  let origin: string;
  let token: string;
  const named = (body: Record<string, unknown>) =>
    dialect === 'pascal' ? Object.fromEntries(Object.entries(body).map(([k, v]) => [pascalCase(k), v])) : body;
  const stored = (id: number) => storedProduct(origin, id);
  const read = (id: number) =>
    fetch(`${origin}/inventory/api/v1/Products/${id}`, { headers: { 'x-api-token': token } });
  const put = (id: number, body: Record<string, unknown>, ifMatch?: string) =>
    fetch(`${origin}/inventory/api/v1/Products/${id}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'x-api-token': token,
        ...(ifMatch ? { 'if-match': ifMatch } : {}),
      },
      body: JSON.stringify(named(body)),
    });
  /** The whole body, from the record as stored. */
  const wholeOf = (product: any) => Object.fromEntries(replacedFields().map((f) => [f, product[f] ?? null]));

  beforeAll(async () => {
    sandbox = createSandbox({ dialect, routes: exampleFile });
    origin = await sandbox.start();
    token = await layoutToken(origin, '/inventory/api/v1/Auth/Token', named);
  });
  afterAll(() => sandbox.stop());

  it('a body missing a field is refused, naming it; the product unchanged', async () => {
    const before = await stored(1001);
    const response = await put(1001, { sellPrice: 9.99 });
    expect(response.status).toBe(400);
    expect((await response.text()).toLowerCase()).toContain('productname');
    expect(await stored(1001)).toEqual(before);
  });

  it('the whole body, with If-Match the read’s ETag, is applied; the answer and the next read give a new ETag', async () => {
    const answer = await read(1001);
    const etag = answer.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const response = await put(1001, { ...wholeOf(await stored(1001)), sellPrice: 6.75 }, etag);
    expect(response.status).toBe(200);
    expect((await stored(1001)).sellPrice).toBe(6.75);
    const next = (await read(1001)).headers.get('etag');
    expect(response.headers.get('etag')).toBe(next);
    expect(next).not.toBe(etag);
  });

  it('a stale If-Match is refused with 412; nothing changed', async () => {
    const stale = (await read(1002)).headers.get('etag')!;
    await put(1002, { ...wholeOf(await stored(1002)), productDescription: 'Changed first' }, stale);
    const before = await stored(1002);
    const response = await put(1002, { ...wholeOf(before), sellPrice: 1.23 }, stale);
    expect(response.status).toBe(412);
    expect(await stored(1002)).toEqual(before);
  });
});
