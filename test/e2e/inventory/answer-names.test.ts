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

let sb: SandboxHandle;
const documentUrl = () => `${sb.origin}/inventory/openapi.json`;

/** The service's own answer, as a vendor's client would see it (the layout's login route and header). */
async function serviceAnswer(vendorPath: string): Promise<any> {
  const login = await fetch(`${sb.origin}/inventory/api/v2/Security/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: sandboxDemoSecrets['inventory.apiKey'], apiSecret: sandboxDemoSecrets['inventory.apiSecret'] }),
  });
  const { token } = json(await login.text());
  const answer = await fetch(`${sb.origin}/inventory/api/v2${vendorPath}`, { headers: { 'x-api-token': token } });
  expect(answer.status).toBe(200);
  return json(await answer.text());
}

beforeAll(async () => {
  expect(fs.existsSync(wordsFile)).toBe(true);
  sb = await startSandbox(['--routes', wordsFile]);
});
afterAll(async () => {
  await sb?.stop();
});

describe('answer fields in the vendor’s words', () => {
  it('the service answers in its words', async () => {
    const product = await serviceAnswer('/Products/1001');
    expect(product).toHaveProperty('item_title');
    expect(product).toHaveProperty('sku_code');
    expect(product).not.toHaveProperty('productName');
    expect(product.stockLevels[0]).toHaveProperty('on_hand_qty');
  });

  it('the dry run shows the matches per operation, and what stays unmatched', async () => {
    const r = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const byOp = Object.fromEntries(json(r.stdout).operations.map((o: any) => [o.operation, o]));
    const productNames = { item_title: 'productName', sku_code: 'productCode', on_hand_qty: 'quantity' };
    expect(byOp.getProduct.answerNames).toEqual(productNames);
    expect(byOp.listProducts.answerNames).toEqual(productNames);
    expect(byOp.stockLevels.answerNames).toEqual({ sku_code: 'productCode', on_hand_qty: 'quantity' });
    expect(byOp.getProduct.answerFields.matched).toContainEqual({ vendor: 'on_hand_qty', venue: 'quantity', path: 'stockLevels[].on_hand_qty' });
    // Operations whose answers keep venue's names store nothing.
    expect(byOp.receiveStock.answerNames).toEqual({});
    const table = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run']);
    expect(table.stdout).toContain("Answer fields read in venue's names");
    expect(table.stdout).toMatch(/getProduct: item_title → productName, sku_code → productCode, stockLevels\[\]\.on_hand_qty → quantity/);
  });

  it('after the import: config routes shows the names; products and stock levels read in venue’s shapes with the service’s values', async () => {
    const imported = await sb.run(['config', 'import-openapi', documentUrl(), '-y']);
    expect(imported.code, imported.stderr).toBe(0);
    const routes = json((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.answerNames.getProduct).toEqual({ item_title: 'productName', sku_code: 'productCode', on_hand_qty: 'quantity' });
    expect((await sb.run(['config', 'routes'])).stderr + (await sb.run(['config', 'routes'])).stdout).toContain('Answer names: listProducts: item_title → productName');

    const raw = await serviceAnswer('/Products/1001');
    const got = await sb.run(['inventory', 'products', 'get', '1001', '-o', 'json']);
    expect(got.code, got.stderr).toBe(0);
    const product = json(got.stdout);
    expect(product.productName).toBe(raw.item_title);
    expect(product.productCode).toBe(raw.sku_code);
    expect(product.stockLevels.map((l: any) => l.quantity)).toEqual(raw.stockLevels.map((l: any) => l.on_hand_qty));
    expect(product).not.toHaveProperty('item_title');
    const people = await sb.run(['inventory', 'products', 'get', '1001']);
    expect(people.code, people.stderr).toBe(0);
    expect(people.stdout).toContain(raw.item_title);

    const list = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    const rows = json(list.stdout);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.find((p: any) => p.productId === 1001).productName).toBe(raw.item_title);
    expect(rows.every((p: any) => typeof p.productName === 'string' && !('item_title' in p))).toBe(true);

    const levels = await sb.run(['inventory', 'stock', 'levels', '--product', '1001', '-o', 'json']);
    expect(levels.code, levels.stderr).toBe(0);
    const shown = json(levels.stdout);
    expect(shown.length).toBeGreaterThan(0);
    const rawLevels = (await serviceAnswer(`/Stock/Levels?productIds=1001&warehouseId=${shown[0].warehouseId}`)).items;
    expect(rawLevels[0]).toHaveProperty('on_hand_qty');
    expect(shown.map((l: any) => [l.productId, l.warehouseId, l.quantity, l.productCode])).toEqual(rawLevels.map((l: any) => [l.productId, l.warehouseId, l.on_hand_qty, l.sku_code]));
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
