// The importer's parts with the network and the terminal out of the way:
// words and subjects, document loading (Swagger 2.0, split files, broken
// $refs), the matcher on hand-written and generated documents, servers and
// their variables, auth schemes, --map, and merging with earlier imports.
// The real vendors' documents are in test/process/config/import-openapi-vendors.test.ts.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError, VenueError } from '../../../src/lib/errors.js';
import {
  formatAuthScheme,
  inventoryOperationNames,
  inventoryOperations,
  type InventoryOperation,
} from '../../../src/lib/inventory/routes.js';
import { authOf, prefixFromDescription } from '../../../src/lib/openapi/auth.js';
import {
  loadDocuments,
  parseOverrides,
  planImport,
  serverVariables,
  type ImportPlan,
  type MappedOperation,
} from '../../../src/lib/openapi/import.js';
import { loadDocument, parseDocumentText } from '../../../src/lib/openapi/load.js';
import { formatImportRecord, mergeImports, parseImportRecord } from '../../../src/lib/openapi/record.js';
import { headOf } from '../../../src/lib/openapi/route-reading.js';
import {
  basePathUnder,
  checkServerVariable,
  commonBasePath,
  parseServerVars,
  serverOf,
  splitServerUrl,
} from '../../../src/lib/openapi/servers.js';
import { splitWords, wordsOf } from '../../../src/lib/openapi/vocabulary.js';
import { createSandbox } from 'venue-sandbox';
import { repoRoot, tempDir } from '../../support/venue.js';

const fixture = (name: string) => path.join(repoRoot, 'test/fixtures/openapi', name);
const noFetch = { fetchText: async (url: string) => Promise.reject(new Error(`no network in unit tests: ${url}`)) };
const dir = tempDir('venue-openapi-unit-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

async function plan(files: string[], options: Partial<Parameters<typeof planImport>[1]> = {}): Promise<ImportPlan> {
  return planImport(await loadDocuments(files, noFetch), {
    serverVars: {},
    inventoryUrl: 'https://inventory.example',
    overrides: new Map(),
    ...options,
  });
}
function routesOf(result: ImportPlan): Partial<Record<InventoryOperation, string>> {
  return Object.fromEntries(
    result.operations.filter((o): o is MappedOperation => o.matched).map((o) => [o.operation, o.route]),
  );
}
function inMemory(document: Record<string, unknown>) {
  return {
    document,
    label: 'memory',
    form: 'OpenAPI 3.0.3',
    syntax: 'json' as const,
    externalFiles: [],
    bytes: 1,
    brokenRefs: [],
  };
}

describe('words', () => {
  it.each([
    ['Stock_Receive', ['stock', 'receive']],
    ['receiveStockUsingPOST', ['receive', 'stock']],
    ['getProductUsingGET_1', ['get', 'product']],
    ['/api/v2/Stock/Receive', ['api', 'stock', 'receive']],
    ['TaxGroups_GetAll', ['tax', 'groups', 'get', 'all']],
    ['GROCY-API-KEY', ['grocy', 'api', 'key']],
  ])('splitWords %s', (text, words) => {
    expect(splitWords(text)).toEqual(words);
  });

  it.each([
    ['stock_locations', 'warehouse', 'stock location'],
    ['inventory/locations', 'warehouse', 'inventory location'],
    ['taxons', 'category', 'taxon'],
    ['tax_categories', 'tax', 'tax category'],
    ['tax-classes', 'tax', 'tax class'],
    ['line_items', 'other', 'line item'],
    ['product-tags', 'other', 'product tag'],
    ['stock_items', 'level', 'stock item'],
    ['inventory-items', 'level', 'inventory item'],
    ['webhooks/subscriptions', 'webhook', 'webhook subscription'],
    ['shopping_locations', 'supplier', 'shopping location'],
    ['stock-on-hand', 'level', 'stock on hand'],
    ['goods-in', 'receive', 'goods in'],
    ['inventory/adjustments/absolute', 'count', 'adjustment absolute'],
  ])('the head of %s is %s (%s)', (segment, concept, text) => {
    const head = headOf(wordsOf(segment.split('/').slice(-2).join(' ')));
    expect(head).toMatchObject({ concept, text });
  });

  it('words that are names of JavaScript object properties are words like any other', () => {
    expect(wordsOf('constructor toString __proto__ hasOwnProperty')).toEqual([
      'constructor',
      'to',
      'string',
      'proto',
      'has',
      'own',
      'property',
    ]);
    expect(headOf(wordsOf('constructor'))).toMatchObject({ concept: undefined, text: 'constructor' });
  });

  it('a word before the head narrows it; a word that is no subject leaves none', () => {
    expect(headOf(wordsOf('company item'))).toMatchObject({ concept: 'product', qualifier: 'company' });
    expect(headOf(wordsOf('build item'))).toMatchObject({ concept: 'other' });
    expect(headOf(wordsOf('entities tree'))).toMatchObject({ concept: undefined, text: 'tree' });
  });
});

describe('reading documents', () => {
  it('JSON or YAML; unreadable text is exit 6 naming the file', async () => {
    expect((await parseDocumentText('{"openapi":"3.0.0"}', 'a.json')).syntax).toBe('json');
    expect((await parseDocumentText('openapi: 3.1.0\ndate: 2024-01-01\n', 'a.yaml')).value).toEqual({
      openapi: '3.1.0',
      date: '2024-01-01',
    });
    await expect(parseDocumentText('{ "openapi": ', 'doc.json')).rejects.toSatisfy(
      (e: unknown) => e instanceof VenueError && e.exitCode === 6,
    );
    await expect(parseDocumentText('a: [b\n', 'doc.yaml')).rejects.toThrow(/cannot read doc.yaml as JSON or YAML/);
    await expect(parseDocumentText('  ', 'empty.yaml')).rejects.toThrow(/empty/);
  });

  it('refuses what is not Swagger 2.0 or OpenAPI 3.0/3.1, saying which', async () => {
    await expect(loadDocument(write('old.json', '{"swagger":"1.2","paths":{}}'), noFetch)).rejects.toThrow(
      'the document is Swagger 1.2: venue reads Swagger 2.0 and OpenAPI 3.x',
    );
    await expect(loadDocument(write('four.json', '{"openapi":"4.0.0","paths":{}}'), noFetch)).rejects.toThrow(
      /OpenAPI 4.0.0/,
    );
    await expect(loadDocument(write('none.json', '{"info":{},"paths":{}}'), noFetch)).rejects.toThrow(
      /no "openapi" \(or "swagger"\) version field/,
    );
    await expect(loadDocument(write('nopaths.json', '{"openapi":"3.0.0"}'), noFetch)).rejects.toThrow(/has no "paths"/);
  });

  it('Swagger 2.0 is converted: basePath, body parameters and apiKey definitions come through', async () => {
    const file = write(
      'swagger.json',
      JSON.stringify({
        swagger: '2.0',
        info: { title: 'Old stock', version: '1' },
        host: 'stock.example',
        basePath: '/legacy/v1',
        securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'X-Stock-Key' } },
        security: [{ key: [] }],
        paths: {
          '/articles': {
            get: {
              operationId: 'listArticles',
              responses: {
                200: { description: 'ok', schema: { type: 'array', items: { $ref: '#/definitions/Article' } } },
              },
            },
            post: {
              operationId: 'createArticle',
              parameters: [{ in: 'body', name: 'body', schema: { $ref: '#/definitions/Article' } }],
              responses: { 201: { description: 'ok' } },
            },
          },
        },
        definitions: {
          Article: {
            type: 'object',
            properties: { name: { type: 'string' }, sku: { type: 'string' }, price: { type: 'number' } },
          },
        },
      }),
    );
    const loaded = await loadDocument(file, noFetch);
    expect(loaded.form).toBe('Swagger 2.0');
    expect(loaded.document.openapi).toMatch(/^3\.0/);
    const result = planImport([loaded], {
      serverVars: {},
      inventoryUrl: 'https://inventory.example',
      overrides: new Map(),
    });
    expect(routesOf(result)).toEqual({ listProducts: 'GET /articles', createProduct: 'POST /articles' });
    expect(result.basePath).toBe('/legacy/v1');
    expect(result.auth.scheme).toEqual({ type: 'api-key', in: 'header', name: 'X-Stock-Key', prefix: '' });
    const created = result.operations.find((o) => o.operation === 'createProduct') as MappedOperation;
    expect(created.fields).toEqual(expect.arrayContaining(['name', 'price', 'sku']));
  });

  it('a document split over files: paths and schemas in other files are read', async () => {
    const root = write(
      'split/openapi.yaml',
      [
        'openapi: 3.0.3',
        'info: { title: Split, version: "1" }',
        'paths:',
        '  /stock-levels:',
        '    $ref: ./paths/levels.yaml',
        '',
      ].join('\n'),
    );
    write(
      'split/paths/levels.yaml',
      [
        'get:',
        '  operationId: stockLevels',
        '  responses:',
        '    "200":',
        '      description: ok',
        '      content:',
        '        application/json:',
        '          schema: { $ref: "../schemas/levels.yaml" }',
        '',
      ].join('\n'),
    );
    write(
      'split/schemas/levels.yaml',
      [
        'type: array',
        'items:',
        '  type: object',
        '  properties: { productId: { type: string }, quantity: { type: number }, warehouseId: { type: integer } }',
        '',
      ].join('\n'),
    );
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.externalFiles.map((f) => path.basename(f)).sort()).toEqual(['levels.yaml', 'levels.yaml']);
    const result = planImport([loaded], { serverVars: {}, inventoryUrl: undefined, overrides: new Map() });
    expect(routesOf(result)).toEqual({ stockLevels: 'GET /stock-levels' });
    expect((result.operations.find((o) => o.operation === 'stockLevels') as MappedOperation).fields).toEqual([
      'productid',
      'quantity',
      'warehouseid',
    ]);
  });

  it('a $ref by absolute URL is read from the copy kept beside the document in its published layout, never fetched', async () => {
    const base = 'https://raw.example.org/acme/specs/main/jsonschema';
    const root = write(
      'published/stock.json',
      JSON.stringify({
        openapi: '3.0.1',
        info: { title: 'Stock', version: '1' },
        paths: {
          '/stocklevels': {
            get: {
              parameters: [{ $ref: `${base}/apis/types/base.json#/parameters/Page` }],
              responses: {
                200: {
                  description: 'ok',
                  content: {
                    'application/json': { schema: { $ref: `${base}/schemas/Stock.json#/definitions/Items` } },
                  },
                },
              },
            },
          },
        },
      }),
    );
    write(
      'published/jsonschema/apis/types/base.json',
      JSON.stringify({ parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer' } } } }),
    );
    write(
      'published/jsonschema/schemas/Stock.json',
      JSON.stringify({
        definitions: {
          Items: {
            type: 'object',
            properties: {
              items: { type: 'array', items: { $ref: '#/definitions/Level' } },
              page: { $ref: `${base}/apis/types/base.json#/parameters/Page/schema` },
            },
          },
          Level: {
            type: 'object',
            properties: {
              productId: { type: 'string' },
              quantity: { type: 'number' },
              warehouseId: { type: 'string' },
            },
          },
        },
      }),
    );
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.externalFiles.map((f) => path.relative(path.join(dir, 'published'), f)).sort()).toEqual([
      path.join('jsonschema', 'apis', 'types', 'base.json'),
      path.join('jsonschema', 'schemas', 'Stock.json'),
    ]);
    const result = planImport([loaded], { serverVars: {}, inventoryUrl: undefined, overrides: new Map() });
    expect(routesOf(result)).toEqual({ stockLevels: 'GET /stocklevels' });
  });

  it('an external $ref that cannot be read is named, and the rest of the document is read (openapi-robustness.test.ts)', async () => {
    const root = write(
      'broken/openapi.yaml',
      [
        'openapi: 3.0.3',
        'info: { title: Broken, version: "1" }',
        'paths:',
        '  /products:',
        '    $ref: ./paths/products.yaml',
        '  /stock-levels:',
        '    get: { operationId: stockLevels }',
        '',
      ].join('\n'),
    );
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.brokenRefs).toEqual([
      `$ref "./paths/products.yaml" cannot be read (at #/paths/~1products): no file ${path.join(dir, 'broken/paths/products.yaml')}; the operations of /products are not read`,
    ]);
    const result = planImport([loaded], { serverVars: {}, inventoryUrl: undefined, overrides: new Map() });
    expect(routesOf(result)).toEqual({ stockLevels: 'GET /stock-levels' });
  });

  it('an internal $ref that points nowhere is named as a warning; its schema is no evidence', async () => {
    const file = write(
      'dangling.json',
      JSON.stringify({
        openapi: '3.0.0',
        paths: {
          '/products': {
            get: {
              responses: {
                200: {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } },
                },
              },
            },
          },
        },
      }),
    );
    const loaded = await loadDocument(file, noFetch);
    expect(loaded.brokenRefs).toEqual([
      '$ref "#/components/schemas/Nope" points nowhere (at #/paths/~1products/get/responses/200/content/application~1json/schema); that schema is no evidence',
    ]);
  });
});

describe('the matcher on generated and hand-written documents', () => {
  it('a .NET (Swashbuckle) document: all 21 by path, operationId and tag, X-Api-Token for the login token', async () => {
    const result = await plan([fixture('swashbuckle.json')]);
    expect(routesOf(result)).toEqual({
      authenticate: 'POST /api/v2/Auth/Token',
      health: 'GET /api/v2/Health',
      listProducts: 'GET /api/v2/Products',
      getProduct: 'GET /api/v2/Products/{id}',
      createProduct: 'POST /api/v2/Products',
      updateProduct: 'PUT /api/v2/Products/{id}',
      listCategories: 'GET /api/v2/Categories',
      listClasses: 'GET /api/v2/Classes',
      listWarehouses: 'GET /api/v2/Warehouses',
      listTaxGroups: 'GET /api/v2/TaxGroups',
      listContainers: 'GET /api/v2/ContainerTypes',
      listSuppliers: 'GET /api/v2/Suppliers',
      createSupplier: 'POST /api/v2/Suppliers',
      stockLevels: 'GET /api/v2/Stock',
      stockTake: 'POST /api/v2/Stock/Take',
      receiveStock: 'POST /api/v2/Stock/Receive',
      adjustStock: 'POST /api/v2/Stock/Adjust',
      listWebhooks: 'GET /api/v2/Webhooks',
      createWebhook: 'POST /api/v2/Webhooks',
      updateWebhook: 'PUT /api/v2/Webhooks/{id}',
      deleteWebhook: 'DELETE /api/v2/Webhooks/{id}',
    });
    expect(result.auth.scheme).toEqual({ type: 'header', name: 'X-Api-Token' });
    expect(result.basePath).toBe('');
    expect(result.unused).toBe(3);
    const receive = result.operations.find((o) => o.operation === 'receiveStock') as MappedOperation;
    expect(receive.reasons).toEqual(
      expect.arrayContaining([
        'path names receive (/api/v2/Stock/Receive)',
        'operationId names receive (Stock_Receive)',
      ]),
    );
    expect(receive.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('a Spring (springfox) document: verbUsingMETHOD operationIds, the receipt POST not its GET list, PATCH for updates', async () => {
    const routes = routesOf(await plan([fixture('springfox.json')]));
    expect(Object.keys(routes)).toHaveLength(21);
    expect(routes).toMatchObject({
      receiveStock: 'POST /inventory/receipts',
      stockTake: 'POST /inventory/counts',
      stockLevels: 'GET /inventory/levels',
      updateProduct: 'PATCH /products/{productId}',
      deleteWebhook: 'DELETE /webhook-subscribers/{subscriberId}',
    });
  });

  it('a hand-written YAML document: goods-in, stock on hand, VAT groups, a login route; a server variable in the path needs a value', async () => {
    const without = await plan([fixture('handwritten.yaml')]);
    expect(without.unresolved.map((v) => v.name)).toEqual(['prefix']);
    expect(without.basePath).toBeUndefined();
    const result = await plan([fixture('handwritten.yaml')], { serverVars: { prefix: 'connect/v4' } });
    expect(result.basePath).toBe('/connect/v4');
    expect(routesOf(result)).toMatchObject({
      authenticate: 'POST /session',
      health: 'GET /ping',
      listProducts: 'GET /items',
      listTaxGroups: 'GET /reference/vat-groups',
      stockLevels: 'GET /stock-on-hand',
      receiveStock: 'POST /goods-in',
      adjustStock: 'POST /stock/corrections',
    });
    expect(Object.keys(routesOf(result))).toHaveLength(21);
    expect(result.auth.scheme).toEqual({ type: 'bearer' });
  });

  it('two operations missing: unmapped with why, and a summary-only mention is not enough', async () => {
    const result = await plan([fixture('partial.yaml')]);
    const unmapped = result.operations.filter((o) => !o.matched);
    expect(unmapped.map((o) => o.operation)).toEqual(['listContainers', 'stockTake']);
    expect(unmapped[0]).toMatchObject({
      candidates: [expect.objectContaining({ route: 'GET /misc', shortfall: expect.stringContaining('below 0.50') })],
    });
    expect(unmapped[1]).toMatchObject({
      why: 'no POST or PUT route without path parameters names a stock take or count',
      candidates: [],
    });
    expect(result.basePath).toBe('/kiosk/api');
  });

  it('nothing in a document of another service', async () => {
    const result = await plan([fixture('petstore.yaml')]);
    expect(result.operations.filter((o) => o.matched)).toEqual([]);
  });

  it("the sandbox's published documents: venue's own layout, and the vendor layout of the package's examples/inventory-routes-vendor.json", async () => {
    // The documents as a sandbox started in this process publishes them (GET /inventory/openapi.json).
    const published = async (routes?: string) => {
      const sandbox = createSandbox({ routes });
      const origin = await sandbox.start();
      try {
        return {
          origin,
          document: (await (await fetch(`${origin}/inventory/openapi.json`)).json()) as Record<string, unknown>,
        };
      } finally {
        await sandbox.stop();
      }
    };
    const venue = await published();
    const own = planImport([inMemory(venue.document)], {
      serverVars: {},
      inventoryUrl: `${venue.origin}/inventory`,
      overrides: new Map(),
    });
    expect(routesOf(own)).toEqual(
      Object.fromEntries(inventoryOperationNames.map((name) => [name, inventoryOperations[name].route])),
    );
    expect(own.auth.scheme).toEqual({ type: 'bearer' });
    const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-vendor.json');
    const other = await published(layoutFile);
    const vendor = planImport([inMemory(other.document)], {
      serverVars: {},
      inventoryUrl: `${other.origin}/inventory`,
      overrides: new Map(),
    });
    expect(routesOf(vendor)).toEqual(
      (JSON.parse(fs.readFileSync(layoutFile, 'utf8')) as { operations: Record<string, string> }).operations,
    );
    expect(vendor.auth.scheme).toEqual({ type: 'header', name: 'X-Api-Token' });
    expect(vendor.basePath).toBe('/api/v2');
  });

  it('never maps a destructive or maintenance route, and never a write of another kind', () => {
    const document = {
      openapi: '3.0.3',
      paths: {
        '/items/import': {
          post: { summary: 'Import items from CSV', requestBody: body({ name: 'string', price: 'number' }) },
        },
        '/actions/ensure-asset-ids': { post: { summary: 'Ensure Asset IDs' } },
        '/shopping-list/add-missing-products': { post: { summary: 'Add missing products to the shopping list' } },
        '/items/{id}': {
          post: {
            operationId: 'duplicateItem',
            summary: 'Create a copy of an item',
            requestBody: body({ name: 'string' }),
          },
        },
        '/products/bulk': { patch: { summary: 'Bulk update products' } },
      },
    };
    const result = planImport([inMemory(document)], { serverVars: {}, overrides: new Map() });
    expect(routesOf(result)).toEqual({});
    const create = result.operations.find((o) => o.operation === 'createProduct')!;
    expect(create.matched).toBe(false);
    if (!create.matched)
      expect(create.candidates.map((c) => c.shortfall).join(' | ')).toContain(
        '"import": it moves data in or out in bulk, a job of its own, never mapped to createProduct',
      );
  });

  it('a path parameter with listed values stands for one route per value (Grocy /objects/{entity})', () => {
    const document = {
      openapi: '3.1.0',
      paths: {
        '/objects/{entity}': {
          get: {
            parameters: [
              {
                name: 'entity',
                in: 'path',
                required: true,
                schema: { type: 'string', enum: ['products', 'locations', 'chores'] },
              },
            ],
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'array',
                      items: {
                        oneOf: [{ $ref: '#/components/schemas/Product' }, { $ref: '#/components/schemas/Location' }],
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Product: { type: 'object', properties: { name: {}, barcode: {} } },
          Location: { type: 'object', properties: { name: {}, is_freezer: {} } },
        },
      },
    };
    const result = planImport([inMemory(document)], { serverVars: {}, overrides: new Map() });
    expect(routesOf(result)).toEqual({
      listProducts: 'GET /objects/products',
      listWarehouses: 'GET /objects/locations',
    });
  });
});

function body(fields: Record<string, string>) {
  return {
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: Object.fromEntries(Object.entries(fields).map(([k, t]) => [k, { type: t }])),
        },
      },
    },
  };
}

describe('servers', () => {
  it('splits a URL without parsing it: braces and spaces are no crash', () => {
    expect(splitServerUrl('https://api.example.com/stores/{store_hash}/v3')).toEqual({
      host: 'api.example.com',
      path: '/stores/{store_hash}/v3',
    });
    expect(splitServerUrl('/api/v3/')).toEqual({ host: '', path: '/api/v3/' });
    const spaced = serverOf({ servers: [{ url: 'https://api.example.com/my api/v1' }] }, {});
    expect(spaced.path).toBe('/my%20api/v1');
    expect(spaced.repaired).toContain('holds a space');
  });

  it('a variable of the path is filled only by a value given; one of the host is not needed', () => {
    const document = {
      servers: [
        {
          url: 'https://{region}.example.com/stores/{store_hash}/v3',
          variables: { region: { default: 'eu' }, store_hash: { default: 'store_hash' } },
        },
      ],
    };
    expect(serverOf(document, {})).toMatchObject({ path: '/stores/{store_hash}/v3', unresolved: ['store_hash'] });
    expect(serverOf(document, { store_hash: 'abc123' })).toMatchObject({ path: '/stores/abc123/v3', unresolved: [] });
    expect(serverOf(document, {}).variables.map((v) => [v.name, v.inPath])).toEqual([
      ['region', false],
      ['store_hash', true],
    ]);
  });

  it('--server-var values: name=value, each once; one in the server URL has no braces or spaces', () => {
    expect(parseServerVars(['store_hash=abc123', 'prefix=connect/v4'])).toEqual({
      store_hash: 'abc123',
      prefix: 'connect/v4',
    });
    expect(() => parseServerVars(['store_hash'])).toThrow(UsageError);
    expect(() => parseServerVars(['a=1', 'a=2'])).toThrow(/given twice/);
    // Where a value goes is known once the documents are read: a header's may hold a space, a server URL's may not.
    expect(parseServerVars(['a=b c'])).toEqual({ a: 'b c' });
    expect(() => checkServerVariable('store_hash', '{store_hash}')).toThrow(/cannot stand in a path/);
    expect(() => checkServerVariable('a', 'b c')).toThrow(/cannot stand in a path/);
  });

  it('merged documents share the base path their servers have in common', async () => {
    const a = write(
      'merge/catalog.yaml',
      [
        'openapi: 3.0.3',
        'servers: [{ url: "https://h.example/stores/{store_hash}/v3" }]',
        'paths:',
        '  /catalog/products:',
        '    get: { operationId: getProducts }',
        '',
      ].join('\n'),
    );
    const b = write(
      'merge/tax.yaml',
      [
        'openapi: 3.0.3',
        'servers: [{ url: "https://h.example/stores/{store_hash}/v2" }]',
        'paths:',
        '  /tax_classes:',
        '    get: { operationId: getTaxClasses }',
        '',
      ].join('\n'),
    );
    const docs = await loadDocuments([a, b], noFetch);
    expect(serverVariables(docs).map((v) => v.name)).toEqual(['store_hash']);
    const result = planImport(docs, {
      serverVars: { store_hash: 'abc' },
      inventoryUrl: 'https://h.example',
      overrides: new Map(),
    });
    expect(result.basePath).toBe('/stores/abc');
    expect(routesOf(result)).toEqual({
      listProducts: 'GET /v3/catalog/products',
      listTaxGroups: 'GET /v2/tax_classes',
    });
    expect(commonBasePath(['/a/b/c', '/a/b/d', '/a/x'])).toBe('/a');
    expect(basePathUnder('/inventory/api/v2', 'http://127.0.0.1:47800/inventory')).toBe('/api/v2');
    expect(basePathUnder('/inventoryx/api', 'https://h/inventory')).toBe('/inventoryx/api');
  });
});

describe('auth schemes', () => {
  const withSchemes = (schemes: Record<string, unknown>, security: Array<Record<string, string[]>>) => ({
    components: { securitySchemes: schemes },
    security,
  });
  const find = (schemes: Record<string, unknown>, security: Array<Record<string, string[]>>, login = false) =>
    authOf(withSchemes(schemes, security), [security], login);

  it("the prefix an Authorization key takes, from the scheme's description", () => {
    expect(prefixFromDescription('Token-based authentication with required prefix "Token"')).toBe('Token ');
    expect(prefixFromDescription('"Type \'Bearer TOKEN\' to correctly set the API Key"')).toBe('Bearer ');
    expect(prefixFromDescription('Send Authorization: Token <your key>')).toBe('Token ');
    // A quoted placeholder, as a bullet of a longer description writes it.
    expect(prefixFromDescription('- Bearer authorization header: `Authorization: Bearer "YOUR_API_KEY_HERE"`')).toBe(
      'Bearer ',
    );
    expect(prefixFromDescription('The API key of your store')).toBeUndefined();
    expect(prefixFromDescription(undefined)).toBeUndefined();
  });

  it('a static key in a header or query parameter, its prefix kept exactly', () => {
    expect(
      find({ t: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'required prefix "Token"' } }, [
        { t: [] },
      ]).scheme,
    ).toEqual({ type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Token ' });
    expect(find({ k: { type: 'apiKey', in: 'header', name: 'GROCY-API-KEY' } }, [{ k: [] }]).scheme).toEqual({
      type: 'api-key',
      in: 'header',
      name: 'GROCY-API-KEY',
      prefix: '',
    });
    expect(find({ k: { type: 'apiKey', in: 'query', name: 'api_key' } }, [{ k: [] }]).scheme).toEqual({
      type: 'api-key',
      in: 'query',
      name: 'api_key',
      prefix: '',
    });
  });

  it('with a login route, its token: bearer, or bare in the named header', () => {
    expect(find({ b: { type: 'http', scheme: 'bearer' } }, [{ b: [] }], true).scheme).toEqual({ type: 'bearer' });
    expect(find({ h: { type: 'apiKey', in: 'header', name: 'X-Api-Token' } }, [{ h: [] }], true).scheme).toEqual({
      type: 'header',
      name: 'X-Api-Token',
    });
  });

  it('OAuth2 client credentials with its token URL and the scopes the operations ask for', () => {
    const found = find(
      {
        o: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: 'https://id.example/token',
              scopes: { 'inventory.read': '', 'inventory.write': '', other: '' },
            },
          },
        },
      },
      [{ o: ['inventory.read', 'inventory.write'] }],
    );
    expect(found.scheme).toEqual({
      type: 'oauth2',
      tokenUrl: 'https://id.example/token',
      scopes: ['inventory.read', 'inventory.write'],
    });
    expect(formatAuthScheme(found.scheme!)).toBe(
      'oauth2 token-url=https://id.example/token scopes="inventory.read inventory.write"',
    );
  });

  it('OAuth2 authorization code is a bearer token the user gives, said so; basic is basic; a cookie is nothing venue can send', () => {
    const code = find(
      {
        o: {
          type: 'oauth2',
          flows: { authorizationCode: { authorizationUrl: 'https://x/a', tokenUrl: 'https://x/t', scopes: {} } },
        },
      },
      [{ o: [] }],
    );
    expect(code.scheme).toEqual({ type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Bearer ' });
    expect(code.evidence).toContain('run by a person in a browser');
    expect(find({ b: { type: 'http', scheme: 'basic' } }, [{ b: [] }]).scheme).toEqual({ type: 'basic' });
    const cookie = find({ c: { type: 'apiKey', in: 'cookie', name: 'sid' } }, [{ c: [] }]);
    expect(cookie.scheme).toBeUndefined();
    expect(cookie.options).toEqual([expect.objectContaining({ name: 'c', kind: 'apiKey in cookie sid' })]);
  });

  it('venue prefers a static key to the other alternatives the operations accept; a requirement of two schemes at once is none', () => {
    const schemes = {
      cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
      jwt: { type: 'http', scheme: 'bearer' },
      key: { type: 'apiKey', in: 'header', name: 'x-access-token' },
    };
    expect(find(schemes, [{ cookie: [] }, { jwt: [] }, { key: [] }]).scheme).toEqual({
      type: 'api-key',
      in: 'header',
      name: 'x-access-token',
      prefix: '',
    });
    expect(find(schemes, [{ key: [], cookie: [] }]).scheme).toBeUndefined();
    expect(authOf(withSchemes({}, []), [[]], false).evidence).toBe('the operations name no security scheme');
  });

  it('schemes declared but named by no operation are what the document offers, said so; beside a login route its token stays', () => {
    const declared = {
      components: {
        securitySchemes: {
          basic: { type: 'http', scheme: 'basic' },
          appKey: { type: 'apiKey', in: 'header', name: 'X-Shop-Api-Key' },
        },
      },
    };
    const found = authOf(declared, [[], []], false);
    expect(found.scheme).toEqual({ type: 'api-key', in: 'header', name: 'X-Shop-Api-Key', prefix: '' });
    expect(found.evidence).toContain('no operation names a security requirement');
    expect(found.evidence).toContain('of the 2 the document declares (basic, appKey)');
    const one = { components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } } };
    expect(authOf(one, [[]], false).scheme).toEqual({ type: 'basic' });
    expect(authOf(one, [[]], false).evidence).toContain('the scheme the document declares is taken: check it');
    // With a login route, the operations take its token (an API explorer's "api_key" field is no evidence against it).
    const explorer = {
      components: { securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'api_key' } } },
    };
    expect(authOf(explorer, [[]], true).scheme).toEqual({ type: 'bearer' });
    // Nothing declared, nothing named: nothing taken.
    expect(authOf({}, [[]], false).scheme).toBeUndefined();
  });

  it('a login route is not mapped when the operations take a static key', async () => {
    const file = write(
      'static-key.yaml',
      [
        'openapi: 3.0.3',
        'components: { securitySchemes: { key: { type: apiKey, in: header, name: Authorization, description: \'Token authentication with required prefix "Token"\' } } }',
        'security: [{ key: [] }]',
        'paths:',
        '  /login:',
        '    post: { operationId: login, security: [], requestBody: { content: { application/json: { schema: { properties: { username: {}, password: {} } } } } }, responses: { "200": { description: ok, content: { application/json: { schema: { properties: { token: {} } } } } } } }',
        '  /products:',
        '    get: { operationId: listProducts }',
        '',
      ].join('\n'),
    );
    const result = await plan([file]);
    expect(routesOf(result)).toEqual({ listProducts: 'GET /products' });
    expect(result.operations[0]).toMatchObject({
      operation: 'authenticate',
      matched: false,
      why: expect.stringContaining('not the token of a login route'),
    });
    expect(result.auth.scheme).toEqual({ type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Token ' });
  });
});

describe('--map', () => {
  it('parses operation=route and operation=none, checking the method', () => {
    const map = parseOverrides(['getProduct=GET /items/{id}', 'stockTake=none']);
    expect([...map]).toEqual([
      ['getProduct', 'GET /items/{id}'],
      ['stockTake', null],
    ]);
    expect(() => parseOverrides(['nope=GET /x'])).toThrow(/not one of venue's inventory operations/);
    expect(() => parseOverrides(['getProduct=POST /items/{id}'])).toThrow(/not POST/);
    expect(() => parseOverrides(['listProducts=GET /items', 'listProducts=GET /x'])).toThrow(/given twice/);
    expect(() => parseOverrides(['listProducts'])).toThrow(UsageError);
  });

  it('refuses a query or a header in a --map route rather than store the route without them', () => {
    // What a stored route sends besides its path (a per-venue value, a record id in the query, a header) is read from
    // the document's operation; typed after --map it would be dropped without a word.
    for (const route of ['GET /product.info.json?id={productId}', 'GET /items x-hotelid:{x-hotelid}']) {
      expect(() => parseOverrides([`getProduct=${route}`])).toThrow(UsageError);
      expect(() => parseOverrides([`getProduct=${route}`])).toThrow(
        /as METHOD \/path .*config set inventory\.routes\.getProduct/,
      );
    }
  });

  it('overrides one operation and takes the route from any other that had it', async () => {
    const result = await plan([fixture('partial.yaml')], {
      overrides: parseOverrides(['listContainers=GET /misc', 'listClasses=none', 'listWarehouses=GET /categories']),
    });
    const routes = routesOf(result);
    expect(routes.listContainers).toBe('GET /misc');
    expect(routes.listClasses).toBeUndefined();
    expect(routes.listWarehouses).toBe('GET /categories');
    expect(result.operations.find((o) => o.operation === 'listCategories')).toMatchObject({
      matched: false,
      why: 'its route GET /categories was given to listWarehouses with --map',
    });
    expect(result.operations.find((o) => o.operation === 'listContainers')).toMatchObject({ chosenBy: '--map' });
  });
});

describe('the import record and merging with earlier imports', () => {
  it("round-trips, with each route's document", () => {
    const record = {
      basePath: '/api',
      auth: 'bearer',
      routes: { listProducts: 'GET /items' },
      sources: { listProducts: '/docs/a.yaml' },
    };
    expect(parseImportRecord(formatImportRecord(record))).toEqual(record);
    expect(parseImportRecord('{"routes":{"nope":"GET /x","health":"GET /ping"}}')).toEqual({
      basePath: '',
      auth: undefined,
      routes: { health: 'GET /ping' },
      sources: {},
    });
    expect(parseImportRecord('not json')).toBeUndefined();
  });

  const previous = {
    basePath: '/stores/abc/v3',
    routes: { listProducts: 'GET /catalog/products', stockLevels: 'GET /inventory/items' },
    sources: { listProducts: '/d/catalog.yml', stockLevels: '/d/inventory.yml' },
  } as const;
  const current = (values: Record<string, string>) => (operation: InventoryOperation) => values[operation];

  it('another document of the vendor: the earlier routes stay, under the base path both share', () => {
    const merged = mergeImports({
      previous: { ...previous, sources: { ...previous.sources }, routes: { ...previous.routes } },
      current: current({
        listProducts: 'GET /catalog/products',
        stockLevels: 'GET /inventory/items',
        listClasses: 'GET /x/classes',
      }),
      currentBasePath: '/stores/abc/v3',
      labels: ['/d/tax.yml'],
      routes: [{ operation: 'listTaxGroups', route: 'GET /tax_classes', source: '/d/tax.yml' }],
      basePath: '/stores/abc/v2',
      replace: false,
    });
    expect(merged.basePath).toBe('/stores/abc');
    expect(merged.set).toEqual(
      expect.arrayContaining([
        { operation: 'listTaxGroups', route: 'GET /v2/tax_classes', source: '/d/tax.yml' },
        { operation: 'listProducts', route: 'GET /v3/catalog/products', source: '/d/catalog.yml' },
        { operation: 'stockLevels', route: 'GET /v3/inventory/items', source: '/d/inventory.yml' },
        { operation: 'listClasses', route: 'GET /v3/x/classes' },
      ]),
    );
    expect(merged.kept.map((k) => k.operation)).toEqual(['listProducts', 'stockLevels']);
    expect(merged.rebased).toEqual(['listClasses']);
    expect(merged.unset).toEqual([]);
  });

  it('the same document again replaces what it stored; --replace forgets the others; a clash is a conflict', () => {
    const again = mergeImports({
      previous: { ...previous, routes: { ...previous.routes }, sources: { ...previous.sources } },
      current: current({ ...previous.routes }),
      currentBasePath: '/stores/abc/v3',
      labels: ['/d/inventory.yml'],
      routes: [{ operation: 'listProducts', route: 'GET /inventory/products', source: '/d/inventory.yml' }],
      basePath: '/stores/abc/v3',
      replace: false,
    });
    expect(again.unset).toEqual(['stockLevels']);
    expect(again.conflicts).toEqual([
      'listProducts: GET /stores/abc/v3/catalog/products from /d/catalog.yml is replaced by GET /stores/abc/v3/inventory/products from /d/inventory.yml',
    ]);
    const replaced = mergeImports({
      previous: { ...previous, routes: { ...previous.routes }, sources: { ...previous.sources } },
      current: current({ ...previous.routes }),
      currentBasePath: '/stores/abc/v3',
      labels: ['/d/tax.yml'],
      routes: [],
      basePath: '/stores/abc/v2',
      replace: true,
    });
    expect(replaced.unset).toEqual(['listProducts', 'stockLevels']);
    expect(replaced.kept).toEqual([]);
  });
});
