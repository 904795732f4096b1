// The inventory and webhooks commands against the sandbox in every dialect
// (docs/sandbox-dialects.md) and on another route layout: the same commands,
// the same exit codes, the same table views; machine formats carry the
// service's records as sent.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { createdWebhookId, webhookCreateFlags } from '../../support/webhook-flags.js';

describe.each(['pascal', 'envelope', 'plain', 'decoy', 'hal'])('inventory against the %s dialect', (dialect) => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox(['--dialect', dialect]);
  }, 30_000);
  afterAll(() => sb?.stop());

  it('reads health, lists, products, pages and stock levels', async () => {
    const health = await sb.run(['inventory', 'health']);
    expect(health.code, health.stderr).toBe(0);
    expect(health.stdout).toMatch(/ok/i);
    for (const args of [
      ['categories'],
      ['classes'],
      ['warehouses'],
      ['tax-groups'],
      ['containers'],
      ['suppliers', 'list'],
    ]) {
      const r = await sb.run(['inventory', ...args]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout.trim().split('\n').length).toBeGreaterThan(1);
    }
    const one = await sb.run(['inventory', 'products', 'get', '1001']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toContain('Gummy Bears 100g');
    expect(one.stdout).toMatch(/warehouse 1: \d+/);
    const page = await sb.run(['inventory', 'products', 'list', '--page-size', '5']);
    expect(page.code, page.stderr).toBe(0);
    expect(page.stdout.trim().split('\n')).toHaveLength(6);
    const all = await sb.run(['inventory', 'products', 'list', '--all', '--page-size', '7', '-o', 'ndjson']);
    expect(all.code, all.stderr).toBe(0);
    const rows = all.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // The decoy dialect's productId is a string code beside the numeric id.
    const ids = rows.map((r) => (typeof r.productId === 'number' ? r.productId : undefined) ?? r.ProductId ?? r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(7);
    const levels = await sb.run(['inventory', 'stock', 'levels', '--all', '--page-size', '3', '-o', 'ndjson']);
    expect(levels.code, levels.stderr).toBe(0);
    expect(levels.stdout.trim().split('\n').length).toBeGreaterThan(3);
    expect((await sb.run(['inventory', 'products', 'get', '999999'])).code).toBe(4);
  });

  it('adjusts stock from the level it read, and refuses going below zero', async () => {
    const adjust = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1001',
      '--quantity',
      '-1',
      '--comment',
      'dialect test',
    ]);
    expect(adjust.code, adjust.stderr).toBe(0);
    expect(adjust.stderr).toMatch(/product 1001 in warehouse 1: \d+ → \d+/);
    const tooMany = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1001',
      '--quantity',
      '-999999',
      '--comment',
      'too many',
    ]);
    expect(tooMany.code).toBe(5);
  });

  it('takes stock and receives stock, reading the levels and the answers', async () => {
    const dir = fs.mkdtempSync(path.join(sb.configDir, 'files-'));
    const counts = path.join(dir, 'counts.csv');
    fs.writeFileSync(counts, 'productId,countedQuantity\n1003,40\n');
    const take = await sb.run(['inventory', 'stock', 'take', '--file', counts, '--yes']);
    expect(take.code, take.stderr).toBe(0);
    expect(take.stderr).toMatch(/Stock take .*recorded: 1 products, variance/);
    const receipt = path.join(dir, 'receipt.csv');
    fs.writeFileSync(receipt, 'productId,quantity,value\n1003,5,2.50\n');
    const received = await sb.run(['inventory', 'stock', 'receive', '--file', receipt, '--po', `PO-${dialect}`]);
    expect(received.code, received.stderr).toBe(0);
    expect(received.stdout).toMatch(/1003\s+5\s+\$2\.50\s+40\s+45/);
  });

  it('creates, lists and deletes a webhook subscriber', async () => {
    const created = await sb.run(webhookCreateFlags(['-o', 'json']));
    expect(created.code, created.stderr).toBe(0);
    const id = createdWebhookId(created.stderr);
    expect(id).toBeTruthy();
    const list = await sb.run(['webhooks', 'list']);
    expect(list.stdout).toContain(id!);
    expect((await sb.run(['webhooks', 'delete', id!, '--yes'])).code).toBe(0);
  });
});

describe('inventory on a vendor route layout (header token, another base path and paths), plain shapes', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox([
      '--dialect',
      'plain',
      '--routes',
      'packages/sandbox/examples/inventory-routes-vendor.json',
    ]);
    const imported = await sb.run(['config', 'import-openapi', `${sb.origin}/inventory/openapi.json`, '--yes']);
    if (imported.code !== 0) throw new Error(`import-openapi: ${imported.stderr}`);
  }, 30_000);
  afterAll(() => sb?.stop());

  it('every command goes where the profile says', async () => {
    for (const args of [
      ['health'],
      ['categories'],
      ['suppliers', 'list'],
      ['products', 'get', '1001'],
      ['stock', 'levels', '--product', '1001'],
    ]) {
      const r = await sb.run(['inventory', ...args]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    const update = await sb.run([
      'inventory',
      'products',
      'update',
      '--yes',
      '1004',
      '--sell-price',
      '1.30',
      '-o',
      'json',
    ]);
    expect(update.code, update.stderr).toBe(0);
    const adjust = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1001',
      '--quantity',
      '2',
      '--comment',
      'routes test',
    ]);
    expect(adjust.code, adjust.stderr).toBe(0);
    const created = await sb.run(webhookCreateFlags());
    expect(created.code, created.stderr).toBe(0);
    const id = createdWebhookId(created.stderr);
    expect((await sb.run(['webhooks', 'update', '--yes', id!, '--events', 'stock.adjusted'])).code).toBe(0);
    expect((await sb.run(['webhooks', 'delete', id!, '--yes'])).code).toBe(0);
  });
});
