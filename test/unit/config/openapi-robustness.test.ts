// A document maps what it can: forms of a well-formed but incomplete or
// unusual document that once made the importer read nothing, or drop routes
// wholesale, each on a small document of its own. What cannot be read is
// named (the review's warnings), is no evidence, and never claims fields it
// did not see; the rest of the document is read as usual. The forms that
// were tried and always read well are kept at the end, so that they stay so.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/lib/errors.js';
import { planImport, type ImportPlan, type MappedOperation } from '../../../src/lib/openapi/import.js';
import { loadDocument } from '../../../src/lib/openapi/load.js';
import { warnings } from '../../../src/lib/openapi/review.js';
import { splitServerUrl } from '../../../src/lib/openapi/servers.js';
import { noFetch, routesOf } from '../../support/openapi-plans.js';
import { tempDir } from '../../support/venue.js';

const dir = tempDir('venue-openapi-robust-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
const planOf = (docs: Awaited<ReturnType<typeof loadDocument>>[]): ImportPlan =>
  planImport(docs, { serverVars: {}, inventoryUrl: 'https://inventory.example', overrides: new Map() });
const mapped = (result: ImportPlan, operation: string) =>
  result.operations.find((o): o is MappedOperation => o.operation === operation && o.matched);

const product = [
  'type: object',
  'properties:',
  '  id: { type: string }',
  '  name: { type: string }',
  '  sku: { type: string }',
  '  price: { type: number }',
];

describe('a $ref that cannot be read leaves what it stands for unknown, and the rest is read', () => {
  it('a file not kept, an address not reachable, a pointer its file lacks, a path item not kept: each named, the routes judged', async () => {
    const root = write('split/openapi.yaml', [
      'openapi: 3.0.3',
      'info: { title: Split, version: "1" }',
      'servers: [{ url: "https://api.example.com/v1" }]',
      'paths:',
      '  /products:',
      '    get:',
      '      summary: List products',
      '      responses:',
      '        "200":',
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema: { type: array, items: { $ref: "https://schemas.example.org/product.json" } }',
      '    post:',
      '      summary: Create a product',
      '      requestBody: { content: { application/json: { schema: { $ref: "./schemas/new-product.yaml" } } } }',
      '      responses: { "201": { description: created, content: { application/json: { schema: { $ref: "./schemas/product.yaml" } } } } }',
      '  /products/{id}:',
      '    get:',
      '      summary: Get a product',
      '      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]',
      '      responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "./schemas/product.yaml#/definitions/Nope" } } } } }',
      '  /warehouses:',
      '    get:',
      '      summary: List warehouses',
      '      responses:',
      '        "200":',
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema: { $ref: "./schemas/warehouses.yaml" }',
      '  /suppliers:',
      '    $ref: ./paths/suppliers.yaml',
    ]);
    write('split/schemas/product.yaml', product);
    write('split/schemas/warehouses.yaml', [
      'type: array',
      'items: { type: object, properties: { id: { type: string }, name: { type: string }, address: { type: string } } }',
    ]);

    const loaded = await loadDocument(root, noFetch);
    const folder = path.join(dir, 'split');
    expect([...loaded.brokenRefs].sort()).toEqual(
      [
        `$ref "./paths/suppliers.yaml" cannot be read (at #/paths/~1suppliers): no file ${path.join(folder, 'paths/suppliers.yaml')}; the operations of /suppliers are not read`,
        `$ref "./schemas/new-product.yaml" cannot be read (at #/paths/~1products/post/requestBody/content/application~1json/schema): no file ${path.join(folder, 'schemas/new-product.yaml')}; that schema is no evidence`,
        `$ref "./schemas/product.yaml#/definitions/Nope" cannot be read (at #/paths/~1products~1{id}/get/responses/200/content/application~1json/schema): ${path.join(folder, 'schemas/product.yaml')} has no #/definitions/Nope; that schema is no evidence`,
        '$ref "https://schemas.example.org/product.json" cannot be read (at #/paths/~1products/get/responses/200/content/application~1json/schema/items): no network in unit tests: https://schemas.example.org/product.json; that schema is no evidence',
      ].sort(),
    );
    // Only the files read are counted as read.
    expect(loaded.externalFiles.map((f) => path.relative(folder, f)).sort()).toEqual([
      path.join('schemas', 'product.yaml'),
      path.join('schemas', 'warehouses.yaml'),
    ]);

    const result = planOf([loaded]);
    expect(routesOf(result)).toMatchObject({
      listProducts: 'GET /products',
      getProduct: 'GET /products/{id}',
      createProduct: 'POST /products',
      listWarehouses: 'GET /warehouses',
    });
    // Nothing claims fields it did not see: the unread request and answers give none, and say why.
    const create = mapped(result, 'createProduct')!;
    expect(create.fields).toEqual([]);
    expect(create.reasons).toContain('its request schema cannot be read ($ref "./schemas/new-product.yaml")');
    const get = mapped(result, 'getProduct')!;
    expect(get.fields).toEqual([]);
    expect(get.reasons).toContain(
      'its response schema cannot be read ($ref "./schemas/product.yaml#/definitions/Nope")',
    );
    const list = mapped(result, 'listProducts')!;
    expect(list.fields).toEqual([]);
    expect(list.reasons).toContain(
      'the records of its response are written as $ref "https://schemas.example.org/product.json", which cannot be read',
    );
    // The readable list's fields are read as usual.
    expect(mapped(result, 'listWarehouses')!.fields).toEqual(expect.arrayContaining(['name']));
    // The review names every $ref not read.
    const said = warnings(result);
    expect(said.filter((w) => w.startsWith('openapi.yaml: $ref'))).toHaveLength(4);
  });

  it("a file that cannot be read as JSON or YAML is a $ref not read, named with the reader's error; the rest is read", async () => {
    const root = write('malformed/openapi.yaml', [
      'openapi: 3.0.3',
      'info: { title: Malformed, version: "1" }',
      'paths:',
      '  /products:',
      '    get:',
      '      operationId: listProducts',
      '      responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "./product.yaml" } } } } } }',
      '  /warehouses:',
      '    get:',
      '      operationId: listWarehouses',
      '      responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "./warehouse.json" } } } } } }',
    ]);
    write('malformed/product.yaml', ['type: object', 'properties:', '  name: { type: string', '  sku: [']);
    write('malformed/warehouse.json', ['{ "type": "object", "properties": { "name": { "type": "string" }, } }']);
    const loaded = await loadDocument(root, noFetch);
    const folder = path.join(dir, 'malformed');
    expect([...loaded.brokenRefs].sort()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\$ref "\\./product\\.yaml" cannot be read \\(at .*\\): cannot read ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/product\\.yaml as YAML: .*; that schema is no evidence$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^\\$ref "\\./warehouse\\.json" cannot be read \\(at .*\\): cannot read ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/warehouse\\.json as JSON: .*; that schema is no evidence$`,
        ),
      ),
    ]);
    const result = planOf([loaded]);
    expect(routesOf(result)).toEqual({ listProducts: 'GET /products', listWarehouses: 'GET /warehouses' });
    expect(mapped(result, 'listProducts')!.reasons).toContain(
      'the records of its response are written as $ref "./product.yaml", which cannot be read',
    );
  });

  it("a list whose answer cannot be read: the review's warning that it cannot tell where the records are, naming the $ref", async () => {
    const root = write('list/openapi.yaml', [
      'openapi: 3.0.3',
      'info: { title: List, version: "1" }',
      'paths:',
      '  /products:',
      '    get:',
      '      operationId: listProducts',
      '      summary: List products',
      '      responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "./product-list.yaml" } } } } }',
    ]);
    const result = planOf([await loadDocument(root, noFetch)]);
    const list = mapped(result, 'listProducts')!;
    expect(list.list).toMatchObject({ schema: false, unread: './product-list.yaml' });
    expect(list.list?.records).toBeUndefined();
    expect(warnings(result)).toContain(
      `listProducts: cannot tell where the list's records are in the answer of GET /products (its success schema, $ref "./product-list.yaml", cannot be read); venue reads the answer by rule and exits 6 if it finds none`,
    );
  });

  it('a list whose records cannot be read, in an envelope that can: its records are where the envelope holds them, their fields unknown, not absent', async () => {
    const root = write('envelope/openapi.yaml', [
      'openapi: 3.0.3',
      'info: { title: Envelope, version: "1" }',
      'paths:',
      '  /products:',
      '    get:',
      '      operationId: listProducts',
      '      summary: List products',
      '      responses:',
      '        "200":',
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: object',
      '                properties:',
      '                  data: { type: array, items: { $ref: "https://schemas.example.org/product.json" } }',
      '                  meta: { type: object, properties: { total: { type: integer }, page: { type: integer } } }',
      '  /products/{id}:',
      '    get:',
      '      operationId: getProduct',
      '      summary: Get a product',
      '      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]',
      '      responses:',
      '        "200":',
      '          description: ok',
      '          content: { application/json: { schema: { type: object, properties: { data: { $ref: "https://schemas.example.org/product.json" } } } } }',
    ]);
    const result = planOf([await loadDocument(root, noFetch)]);
    const list = mapped(result, 'listProducts')!;
    expect(list.route).toBe('GET /products');
    expect(list.list?.records).toEqual({ at: 'data', form: 'envelope' });
    expect(list.fields).toEqual([]);
    expect(list.reasons).toContain(
      'the records of its response are written as $ref "https://schemas.example.org/product.json", which cannot be read',
    );
    expect(list.reasons.join('; ')).not.toMatch(/holds no list|no response field/);
    const get = mapped(result, 'getProduct')!;
    expect(get.route).toBe('GET /products/{id}');
    expect(get.reasons).toContain(
      'the records of its response are written as $ref "https://schemas.example.org/product.json", which cannot be read',
    );
  });

  it('a document none of whose paths can be read: "paths" a $ref not kept is a usage error naming it', async () => {
    const root = write('nopaths/openapi.yaml', [
      'openapi: 3.0.3',
      'info: { title: None, version: "1" }',
      'paths: { $ref: ./paths.yaml }',
    ]);
    const error = await loadDocument(root, noFetch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain('has no "paths" it can read ($ref "./paths.yaml" cannot be read');
  });

  it('a Swagger 2.0 document: its $refs named where they are written, a parameter pointing nowhere too (the converter drops it)', async () => {
    const root = write('swagger/swagger.yaml', [
      'swagger: "2.0"',
      'info: { title: Old, version: "1" }',
      'host: api.example.com',
      'basePath: /v1',
      'paths:',
      '  /products:',
      '    get:',
      '      operationId: listProducts',
      '      parameters: [{ $ref: "#/parameters/Page" }]',
      '      responses: { "200": { description: ok, schema: { type: array, items: { $ref: "#/definitions/Product" } } } }',
      '    post:',
      '      operationId: createProduct',
      '      parameters: [{ in: body, name: body, schema: { $ref: "models.yaml#/definitions/NewProduct" } }]',
      '      responses: { "201": { description: created } }',
      'definitions:',
      '  Product:',
      ...product.map((line) => `    ${line}`),
    ]);
    const loaded = await loadDocument(root, noFetch);
    expect([...loaded.brokenRefs].sort()).toEqual([
      '$ref "#/parameters/Page" points nowhere (at #/paths/~1products/get/parameters/0); that parameter is not read',
      `$ref "models.yaml#/definitions/NewProduct" cannot be read (at #/paths/~1products/post/parameters/0/schema): no file ${path.join(dir, 'swagger/models.yaml')}; that schema is no evidence`,
    ]);
    expect(routesOf(planOf([loaded]))).toMatchObject({
      listProducts: 'GET /products',
      createProduct: 'POST /products',
    });
  });
});

describe('forms read as they are meant', () => {
  it('a key written twice in one YAML object (a repeated summary or response code): the later value is read, and said', async () => {
    const root = write('twice/openapi.yaml', [
      'openapi: 3.0.3',
      'info: { title: Twice, version: "1" }',
      'paths:',
      '  /products:',
      '    get:',
      '      summary: Products',
      '      summary: List products',
      '      responses:',
      '        "200": { description: ok, content: { application/json: { schema: { $ref: "./list.yaml" } } } }',
      '        "200": { description: ok, content: { application/json: { schema: { $ref: "./list.yaml" } } } }',
    ]);
    write('twice/list.yaml', [
      'type: array',
      'items:',
      '  type: object',
      '  type: object',
      ...product.slice(1).map((l) => `  ${l}`),
    ]);
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.faults).toEqual([
      `${root}: a key is written twice in one object (at line 7); the later value is read, as JSON reads it`,
      `${path.join(dir, 'twice/list.yaml')}: a key is written twice in one object (at line 4); the later value is read, as JSON reads it`,
    ]);
    const result = planOf([loaded]);
    expect(routesOf(result)).toEqual({ listProducts: 'GET /products' });
    expect(mapped(result, 'listProducts')!.fields).toEqual(expect.arrayContaining(['name', 'price', 'sku']));
    expect(warnings(result)).toContain(
      'openapi.yaml: a key is written twice in one object (at line 7); the later value is read, as JSON reads it',
    );
  });

  it('JSON with a byte-order mark and a tab written raw inside a string: read as written, and said; JSON broken otherwise is refused', async () => {
    const document = {
      swagger: '2.0',
      info: { title: 'Raw tab', version: '1' },
      paths: {
        '/products': {
          get: {
            summary: 'List products',
            description: 'TAB_HERE every product',
            responses: {
              '200': {
                description: 'ok',
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      id: { type: 'string' },
                      name: { type: 'string' },
                      sku: { type: 'string' },
                      price: { type: 'number' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const text = `\uFEFF${JSON.stringify(document, null, 2).replace('TAB_HERE', '\t')}`;
    const root = path.join(dir, 'rawtab/openapi.json');
    fs.mkdirSync(path.dirname(root), { recursive: true });
    fs.writeFileSync(root, text);
    expect(() => JSON.parse(text.slice(1))).toThrow();
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.faults).toEqual([
      `${root}: a string holds a control character written raw (a tab or a line break, first at line 11), which JSON does not allow; it is read as written`,
    ]);
    expect(routesOf(planOf([loaded]))).toEqual({ listProducts: 'GET /products' });
    // A raw tab beside another fault is no leniency: the first fault is named as JSON names it.
    fs.writeFileSync(root, text.replace('"summary"', '"summary" "'));
    await expect(loadDocument(root, noFetch)).rejects.toThrow(/cannot read .* as JSON or YAML/);
  });

  it('a path written without its leading "/" or as a whole address is the same route, read from the root, and said', async () => {
    const root = write('paths/openapi.yaml', [
      'openapi: 3.0.3',
      'info: { title: Paths, version: "1" }',
      'servers: [{ url: "https://api.example.com/v1" }]',
      'paths:',
      '  products:',
      '    get:',
      '      summary: List products',
      '      responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: object, properties: { id: { type: string }, name: { type: string }, sku: { type: string }, price: { type: number } } } } } } } }',
      '  https://api.example.com/v1/warehouses:',
      '    get:',
      '      summary: List warehouses',
      '      responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: object, properties: { id: { type: string }, name: { type: string } } } } } } } }',
      '  https://other.example.com/stock/levels:',
      '    get:',
      '      summary: List stock levels',
      '      responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: object, properties: { productId: { type: string }, quantity: { type: number }, warehouseId: { type: string } } } } } } } }',
      '  /warehouses:',
      '    get: { summary: List warehouses, responses: { "200": { description: ok } } }',
    ]);
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.faults).toEqual([
      `${root}: path "products" is written without its leading "/": read as /products`,
      `${root}: path "https://api.example.com/v1/warehouses" is written as a whole address; /warehouses is written as well, and stands`,
      `${root}: path "https://other.example.com/stock/levels" is written as a whole address: read as /stock/levels`,
    ]);
    expect(routesOf(planOf([loaded]))).toMatchObject({
      listProducts: 'GET /products',
      listWarehouses: 'GET /warehouses',
      stockLevels: 'GET /stock/levels',
    });
  });

  it('one API split into documents of one route each: a query value every route requires is found across them, as in one', async () => {
    const doc = (name: string, path: string, summary: string, fields: string) =>
      write(`split-api/${name}.yaml`, [
        'openapi: 3.0.1',
        `info: { title: ${name}, version: "1" }`,
        'servers: [{ url: "https://erp.example.com/api/ecommerce/v1" }]',
        'paths:',
        `  ${path}:`,
        '    get:',
        `      summary: ${summary}`,
        '      parameters:',
        '        - { name: companyId, in: query, required: true, schema: { type: string } }',
        '        - { name: branchId, in: query, required: true, schema: { type: string } }',
        `      responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: object, properties: { ${fields} } } } } } } }`,
      ]);
    const files = [
      doc(
        'products',
        '/products',
        'List products',
        'id: { type: string }, name: { type: string }, sku: { type: string }, price: { type: number }',
      ),
      doc(
        'stock',
        '/stock-levels',
        'List stock levels',
        'productId: { type: string }, quantity: { type: number }, warehouseId: { type: string }',
      ),
    ];
    const loaded = [];
    for (const file of files) loaded.push(await loadDocument(file, noFetch));
    const result = planOf(loaded);
    expect(result.pathVars.map((v) => [v.name, v.in])).toEqual([
      ['companyId', 'query'],
      ['branchId', 'query'],
    ]);
    expect(result.pathVars[0]!.why).toContain('of the documents imported together');
    expect(routesOf(result)).toEqual({ listProducts: 'GET /products', stockLevels: 'GET /stock-levels' });
  });

  it('a Swagger 2.0 host written as an address, a basePath without its leading "/": the same server, read so and said', async () => {
    const root = write('swagger-host/swagger.json', [
      JSON.stringify({
        swagger: '2.0',
        info: { title: 'Host', version: '1' },
        host: 'https://api.example.com/',
        basePath: 'api/v1',
        paths: {
          '/products': {
            get: {
              operationId: 'listProducts',
              responses: {
                200: {
                  description: 'ok',
                  schema: {
                    type: 'array',
                    items: { type: 'object', properties: { name: { type: 'string' }, sku: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
      }),
    ]);
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.faults).toEqual([
      `${root}: host "https://api.example.com/" is written as an address: read as host api.example.com`,
      `${root}: basePath "api/v1" is written without its leading "/": read as /api/v1`,
    ]);
    const result = planOf([loaded]);
    expect(result.basePath).toBe('/api/v1');
    expect(routesOf(result)).toEqual({ listProducts: 'GET /products' });
  });

  it('a document that names no servers while its routes do: the server most routes name is its own, not every route "served elsewhere"', async () => {
    const list = (fields: string) =>
      `{ "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: object, properties: { ${fields} } } } } } } }`;
    const root = write('route-servers/openapi.yaml', [
      'openapi: 3.0.3',
      'info: { title: Routes, version: "1" }',
      'paths:',
      '  /products:',
      '    servers: [{ url: "https://api.example.com/v1" }]',
      `    get: { operationId: listProducts, responses: ${list('name: { type: string }, sku: { type: string }')} }`,
      '  /warehouses:',
      `    get: { operationId: listWarehouses, servers: [{ url: "https://api.example.com/v1" }], responses: ${list('name: { type: string }, address: { type: string }')} }`,
      '  /status:',
      '    servers: [{ url: "https://status.example.com" }]',
      '    get: { operationId: health, responses: { "200": { description: ok } } }',
    ]);
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.faults).toEqual([
      `${root}: the document names no servers; the server 2 of its 3 routes name (https://api.example.com/v1) is read as its own`,
    ]);
    const result = planOf([loaded]);
    expect(result.basePath).toBe('/v1');
    // The route served elsewhere stays one venue does not call at its one base.
    expect(routesOf(result)).toEqual({ listProducts: 'GET /products', listWarehouses: 'GET /warehouses' });
  });

  it.each([
    ['localhost:8080/api', '/api'],
    ['api.example.com/v1', '/v1'],
    ['10.0.0.1:46007/api/v2', '/api/v2'],
    ['{{baseUrl}}/v1', '/v1'],
    ['{host}/v1', '/v1'],
    // A path, not an address: no host in it.
    ['api/v1', '/api/v1'],
    ['api.v1/products', '/api.v1/products'],
    ['{tenant}/api', '/{tenant}/api'],
  ])(
    'a server URL written without its scheme (%s) begins with its host when it names one: the base path is %s',
    (url, base) => {
      expect(splitServerUrl(url).path).toBe(base);
    },
  );

  it.each([
    ['swagger: 2.0', 'Swagger 2.0'],
    ['openapi: 3.0', 'OpenAPI 3.0'],
    ['openapi: 3.1', 'OpenAPI 3.1'],
    ['openapi: 3.2.0', 'OpenAPI 3.2.0'],
  ])('the version written as "%s" (a YAML number, or OpenAPI 3.2 read as 3.1) is read as %s', async (version, form) => {
    const swagger = version.startsWith('swagger');
    const root = write(`version/${version.replace(/\W+/g, '-')}.yaml`, [
      version,
      'info: { title: Version, version: 1.0 }',
      'paths:',
      '  /products:',
      '    get:',
      '      operationId: listProducts',
      '      responses:',
      swagger
        ? '        "200": { description: ok, schema: { type: array, items: { type: object, properties: { name: { type: string }, sku: { type: string } } } } }'
        : '        "200": { description: ok, content: { application/json: { schema: { type: [array, "null"], items: { type: object, properties: { name: { type: [string, "null"] }, sku: { type: string } } } } } } }',
    ]);
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.form).toBe(form);
    const result = planOf([loaded]);
    expect(routesOf(result)).toEqual({ listProducts: 'GET /products' });
    expect(mapped(result, 'listProducts')!.list?.records?.form).toBe('bare array');
  });

  it('forms that always read well stay so: no produces, no response schema, allOf and oneOf chains, recursive and cross-file cycles, anchors and merge keys, trailing slashes, duplicate operationIds, no servers', async () => {
    const swagger = write('well/swagger.json', [
      JSON.stringify({
        swagger: '2.0',
        info: { title: 'No produces', version: '1' },
        paths: {
          '/products': {
            get: {
              operationId: 'listProducts',
              responses: { 200: { description: 'ok', schema: { type: 'array', items: { $ref: '#/definitions/P' } } } },
            },
          },
          '/health': { get: { operationId: 'health', responses: { 200: { description: 'ok' } } } },
        },
        definitions: { P: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } } },
      }),
    ]);
    expect(routesOf(planOf([await loadDocument(swagger, noFetch)]))).toMatchObject({
      listProducts: 'GET /products',
      health: 'GET /health',
    });

    const root = write('well/openapi.yaml', [
      'openapi: 3.0.3',
      'info: { title: Well, version: "1" }',
      'x-errors: &errors',
      '  "400": { description: bad }',
      'paths:',
      '  /products/:',
      '    get:',
      '      operationId: list',
      '      summary: List products',
      '      responses:',
      '        <<: *errors',
      '        "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Product" } } } } }',
      '    post:',
      '      operationId: list',
      '      summary: Create a product',
      '      requestBody: { content: { application/json: { schema: { oneOf: [{ $ref: "#/components/schemas/Product" }] } } } }',
      '      responses: { "201": { description: created } }',
      '  /categories/:',
      '    get:',
      '      summary: List categories',
      '      responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "./category.yaml" } } } } } }',
      'components:',
      '  schemas:',
      '    Named: { allOf: [{ type: object, properties: { id: { type: string } } }, { properties: { name: { type: string } } }] }',
      '    Product:',
      '      allOf:',
      '        - $ref: "#/components/schemas/Named"',
      '        - properties: { sku: { type: string }, price: { type: number }, categoryId: { type: string }, related: { $ref: "#/components/schemas/Product" } }',
    ]);
    write('well/category.yaml', [
      'type: object',
      'properties: { id: { type: string }, name: { type: string }, parent: { $ref: "./parent.yaml" } }',
    ]);
    write('well/parent.yaml', [
      'type: object',
      'properties: { id: { type: string }, child: { $ref: "./category.yaml" } }',
    ]);
    const loaded = await loadDocument(root, noFetch);
    expect(loaded.brokenRefs).toEqual([]);
    expect(loaded.faults).toBeUndefined();
    const result = planOf([loaded]);
    expect(routesOf(result)).toEqual({
      listProducts: 'GET /products/',
      createProduct: 'POST /products/',
      listCategories: 'GET /categories/',
    });
    expect(mapped(result, 'listProducts')!.fields).toEqual(expect.arrayContaining(['name', 'price', 'sku']));
    expect(mapped(result, 'createProduct')!.fields).toEqual(expect.arrayContaining(['name', 'price', 'sku']));
  });
});
