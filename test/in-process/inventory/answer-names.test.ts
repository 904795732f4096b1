// Answers in the vendor's own words: a sandbox whose inventory answers call
// productName item_title, productCode sku_code and quantity on_hand_qty
// (packages/sandbox/examples/inventory-routes-vendor-words.json), and says so
// in its published document. `config import-openapi` matches those words to
// venue's fields by the response schemas and stores them
// (inventory.answerNames); the commands then give venue's record shapes with
// the service's values. Without the stored names they exit 6 naming the
// field: nothing invented.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { repoRoot, startSandbox, type SandboxHandle } from '../../support/in-process.js';

const wordsFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-vendor-words.json');
const json = (text: string) => JSON.parse(text) as any;
const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
/** A field of the service's own answer by its word, in the dialect's casing (item_title, ItemTitle). */
const at = (record: any, word: string): any => record[Object.keys(record).find((key) => fold(key) === fold(word))!];
const hasWord = (record: any, word: string) => Object.keys(record).some((key) => fold(key) === fold(word));

/** A record out of the envelope dialect's {data: …}; a list's rows out of items or data. */
const unwrap = (body: any): any =>
  hasWord(body, 'data') && !Array.isArray(at(body, 'data')) ? at(body, 'data') : body;
const rowsOf = (body: any): any[] => (Array.isArray(body) ? body : (at(body, 'items') ?? at(body, 'data')));

let sb: SandboxHandle;
const documentUrl = () => `${sb.origin}/inventory/openapi.json`;

/** The service's own answer, as a vendor's client would see it (the layout's login route and header). */
async function serviceAnswer(vendorPath: string): Promise<any> {
  const login = await fetch(`${sb.origin}/inventory/api/v2/Security/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      apiKey: sandboxDemoSecrets['inventory.apiKey'],
      apiSecret: sandboxDemoSecrets['inventory.apiSecret'],
    }),
  });
  const answer0 = unwrap(json(await login.text()));
  const token = at(answer0, 'token') ?? at(answer0, 'accessToken');
  const answer = await fetch(`${sb.origin}/inventory/api/v2${vendorPath}`, { headers: { 'x-api-token': token } });
  expect(answer.status).toBe(200);
  return unwrap(json(await answer.text()));
}

// venue's own dialect, pascal (whose vendor writes its words in PascalCase too: ItemTitle) and envelope ({data: …}).
describe.each(['venue', 'pascal', 'envelope'])('answer fields in the vendor’s words (%s dialect)', (dialect) => {
  const word = (w: string) =>
    dialect === 'pascal'
      ? w
          .split('_')
          .map((p) => p[0]!.toUpperCase() + p.slice(1))
          .join('')
      : w;
  beforeAll(async () => {
    expect(fs.existsSync(wordsFile)).toBe(true);
    sb = await startSandbox(['--routes', wordsFile, '--dialect', dialect]);
  });
  afterAll(async () => {
    await sb?.stop();
  });

  it('the service answers in its words', async () => {
    const product = await serviceAnswer('/Products/1001');
    expect(product).toHaveProperty(word('item_title'));
    expect(product).toHaveProperty(word('sku_code'));
    expect(hasWord(product, 'productName')).toBe(false);
    expect(at(product, 'stockLevels')[0]).toHaveProperty(word('on_hand_qty'));
  });

  it('the dry run shows the matches per operation, and what stays unmatched', async () => {
    const r = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const byOp = Object.fromEntries(json(r.stdout).operations.map((o: any) => [o.operation, o]));
    const productNames = {
      [word('item_title')]: 'productName',
      [word('sku_code')]: 'productCode',
      [word('on_hand_qty')]: 'quantity',
    };
    expect(byOp.getProduct.answerNames).toEqual(productNames);
    expect(byOp.listProducts.answerNames).toEqual(productNames);
    expect(byOp.stockLevels.answerNames).toEqual({
      [word('sku_code')]: 'productCode',
      [word('on_hand_qty')]: 'quantity',
    });
    expect(byOp.getProduct.answerFields.matched).toContainEqual({
      vendor: word('on_hand_qty'),
      venue: 'quantity',
      path: `${dialect === 'pascal' ? 'StockLevels' : 'stockLevels'}[].${word('on_hand_qty')}`,
    });
    // Operations whose answers keep venue's names store nothing.
    expect(byOp.receiveStock.answerNames).toEqual({});
    const table = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run']);
    expect(table.stdout).toContain("Answer fields read in venue's names");
    expect(table.stdout).toContain(
      `getProduct: ${word('item_title')} → productName, ${word('sku_code')} → productCode, ${dialect === 'pascal' ? 'StockLevels' : 'stockLevels'}[].${word('on_hand_qty')} → quantity`,
    );
  });

  it('after the import: config routes shows the names; products and stock levels read in venue’s shapes with the service’s values', async () => {
    const imported = await sb.run(['config', 'import-openapi', documentUrl(), '-y']);
    expect(imported.code, imported.stderr).toBe(0);
    const routes = json((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.answerNames.getProduct).toEqual({
      [word('item_title')]: 'productName',
      [word('sku_code')]: 'productCode',
      [word('on_hand_qty')]: 'quantity',
    });
    const table = await sb.run(['config', 'routes']);
    expect(table.stderr + table.stdout).toContain(`Answer names: listProducts: ${word('item_title')} → productName`);

    const raw = await serviceAnswer('/Products/1001');
    const got = await sb.run(['inventory', 'products', 'get', '1001', '-o', 'json']);
    expect(got.code, got.stderr).toBe(0);
    const product = json(got.stdout);
    expect(at(product, 'productName')).toBe(at(raw, 'item_title'));
    expect(at(product, 'productCode')).toBe(at(raw, 'sku_code'));
    expect(at(product, 'stockLevels').map((l: any) => at(l, 'quantity'))).toEqual(
      at(raw, 'stockLevels').map((l: any) => at(l, 'on_hand_qty')),
    );
    expect(hasWord(product, 'item_title')).toBe(false);
    const people = await sb.run(['inventory', 'products', 'get', '1001']);
    expect(people.code, people.stderr).toBe(0);
    expect(people.stdout).toContain(at(raw, 'item_title'));

    const list = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    const rows = json(list.stdout);
    expect(rows.length).toBeGreaterThan(0);
    expect(
      at(
        rows.find((p: any) => at(p, 'productId') === 1001),
        'productName',
      ),
    ).toBe(at(raw, 'item_title'));
    expect(rows.every((p: any) => typeof at(p, 'productName') === 'string' && !hasWord(p, 'item_title'))).toBe(true);

    const levels = await sb.run(['inventory', 'stock', 'levels', '--product', '1001', '-o', 'json']);
    expect(levels.code, levels.stderr).toBe(0);
    const shown = json(levels.stdout);
    expect(shown.length).toBeGreaterThan(0);
    const rawLevels = rowsOf(
      await serviceAnswer(`/Stock/Levels?productIds=1001&warehouseId=${at(shown[0], 'warehouseId')}`),
    );
    expect(rawLevels[0]).toHaveProperty(word('on_hand_qty'));
    const fields = (l: any, quantity: string, code: string) => [
      at(l, 'productId'),
      at(l, 'warehouseId'),
      at(l, quantity),
      at(l, code),
    ];
    expect(shown.map((l: any) => fields(l, 'quantity', 'productCode'))).toEqual(
      rawLevels.map((l: any) => fields(l, 'on_hand_qty', 'sku_code')),
    );
  });

  it('a write: products create sends venue’s names (the contract’s), reads the answer in the vendor’s words, and agrees', async () => {
    const r = await sb.run([
      'inventory',
      'products',
      'create',
      '--yes',
      '--name',
      'Word Fudge',
      '--description',
      'Fudge 50g',
      '--category',
      'SNACKS',
      '--class',
      'CANDY',
      '--tax-group',
      'GST',
      '--type',
      'stock',
      '--sale-type',
      'sale',
      '--sell-price',
      '2.50',
      '--code',
      'WF-1',
      '--warehouse',
      '1',
      '--stock-quantity',
      '12',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    // The write's outcome carries the product in venue's names, whatever words the vendor answers in.
    const product = json(r.stdout).record;
    expect([product.productName, product.productCode]).toEqual(['Word Fudge', 'WF-1']);
    expect(at(product, 'stockLevels').map((l: any) => at(l, 'quantity'))).toEqual([12]);
    const raw = await serviceAnswer(`/Products/${at(product, 'productId')}`);
    expect([at(raw, 'item_title'), at(raw, 'sku_code')]).toEqual(['Word Fudge', 'WF-1']);
  });

  it('without the stored names the same commands exit 6 naming the missing field', async () => {
    expect((await sb.run(['config', 'unset', 'inventory.answerNames'])).code).toBe(0);
    const got = await sb.run(['inventory', 'products', 'get', '1001', '-o', 'json']);
    expect(got.code).toBe(6);
    expect(got.stdout).toBe('');
    expect(got.stderr).toMatch(/has no product name \(looked for productName, name, title, itemName\)/);
    const list = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
    expect(list.code).toBe(6);
    const levels = await sb.run(['inventory', 'stock', 'levels', '--product', '1001', '-o', 'json']);
    expect(levels.code).toBe(6);
    expect(levels.stderr).toMatch(/has no stock level quantity \(looked for quantity, onHand/);
  });
});
