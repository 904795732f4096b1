// A route layout's JSON Patch update (json-patch.ts, examples/inventory-routes-json-patch.json): the layout's checks,
// the published document (a JSON Patch body, If-Match, 409, 412 and 415, the ETag of reads), and the route served in
// every dialect: only application/json-patch+json taken, operations applied in order to the product's fields and
// served as the contract's update, a failing test and a stale If-Match refused with nothing changed, a malformed
// operation or pointer refused naming it.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, DIALECT_NAMES, type DialectName, type Sandbox } from '../src/index.js';
import { layoutToken, storedProduct } from './support/layout-session.js';
import { pascalCase } from '../src/dialects/core.js';
import { publishedInventoryDocument, readOpenApiDocument } from '../src/openapi-publish.js';
import { canonicalOperations, loadRouteLayout, parseRouteLayout } from '../src/routes.js';

const exampleFile = path.resolve(__dirname, '../examples/inventory-routes-json-patch.json');
const operations = canonicalOperations(readOpenApiDocument('inventory'));
const parse = (value: unknown) => parseRouteLayout(value, operations, 'routes.json:');

describe('jsonPatch in a routes file', () => {
  it('the example serves updateProduct as a JSON Patch PATCH', () => {
    const layout = loadRouteLayout(exampleFile);
    expect(layout.jsonPatch).toEqual(['updateProduct', 'updateWebhook']);
    expect(layout.replaces).toBeUndefined();
  });

  it('only updateProduct, listed in operations, and never also a replacing update', () => {
    expect(() => parse({ jsonPatch: 'updateProduct' })).toThrow(/jsonPatch must be a list of operationIds/);
    expect(() => parse({ operations: { createProduct: 'POST /items' }, jsonPatch: ['createProduct'] })).toThrow(
      /createProduct cannot take a JSON Patch/,
    );
    expect(() => parse({ jsonPatch: ['updateProduct'] })).toThrow(/must be listed in operations/);
    expect(() =>
      parse({
        operations: { updateProduct: 'PUT /items/{id}' },
        replaces: ['updateProduct'],
        jsonPatch: ['updateProduct'],
      }),
    ).toThrow(/also in replaces/);
  });
});

describe('the published document of a JSON Patch update', () => {
  it('takes application/json-patch+json, an array of {op, path, value}; If-Match, 409, 412, 415; reads give an ETag', () => {
    const document = publishedInventoryDocument('http://127.0.0.1:9', loadRouteLayout(exampleFile));
    const patch = document.paths['/Products/{id}']!.patch! as any;
    expect(Object.keys(patch.requestBody.content)).toEqual(['application/json-patch+json']);
    const schema = patch.requestBody.content['application/json-patch+json'].schema;
    expect(schema.type).toBe('array');
    expect(schema.items.required).toEqual(['op', 'path']);
    expect(Object.keys(schema.items.properties)).toEqual(['op', 'path', 'value']);
    expect(patch.parameters).toContainEqual(expect.objectContaining({ name: 'If-Match', in: 'header' }));
    for (const status of ['409', '412', '415']) expect(patch.responses[status]).toBeDefined();
    expect((document.paths['/Products/{id}']!.get! as any).responses['200'].headers.ETag).toBeDefined();
    // The subscriber's update the same, without an ETag (the vendor has no read of one subscriber).
    const hook = document.paths['/Subscriptions/{subscriptionId}']!.patch! as any;
    expect(Object.keys(hook.requestBody.content)).toEqual(['application/json-patch+json']);
    for (const status of ['409', '415']) expect(hook.responses[status]).toBeDefined();
  });
});

describe.each(DIALECT_NAMES as readonly DialectName[])('a JSON Patch update served in the %s dialect', (dialect) => {
  let sandbox: Sandbox;
  let origin: string;
  let token: string;
  const named = (body: Record<string, unknown>) =>
    dialect === 'pascal' ? Object.fromEntries(Object.entries(body).map(([k, v]) => [pascalCase(k), v])) : body;
  /** A pointer to a field in the dialect's names. */
  const at = (field: string) => `/${dialect === 'pascal' ? pascalCase(field) : field}`;
  const stored = (id: number) => storedProduct(origin, id);
  const read = (id: number) =>
    fetch(`${origin}/inventory/api/v1/Products/${id}`, { headers: { 'x-api-token': token } });
  const patch = (id: number, body: unknown, options: { type?: string; ifMatch?: string } = {}) =>
    fetch(`${origin}/inventory/api/v1/Products/${id}`, {
      method: 'PATCH',
      headers: {
        'content-type': options.type ?? 'application/json-patch+json',
        'x-api-token': token,
        ...(options.ifMatch ? { 'if-match': options.ifMatch } : {}),
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    sandbox = createSandbox({ dialect, routes: exampleFile });
    origin = await sandbox.start();
    token = await layoutToken(origin, '/inventory/api/v1/Auth/Token', named);
  });
  afterAll(() => sandbox.stop());

  it('a body of fields (application/json) is refused with 415; the product unchanged', async () => {
    const before = await stored(1001);
    const response = await patch(1001, named({ sellPrice: 9.99 }), { type: 'application/json' });
    expect(response.status).toBe(415);
    expect(await stored(1001)).toEqual(before);
  });

  it('operations applied in order: replace, add, a barcode added at the end, a test that holds', async () => {
    const before = await stored(1003);
    const etag = (await read(1003)).headers.get('etag')!;
    const response = await patch(
      1003,
      [
        { op: 'test', path: at('productName'), value: before.productName },
        { op: 'replace', path: at('sellPrice'), value: 7.25 },
        { op: 'replace', path: at('sellPrice'), value: 7.5 },
        { op: 'add', path: at('productDescription'), value: 'Patched' },
        { op: 'add', path: `${at('barcodes')}/-`, value: '9399999000001' },
      ],
      { ifMatch: etag },
    );
    expect(response.status).toBe(200);
    const after = await stored(1003);
    expect(after.sellPrice).toBe(7.5);
    expect(after.productDescription).toBe('Patched');
    expect(after.barcodes).toEqual([...before.barcodes, '9399999000001']);
    expect(after.productName).toBe(before.productName);
    expect(response.headers.get('etag')).toBe((await read(1003)).headers.get('etag'));
  });

  it('a pointer may name a field as the product’s read shows it (a JSON Patch applies to the resource as read)', async () => {
    // The read's own key for the description and the code (the plain dialect's `description` and `sku`).
    const shown = JSON.parse(await (await read(1004)).text()) as Record<string, unknown>;
    const record = (shown.data ?? shown) as Record<string, unknown>;
    const keyOf = (...words: string[]) =>
      Object.keys(record).find((key) => words.includes(key.toLowerCase().replace(/[^a-z]/g, '')))!;
    const description = keyOf('productdescription', 'description');
    const code = keyOf('productcode', 'sku');
    const response = await patch(1004, [
      { op: 'add', path: `/${description}`, value: 'As read' },
      { op: 'add', path: `/${code}`, value: 'READ-1' },
    ]);
    expect(response.status, await response.text()).toBe(200);
    expect(await stored(1004)).toMatchObject({ productDescription: 'As read', productCode: 'READ-1' });
  });

  it('remove clears a code the product holds; one it does not hold is 409', async () => {
    const withCode = (await stored(1001)).productCode ? 1001 : 1002;
    expect((await patch(withCode, [{ op: 'remove', path: at('productCode') }])).status).toBe(200);
    expect((await stored(withCode)).productCode ?? '').toBe('');
    expect((await patch(withCode, [{ op: 'remove', path: at('productCode') }])).status).toBe(409);
    // A name, a product always has one.
    expect((await patch(withCode, [{ op: 'remove', path: at('productName') }])).status).toBe(400);
  });

  it('a test that fails is 409 and nothing is applied, the operations before it included', async () => {
    const before = await stored(1004);
    const response = await patch(1004, [
      { op: 'replace', path: at('sellPrice'), value: 1.11 },
      { op: 'test', path: at('productName'), value: 'Not its name' },
    ]);
    expect(response.status).toBe(409);
    expect(await stored(1004)).toEqual(before);
  });

  it('a subscriber’s update takes a JSON Patch too: event types replaced, a new secret added, its URL never removed', async () => {
    const created = await fetch(`${origin}/inventory/api/v1/Subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': token },
      body: JSON.stringify(
        named({
          url: 'https://hooks.example.com/in',
          secret: 'a-secret-of-16-chars-or-more',
          eventTypes: ['stock.received'],
        }),
      ),
    });
    expect(created.status).toBe(201);
    // Its id as the sandbox holds it (each dialect names the field its own way).
    const { subscribers } = (await (await fetch(`${origin}/_sandbox/webhooks/state`)).json()) as { subscribers: any[] };
    const id = subscribers.find((s) => s.url === 'https://hooks.example.com/in').id as string;
    const patchHook = (body: unknown, type = 'application/json-patch+json') =>
      fetch(`${origin}/inventory/api/v1/Subscriptions/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': type, 'x-api-token': token },
        body: JSON.stringify(body),
      });
    const subscriber = async () =>
      ((await (await fetch(`${origin}/_sandbox/webhooks/state`)).json()) as { subscribers: any[] }).subscribers.find(
        (s) => s.id === id,
      );
    expect((await patchHook(named({ eventTypes: ['stock.counted'] }), 'application/json')).status).toBe(415);
    const response = await patchHook([
      { op: 'replace', path: at('eventTypes'), value: ['stock.counted', 'stock.adjusted'] },
      { op: 'add', path: at('secret'), value: 'another-secret-of-16-chars' },
    ]);
    expect(response.status).toBe(200);
    expect((await subscriber()).eventTypes).toEqual(['stock.counted', 'stock.adjusted']);
    expect((await patchHook([{ op: 'remove', path: at('url') }])).status).toBe(400);
    expect((await subscriber()).url).toBe('https://hooks.example.com/in');
  });

  it('a malformed operation or pointer is 400 naming it; a stale If-Match 412; nothing changed', async () => {
    const before = await stored(1005);
    const refused = async (body: unknown, pattern: RegExp) => {
      const response = await patch(1005, body);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(pattern);
    };
    await refused({ op: 'replace' }, /array of operations/);
    await refused([{ op: 'move', from: '/a', path: at('sellPrice') }], /operation 0 .*not move/);
    await refused([{ op: 'replace', path: 'sellPrice', value: 1 }], /operation 0 .*not a JSON Pointer/);
    await refused([{ op: 'replace', path: '/x~2', value: 1 }], /not a JSON Pointer/);
    await refused([{ op: 'replace', path: at('sellPrice') }], /without a value/);
    await refused([{ op: 'add', path: '/suppliers', value: [] }], /no field of the product's update/);
    await refused([{ op: 'remove', path: `${at('barcodes')}/0` }], /barcodes cannot be removed/);
    const stale = (await read(1005)).headers.get('etag')!;
    await patch(1005, [{ op: 'replace', path: at('sellPrice'), value: 2.5 }]);
    const changed = await stored(1005);
    expect(changed).not.toEqual(before);
    const response = await patch(1005, [{ op: 'replace', path: at('sellPrice'), value: 3.5 }], { ifMatch: stale });
    expect(response.status).toBe(412);
    expect(await stored(1005)).toEqual(changed);
  });
});
