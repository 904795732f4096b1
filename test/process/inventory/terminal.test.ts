// `venue inventory products create` on a real terminal (tmux): it asks for
// what is missing, with choices loaded from the service's lists.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killTerminals, TerminalSession, tmuxAvailable, warnWithoutTmux } from '../../support/terminal.js';
import { startSandbox, type SandboxHandle } from '../../support/venue.js';

warnWithoutTmux('test/process/inventory/terminal.test.ts');

let sb: SandboxHandle;

describe.skipIf(!tmuxAvailable)('products create on a terminal', () => {
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    killTerminals();
    await sb?.stop();
  });

  it('asks for every missing field, offering the categories, suppliers and warehouses', async () => {
    const term = TerminalSession.start('create', ['inventory', 'products', 'create', '--json'], sb.env);
    await term.waitFor('Product name');
    term.type('Tmux Taffy');
    await term.waitFor('Description');
    term.keys('Enter'); // keeps the offered default: the name
    await term.waitFor('Category');
    expect(term.screen()).toContain('PRIZES');
    await term.choose('Snacks');
    await term.waitFor('Class');
    await term.choose('(none)');
    await term.waitFor('Tax group');
    term.keys('Enter');
    await term.waitFor('Product type');
    await term.choose('Stock product');
    await term.waitFor('Sold as');
    term.keys('Enter'); // Sale, the default
    await term.waitFor('price');
    term.type('2.5x');
    await term.waitFor('an amount, e.g. 3.50'); // the rule, said at once
    term.keys('BSpace');
    term.keys('Enter');
    await term.waitFor('Supplier');
    await term.choose('Sweet Co');
    await term.waitFor('Container');
    await term.choose('(none)');
    await term.waitFor('Initial stock in warehouse');
    await term.choose('Main store room');
    await term.waitFor('Quantity');
    term.keys('BSpace');
    term.type('12');
    // Every write asks before it sends (lib/facts.ts): yes.
    await term.waitFor('Create product "Tmux Taffy"?');
    term.type('y');
    const { code, screen } = await term.exit();
    expect(code, screen).toBe(0);

    const listed = await sb.run(['inventory', 'products', 'list', '--all', '-o', 'json']);
    const created = (JSON.parse(listed.stdout) as Array<Record<string, any>>).find(
      (p) => p.productName === 'Tmux Taffy',
    )!;
    expect(created).toBeDefined();
    expect(created.productDescription).toBe('Tmux Taffy');
    expect(created.categoryId.trim()).toBe('SNACKS');
    expect(created.sellPrice).toBe(2.5);
    expect(created.saleType).toBe(2);
    expect(created.suppliers.map((s: { supplierId: number }) => s.supplierId)).toEqual([1]);
    expect(created.stockLevels).toContainEqual(expect.objectContaining({ warehouseId: 1, quantity: 12 }));
  }, 90_000);

  it('Ctrl-C at a prompt creates nothing and exits 130', async () => {
    const term = TerminalSession.start('abort', ['inventory', 'products', 'create'], sb.env);
    await term.waitFor('Product name');
    term.type('Never Made');
    await term.waitFor('Description');
    term.keys('C-c');
    expect((await term.exit()).code).toBe(130);
    const all = await sb.run(['inventory', 'products', 'list', '--all', '-o', 'json']);
    expect(all.stdout).not.toContain('Never Made');
  }, 60_000);
});
