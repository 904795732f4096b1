// One spelling for a flag across groups (issue 12, point 4): secret input is
// --<name>-stdin / --<name>-env VAR, ids shared with config keys are --warehouse
// and --user, every command that asks for confirmation takes -y/--yes. Old
// spellings stay as hidden aliases; the last part runs them through the binary.

import fs from 'node:fs';
import path from 'node:path';
import type { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHelpTree } from '../../../src/program.js';
import { repoRoot, runVenue, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';

interface Entry {
  path: string;
  options: readonly Option[];
}

async function commandTree(): Promise<Entry[]> {
  const program = await buildHelpTree({ version: '0', loadAll: true });
  const entries: Entry[] = [];
  const walk = (cmd: Command, names: string[]) => {
    for (const sub of cmd.commands) {
      const here = [...names, sub.name()];
      entries.push({ path: here.join(' '), options: sub.options });
      walk(sub, here);
    }
  };
  walk(program, []);
  return entries;
}

/** Command paths whose declaration says a run may ask for a yes (lib/facts.ts: always, destructive, or made to run unattended). */
async function confirmingCommands(): Promise<string[]> {
  const { everyDeclaration } = await import('../../../src/commands/argv-words.js');
  const { rootGroups } = await import('../../../src/commands/index.js');
  const { isGroupModule } = await import('../../../src/commands/define.js');
  const found: string[] = [];
  for (const { path: words, module } of await everyDeclaration(rootGroups)) {
    if (isGroupModule(module)) continue;
    const declared = module.confirmation;
    if (declared === undefined) continue;
    if (typeof declared === 'object' && 'never' in declared && declared.never !== 'unattended') continue;
    found.push(words.join(' '));
  }
  return found;
}

const secretWords = /secret|password|cvv|api-?key/;
// Flags about a secret that do not carry one in.
const notSecretInput = new Set(['--generate-secret', '--rotate-secret']);

describe('flag spellings across the command tree', () => {
  let tree: Entry[];
  beforeAll(async () => {
    tree = await commandTree();
  });

  it('reads every secret through --<name>-stdin or --<name>-env VAR', () => {
    const wrong: string[] = [];
    for (const { path: cmd, options } of tree) {
      for (const option of options) {
        if (option.hidden || !option.long || notSecretInput.has(option.long)) continue;
        if (secretWords.test(option.long) && !/^--[a-z-]+-(stdin|env)$/.test(option.long))
          wrong.push(`${cmd} ${option.long}`);
        if (/-env$/.test(option.long) && !option.required) wrong.push(`${cmd} ${option.long} (takes no VAR)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows no old spelling: --stdin, --from-env, --user-id, --warehouse-id are hidden aliases at most', () => {
    const visible = tree.flatMap(({ path: cmd, options }) =>
      options
        .filter((o) => !o.hidden && ['--stdin', '--from-env', '--user-id', '--warehouse-id'].includes(o.long ?? ''))
        .map((o) => `${cmd} ${o.long}`),
    );
    expect(visible).toEqual([]);
  });

  it('spells ids shared with config keys --warehouse <id> and --user <id>', () => {
    const wrong = tree.flatMap(({ path: cmd, options }) =>
      options
        .filter(
          (o) =>
            !o.hidden &&
            /^--(warehouse|user)(-id)?$/.test(o.long ?? '') &&
            !['--warehouse', '--user'].includes(o.long!),
        )
        .map((o) => `${cmd} ${o.long}`),
    );
    expect(wrong).toEqual([]);
    const init = tree.find((e) => e.path === 'config init')!;
    expect(init.options.filter((o) => !o.hidden).map((o) => o.long)).toEqual(
      expect.arrayContaining(['--user', '--warehouse']),
    );
  });

  it('gives -y, --yes to every command that asks for confirmation', async () => {
    const confirming = await confirmingCommands();
    expect(confirming).toEqual(
      expect.arrayContaining([
        'inventory stock take',
        'inventory stock receive',
        'inventory stock adjust',
        'config delete',
        'webhooks delete',
        'wallet reload',
        'booking order cancel',
        'booking release',
        'booking book',
      ]),
    );
    const missing = confirming.filter((cmd) => {
      const yes = tree.find((e) => e.path === cmd)?.options.find((o) => o.long === '--yes');
      return !yes || yes.short !== '-y' || yes.hidden;
    });
    expect(missing).toEqual([]);
  });

  it('offers --dry-run on the writes that can be previewed', () => {
    const previewed = [
      'inventory stock take',
      'inventory stock receive',
      'inventory stock adjust',
      'inventory suppliers create',
      'webhooks create',
      'webhooks update',
      'inventory products create',
      'inventory products update',
      'wallet reload',
      'config import-openapi',
      'booking reserve',
      'booking release',
      'booking order create',
      'booking order pay',
      'booking order cancel',
    ];
    const missing = previewed.filter(
      (cmd) => !tree.find((e) => e.path === cmd)?.options.some((o) => o.long === '--dry-run' && !o.hidden),
    );
    expect(missing).toEqual([]);
  });
});

describe('old spellings still work through the binary', () => {
  let configDir: string;
  beforeAll(() => {
    configDir = tempDir();
  });
  afterAll(() => fs.rmSync(configDir, { recursive: true, force: true }));
  const run = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
    runVenue(args, { input: options.input, env: { VENUE_CONFIG_DIR: configDir, ...options.env } });

  it('config init --user-id/--warehouse-id set the same keys as --user/--warehouse', async () => {
    const old = await run([
      'config',
      'init',
      'north',
      '--inventory-url',
      'https://inv.north.example',
      '--user-id',
      '7',
      '--warehouse-id',
      '2',
    ]);
    expect(old.code, old.stderr).toBe(0);
    const current = await run([
      'config',
      'init',
      'south',
      '--inventory-url',
      'https://inv.south.example',
      '--user',
      '8',
      '--warehouse',
      '3',
    ]);
    expect(current.code, current.stderr).toBe(0);
    for (const [profile, user, warehouse] of [
      ['north', '7', '2'],
      ['south', '8', '3'],
    ]) {
      const list = JSON.parse((await run(['--profile', profile!, 'config', 'list', '-o', 'json'])).stdout) as Array<{
        key: string;
        value: string;
      }>;
      expect(list.find((r) => r.key === 'inventory.userId')?.value).toBe(user);
      expect(list.find((r) => r.key === 'inventory.warehouseId')?.value).toBe(warehouse);
    }
    const help = await run(['config', 'init', '--help']);
    expect(help.stdout).toContain('--warehouse <id>');
    expect(help.stdout).not.toContain('--warehouse-id');
  });

  it('config set-secret takes --stdin and --from-env as it takes --secret-stdin and --secret-env', async () => {
    for (const args of [['--secret-stdin'], ['--stdin'], ['--secret-env', 'MY_SECRET'], ['--from-env', 'MY_SECRET']]) {
      const r = await run(['--profile', 'north', 'config', 'set-secret', 'inventory.apiSecret', ...args], {
        input: 'a-secret-from-stdin\n',
        env: { MY_SECRET: 'a-secret-from-env' },
      });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    const both = await run(
      ['--profile', 'north', 'config', 'set-secret', 'inventory.apiSecret', '--stdin', '--secret-env', 'MY_SECRET'],
      { input: 'x\n', env: { MY_SECRET: 'y' } },
    );
    expect(both.code).toBe(2);
    const help = await run(['config', 'set-secret', '--help']);
    expect(help.stdout).toContain('--secret-stdin');
    expect(help.stdout).not.toMatch(/--from-env|\s--stdin\b/);
  });
});

describe('-y and --dry-run through the binary', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    await sb?.stop();
  });

  it('sets the counted levels without a terminal when given -y', async () => {
    const counts = path.join(sb.configDir, 'counts.csv');
    fs.writeFileSync(counts, 'productId,countedQuantity\n1001,40\n');
    const refused = await sb.run(['inventory', 'stock', 'take', '--file', counts]);
    expect(refused.code).toBe(2);
    const taken = await sb.run(['inventory', 'stock', 'take', '--file', counts, '-y', '-o', 'json']);
    expect(taken.code, taken.stderr).toBe(0);
    const levels = await sb.run(['inventory', 'stock', 'levels', '--product', '1001', '-o', 'json']);
    expect(levels.stdout).toContain('40');
  });

  it('--dry-run checks, shows and sends nothing: stock adjust, suppliers create, webhooks create and update, products create and update, wallet reload', async () => {
    const level = async () =>
      (
        JSON.parse(
          (await sb.run(['inventory', 'stock', 'levels', '--warehouse', '1', '--product', '1002', '-o', 'json']))
            .stdout,
        ) as Array<Record<string, unknown>>
      )[0];
    const before = await level();
    const adjust = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--product',
      '1002',
      '--quantity',
      '-3',
      '--comment',
      'breakage',
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(adjust.code, adjust.stderr).toBe(0);
    const preview = JSON.parse(adjust.stdout) as { previousQuantity: number; newQuantity: number };
    expect(preview.newQuantity).toBe(preview.previousQuantity - 3);
    expect(await level()).toEqual(before);
    expect(
      (
        await sb.run([
          'inventory',
          'stock',
          'adjust',
          '--product',
          '1002',
          '--quantity',
          '-100000',
          '--comment',
          'x',
          '--dry-run',
        ])
      ).code,
    ).toBe(5);

    const supplier = await sb.run([
      'inventory',
      'suppliers',
      'create',
      '--code',
      'DRYRUN',
      '--name',
      'Dry Run Co',
      '--address',
      '1 Main St',
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(supplier.code, supplier.stderr).toBe(0);
    expect(JSON.parse(supplier.stdout)).toMatchObject({ supplierCode: 'DRYRUN' });
    expect((await sb.run(['inventory', 'suppliers', 'list', '-o', 'csv'])).stdout).not.toContain('DRYRUN');

    const webhook = await sb.run(
      [
        'webhooks',
        'create',
        '--url',
        'https://erp.example.com/dry-run',
        '--events',
        'stock.adjusted',
        '--secret-env',
        'WH',
        '--dry-run',
        '-o',
        'json',
      ],
      { env: { WH: 'a-webhook-secret-of-enough-length' } },
    );
    expect(webhook.code, webhook.stderr).toBe(0);
    expect(webhook.stdout).not.toContain('a-webhook-secret-of-enough-length');
    expect((await sb.run(['webhooks', 'list', '-o', 'json'])).stdout).not.toContain('dry-run');

    const created = await sb.run([
      'webhooks',
      'create',
      '--yes',
      '--url',
      'https://erp.example.com/hooks',
      '--events',
      'stock.adjusted',
      '--generate-secret',
      '-o',
      'json',
    ]);
    const id = (JSON.parse(created.stdout) as { record: { id: string } }).record.id;
    const hookUpdate = await sb.run([
      'webhooks',
      'update',
      id,
      '--events',
      'product.created',
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(hookUpdate.code, hookUpdate.stderr).toBe(0);
    expect(JSON.parse(hookUpdate.stdout)).toMatchObject({ id, eventTypes: 'product.created' });
    expect((await sb.run(['webhooks', 'list', '-o', 'json'])).stdout).not.toContain('product.created');

    const product = await sb.run([
      'inventory',
      'products',
      'create',
      '--file',
      path.join(repoRoot, 'docs/examples/product.json'),
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(product.code, product.stderr).toBe(0);
    expect(JSON.parse(product.stdout)).toMatchObject({ productName: 'Sour Worms 150g' });
    expect((await sb.run(['inventory', 'products', 'list', '--all', '-o', 'csv'])).stdout).not.toContain(
      'Sour Worms 150g',
    );
    const priceBefore = (
      JSON.parse((await sb.run(['inventory', 'products', 'get', '1001', '-o', 'json'])).stdout) as { sellPrice: number }
    ).sellPrice;
    const update = await sb.run([
      'inventory',
      'products',
      'update',
      '1001',
      '--sell-price',
      '99.95',
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(update.code, update.stderr).toBe(0);
    expect(JSON.parse(update.stdout)).toMatchObject({ productId: '1001', sellPrice: 99.95 });
    expect(
      (
        JSON.parse((await sb.run(['inventory', 'products', 'get', '1001', '-o', 'json'])).stdout) as {
          sellPrice: number;
        }
      ).sellPrice,
    ).toBe(priceBefore);

    const login = await sb.run(['wallet', 'login', 'ava@example.com', '--password-env', 'GUEST_PASSWORD'], {
      env: { GUEST_PASSWORD: 'Sandbox123' },
    });
    expect(login.code, login.stderr).toBe(0);
    const balance = async () => (await sb.run(['wallet', 'balance', '6001000000000000001', '-o', 'json'])).stdout;
    const balanceBefore = await balance();
    const reload = await sb.run([
      'wallet',
      'reload',
      '6001000000000000001',
      '--product',
      'RL-10',
      '--payment-ref',
      'pay_dry',
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(reload.code, reload.stderr).toBe(0);
    expect(JSON.parse(reload.stdout)).toMatchObject({ productId: 'RL-10', paymentReference: 'pay_dry' });
    expect(await balance()).toBe(balanceBefore);
    expect((await sb.run(['wallet', 'reloads', '-o', 'json'])).stdout).not.toContain('pay_dry');
  });

  it('--dry-run on the booking writes checks, shows and sends nothing: reserve, release, order create, pay and cancel (no --yes needed)', async () => {
    const slotId = (
      await sb.run([
        'booking',
        'sessions',
        'exp-laser-tag',
        '--date',
        'tomorrow',
        '--limit',
        '1',
        '--fields',
        'slotId',
        '-o',
        'csv',
      ])
    ).stdout
      .trim()
      .split('\n')
      .at(-1)!;
    const left = async () =>
      (
        JSON.parse(
          (await sb.run(['booking', 'sessions', 'exp-laser-tag', '--date', 'tomorrow', '-o', 'json'])).stdout,
        ) as Array<{ slotId: string; remaining: number }>
      ).find((s) => s.slotId === slotId)?.remaining;
    const holds = async () => (await sb.run(['booking', 'holds', '-o', 'json'])).stdout;
    const leftBefore = await left();
    const holdsBefore = await holds();
    const reserve = await sb.run([
      'booking',
      'reserve',
      'exp-laser-tag',
      '--session',
      slotId,
      '--quantity',
      '3',
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(reserve.code, reserve.stderr).toBe(0);
    expect(JSON.parse(reserve.stdout)).toMatchObject({
      slotId,
      quantity: 3,
      remaining: leftBefore,
      remainingAfter: leftBefore! - 3,
    });
    expect(await left()).toBe(leftBefore);
    expect(await holds()).toBe(holdsBefore);
    expect(
      (
        await sb.run([
          'booking',
          'reserve',
          'exp-laser-tag',
          '--session',
          slotId,
          '--quantity',
          String(leftBefore! + 1),
          '--dry-run',
        ])
      ).code,
    ).toBe(5);
    expect(
      (
        await sb.run([
          'booking',
          'reserve',
          'exp-laser-tag',
          '--session',
          'no-such-slot',
          '--quantity',
          '1',
          '--dry-run',
        ])
      ).code,
    ).toBe(4);

    const held = await sb.run([
      'booking',
      'reserve',
      '--yes',
      'exp-laser-tag',
      '--session',
      slotId,
      '--quantity',
      '2',
      '--fields',
      'record.reservationId',
      '-o',
      'csv',
    ]);
    expect(held.code, held.stderr).toBe(0);
    const reservationId = held.stdout.trim().split('\n').at(-1)!;
    const leftHeld = await left();
    const release = await sb.run(['booking', 'release', reservationId, '--dry-run', '-o', 'json']);
    expect(release.code, release.stderr).toBe(0);
    expect(JSON.parse(release.stdout)).toEqual([
      expect.objectContaining({ reservationId, outcome: 'would be released' }),
    ]);
    expect((await sb.run(['booking', 'release', '--all', '--dry-run', '-o', 'json'])).code).toBe(0);
    expect(await left()).toBe(leftHeld);

    const guest = ['--first-name', 'Dry', '--last-name', 'Run', '--email', 'dry@example.com'];
    const holdsHeld = await holds();
    const orderPreview = await sb.run([
      'booking',
      'order',
      'create',
      '--reservation',
      reservationId,
      ...guest,
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(orderPreview.code, orderPreview.stderr).toBe(0);
    expect(JSON.parse(orderPreview.stdout)).toEqual({
      reservationIds: [reservationId],
      guest: { firstName: 'Dry', lastName: 'Run', email: 'dry@example.com' },
    });
    expect(await holds()).toBe(holdsHeld);
    expect(
      (
        await sb.run([
          'booking',
          'order',
          'create',
          '--reservation',
          reservationId,
          '--first-name',
          'Dry',
          '--last-name',
          'Run',
          '--email',
          'not-an-email',
          '--dry-run',
        ])
      ).code,
    ).toBe(2);

    const [orderId, total] = (
      await sb.run([
        'booking',
        'order',
        'create',
        '--yes',
        '--reservation',
        reservationId,
        ...guest,
        '--fields',
        'record.orderId,record.total',
        '-o',
        'csv',
      ])
    ).stdout
      .trim()
      .split('\n')
      .at(-1)!
      .split(',');
    const order = { id: orderId!, total: Number(total) };
    const status = async () =>
      (await sb.run(['booking', 'order', 'show', order.id, '--fields', 'status', '-o', 'csv'])).stdout
        .trim()
        .split('\n')
        .at(-1);
    const pay = await sb.run([
      'booking',
      'order',
      'pay',
      order.id,
      '--amount',
      order.total.toFixed(2),
      '--payment-ref',
      'PSP-DRY',
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(pay.code, pay.stderr).toBe(0);
    expect(JSON.parse(pay.stdout)).toMatchObject({
      orderId: order.id,
      amount: order.total,
      paymentReference: 'PSP-DRY',
    });
    expect(
      (
        await sb.run([
          'booking',
          'order',
          'pay',
          order.id,
          '--amount',
          (order.total + 1).toFixed(2),
          '--payment-ref',
          'PSP-DRY',
          '--dry-run',
        ])
      ).code,
    ).toBe(5);
    const cancel = await sb.run(['booking', 'order', 'cancel', order.id, '--dry-run', '-o', 'json']);
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(JSON.parse(cancel.stdout)).toMatchObject({ orderId: order.id, status: 'created' });
    expect(await status()).toBe('created');
    expect((await sb.run(['booking', 'report', '-o', 'json'])).stdout).not.toContain('PSP-DRY');
  });
});
