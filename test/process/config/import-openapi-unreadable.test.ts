// A document that maps what it can, through the built binary and `venue
// sandbox serve`: the sandbox's own published document, saved as a person
// downloads it, with the product's schema moved to an address that cannot be
// reached and a file that was not kept (a vendor's schema on its website, a
// split document copied in part). The import exits 0 with its mappings and a
// warning naming each $ref not read; the products are then listed and read,
// their answers read by rule. The in-process and unit forms of the same:
// test/unit/config/openapi-robustness.test.ts.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, startSandbox, tempDir, type SandboxHandle } from '../../support/venue.js';

let sb: SandboxHandle;
const scratch = tempDir('venue-unreadable-');
// An address of this machine where nothing listens: the $ref is tried and fails at once.
const unreachable = 'http://127.0.0.1:9/schemas/product.json';

beforeAll(async () => {
  sb = await startSandbox();
}, 60_000);
afterAll(async () => {
  await sb?.stop();
  removeDir(scratch);
}, 60_000);

describe('import-openapi of a document with $refs that cannot be read', () => {
  it('maps what it can (exit 0), names each $ref not read, and the mapped routes work', async () => {
    const published = (await (await fetch(`${sb.origin}/inventory/openapi.json`)).json()) as any;
    published.paths['/products'].get.responses['200'].content['application/json'].schema.properties.items.items = {
      $ref: unreachable,
    };
    published.paths['/products/{productId}'].get.responses['200'].content['application/json'].schema = {
      $ref: './schemas/product.yaml',
    };
    const file = path.join(scratch, 'inventory.json');
    fs.writeFileSync(file, JSON.stringify(published, null, 2));

    const r = await sb.run(['config', 'import-openapi', file, '--yes', '-o', 'json'], { timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    const review = JSON.parse(r.stdout) as {
      stored: boolean;
      warnings: string[];
      sources: Array<{ brokenRefs: string[] }>;
      operations: Array<{ operation: string; route: string | null; fields?: string[]; reasons?: string[] }>;
    };
    expect(review.stored).toBe(true);
    expect(review.sources[0]!.brokenRefs).toHaveLength(2);
    expect(review.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^inventory\\.json: \\$ref "${unreachable.replace(/[.]/g, '\\.')}" cannot be read \\(at #/paths/~1products/get/responses/200/content/application~1json/schema/properties/items/items\\): .*; that schema is no evidence$`,
          ),
        ),
        `inventory.json: $ref "./schemas/product.yaml" cannot be read (at #/paths/~1products~1{productId}/get/responses/200/content/application~1json/schema): no file ${path.join(scratch, 'schemas/product.yaml')}; that schema is no evidence`,
      ]),
    );
    const op = (name: string) => review.operations.find((o) => o.operation === name)!;
    expect(op('listProducts').route).toBe('GET /products');
    expect(op('getProduct').route).toBe('GET /products/{productId}');
    // Nothing claims fields it did not see.
    expect(op('getProduct').fields).toEqual([]);
    expect(op('getProduct').reasons).toContain('its response schema cannot be read ($ref "./schemas/product.yaml")');
    expect(op('stockLevels').route).toBe('GET /stock-levels');

    const list = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    const products = JSON.parse(list.stdout) as Array<{ productId: number; productName: string }>;
    expect(products.length).toBeGreaterThan(0);
    const first = products[0]!;
    const get = await sb.run(['inventory', 'products', 'get', String(first.productId), '-o', 'json']);
    expect(get.code, get.stderr).toBe(0);
    expect(JSON.parse(get.stdout)).toMatchObject({ productId: first.productId, productName: first.productName });
  });

  it('a document none of whose routes can be read maps nothing: exit 6, the $refs named, nothing stored', async () => {
    const file = path.join(scratch, 'none.yaml');
    fs.writeFileSync(
      file,
      [
        'openapi: 3.0.3',
        'info: { title: None, version: "1" }',
        'paths:',
        '  /products:',
        '    $ref: ./paths/products.yaml',
        '',
      ].join('\n'),
    );
    const r = await sb.run(['config', 'import-openapi', file, '--yes']);
    expect(r.code).toBe(6);
    expect(r.stdout + r.stderr).toContain(
      `none.yaml: $ref "./paths/products.yaml" cannot be read (at #/paths/~1products): no file ${path.join(scratch, 'paths/products.yaml')}; the operations of /products are not read`,
    );
    expect(r.stderr).toContain('nothing was stored');
  });
});
