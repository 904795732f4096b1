// Consistent output and flags, through the built binary: coded flags take the
// words tables show, --fields on a write is checked before anything is sent,
// and `sandbox serve` never shares a running sandbox's state folder.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runVenue, sandboxForFile, tempDir, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
sandboxForFile({}, (handle) => (sb = handle));

const productFile = path.join(repoRoot, 'docs/examples/product.json');
const json = <T = Record<string, unknown>>(text: string) => JSON.parse(text) as T;
/** `inventory products create` of the example product, with these flags. */
const createProduct = (...flags: string[]) =>
  sb.run(['inventory', 'products', 'create', '--file', productFile, ...flags]);
/** `inventory suppliers create` of one supplier, its payment terms typed so, with these flags. */
const createSupplier = (terms: string, ...flags: string[]) =>
  sb.run([
    'inventory',
    'suppliers',
    'create',
    '--code',
    'WORDS',
    '--name',
    'Words Co',
    '--address',
    '1 Main St',
    '--payment-terms',
    terms,
    ...flags,
  ]);

describe('coded inventory flags take the words tables show, and the codes', () => {
  it('--order-printer: "Printer 1", "PRINTER-2", "none" and the codes; anything else exits 2 listing words and codes', async () => {
    for (const [typed, code] of [
      ['Printer 1', 1],
      ['PRINTER-2', 2],
      ['none', 0],
      ['2', 2],
      ['0', 0],
    ] as const) {
      const r = await createProduct('--order-printer', typed, '--dry-run', '-o', 'json');
      expect(r.code, `${typed}: ${r.stderr}`).toBe(0);
      expect(json(r.stdout).orderPrinter, typed).toBe(code);
    }
    const bad = await createProduct('--order-printer', 'kitchen', '--dry-run');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--order-printer must be none (0), printer 1 (1) or printer 2 (2)');
    const help = await sb.run(['inventory', 'products', 'create', '--yes', '--help']);
    expect(help.stdout).toMatch(/--order-printer <printer>\s+none \(0\), printer 1 \(1\) or printer 2/);
  });

  it('a word read off a table can be typed back: the product created with --order-printer "printer 1" shows "printer 1"', async () => {
    const created = await createProduct('--yes', '--order-printer', 'Printer 1', '-o', 'json');
    expect(created.code, created.stderr).toBe(0);
    const id = String((json(created.stdout) as { record: { productId: number } }).record.productId);
    const shown = await sb.run(['inventory', 'products', 'get', id]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/Order printer\s+printer 1/);
  });

  it('--type, --sale-type and --payment-terms take the table words in any case', async () => {
    const product = await createProduct('--type', 'Stock Product', '--sale-type', 'SALE', '--dry-run', '-o', 'json');
    expect(product.code, product.stderr).toBe(0);
    expect(json(product.stdout)).toMatchObject({ productType: 2, saleType: 2 });
    for (const [typed, code] of [
      ['STOCK', 2],
      ['Modifier', 3],
      ['3', 3],
    ] as const) {
      const r = await sb.run(['inventory', 'products', 'list', '--type', typed, '-o', 'json']);
      expect(r.code, `${typed}: ${r.stderr}`).toBe(0);
      expect(
        json<Array<{ productType: number }>>(r.stdout).every((p) => p.productType === code),
        typed,
      ).toBe(true);
    }
    const badType = await sb.run(['inventory', 'products', 'list', '--type', 'gadget']);
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain('--type must be stock product (2) or modifier (3)');
    for (const [typed, code] of [
      ['30 Days', 5],
      ['ADVANCE', 1],
      ['8', 8],
    ] as const) {
      const r = await createSupplier(typed, '--dry-run', '-o', 'json');
      expect(r.code, `${typed}: ${r.stderr}`).toBe(0);
      expect(json(r.stdout).paymentTerms, typed).toBe(code);
    }
    const bad = await createSupplier('monthly', '--dry-run');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/none, advance, 7, .*90 \(days\), or the code 0 to 8/);
    expect((await sb.run(['inventory', 'suppliers', 'create', '--yes', '--help'])).stdout).toContain('30 days (5)');
  });
});

describe('--fields on a write is checked before anything is sent', () => {
  it('webhooks create and update: an unknown field exits 2 and nothing is created or changed', async () => {
    const list = async () => (await sb.run(['webhooks', 'list', '-o', 'json'])).stdout;
    const before = await list();
    const refused = await sb.run([
      'webhooks',
      'create',
      '--yes',
      '--url',
      'https://erp.example.com/fields',
      '--events',
      'stock.adjusted',
      '--generate-secret',
      '--fields',
      'status,colour',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('no field named "colour"');
    expect(refused.stderr).toContain('Nothing was sent');
    expect(await list()).toBe(before);

    const created = await sb.run([
      'webhooks',
      'create',
      '--yes',
      '--url',
      'https://erp.example.com/fields',
      '--events',
      'stock.adjusted',
      '--generate-secret',
      '--fields',
      'record.id,record.url',
      '-o',
      'csv',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim().split('\n')[1]!.split(',')[0]!;
    expect(created.stdout).toContain('https://erp.example.com/fields');

    const afterCreate = await list();
    const update = await sb.run([
      'webhooks',
      'update',
      '--yes',
      id,
      '--events',
      'product.created',
      '--fields',
      'colour',
    ]);
    expect(update.code).toBe(2);
    expect(await list()).toBe(afterCreate);
    expect((await sb.run(['webhooks', 'create', '--yes', '--help'])).stdout).toContain('Fields (for --fields):');
  });

  it('sandbox trigger: an unknown field exits 2 and triggers nothing', async () => {
    const level = async () =>
      (await sb.run(['inventory', 'stock', 'levels', '--warehouse', '1', '--product', '1003', '-o', 'json'])).stdout;
    const before = await level();
    const refused = await sb.run([
      'sandbox',
      'trigger',
      'stock.adjusted',
      '--product',
      '1003',
      '--warehouse',
      '1',
      '--quantity',
      '-1',
      '--fields',
      'colour',
    ]);
    expect(refused.code).toBe(2);
    expect(await level()).toBe(before);
    const ok = await sb.run([
      'sandbox',
      'trigger',
      'stock.adjusted',
      '--product',
      '1003',
      '--warehouse',
      '1',
      '--quantity',
      '-1',
      '--fields',
      'event',
      '-o',
      'json',
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(await level()).not.toBe(before);
  });
});

describe('sandbox serve and a running sandbox', () => {
  it("refuses (exit 2) to serve the state folder the configuration's own sandbox already serves", async () => {
    const r = await runVenue(['sandbox', 'serve', '--port', '0'], { env: sb.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already serving the state');
    expect(r.stderr).toContain('--state-dir <dir>');
    expect(r.stderr).toContain('venue sandbox stop');
    expect(r.stdout).not.toContain('listening');
    // The running sandbox is untouched.
    expect((await sb.run(['sandbox', 'status'])).code).toBe(0);
  });

  it('refuses a state folder any running sandbox marked as its own, named with --state-dir or not', async () => {
    const stateDir = path.join(sb.configDir, 'sandbox');
    expect(JSON.parse(fs.readFileSync(path.join(stateDir, 'serving.json'), 'utf8'))).toMatchObject({
      origin: sb.origin,
    });
    // Another configuration's command, pointed at nothing: only the marker says who serves the folder.
    const other = tempDir();
    try {
      const named = await runVenue(['sandbox', 'serve', '--port', '0', '--state-dir', stateDir], {
        env: { VENUE_CONFIG_DIR: other },
      });
      expect(named.code).toBe(2);
      expect(named.stderr).toContain(`already serving the state in ${stateDir} (at ${sb.origin})`);
      expect(named.stderr).toContain(`VENUE_SANDBOX_URL=${sb.origin} venue sandbox stop`);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it("starts no second sandbox on the configuration's state when `sandbox serve` already serves it on another port", async () => {
    // The configuration's own port has nothing on it; the sandbox serving its folder is on a port of its own.
    const r = await runVenue(['booking', 'locations'], { env: { VENUE_CONFIG_DIR: sb.configDir } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`a sandbox at ${sb.origin} already serves this configuration's state`);
    expect(r.stderr).toContain(`VENUE_SANDBOX_URL=${sb.origin}`);
  });
});
