// `venue mcp` as an assistant's client sees it: the built binary started by the
// official SDK's own client over stdio, against a sandbox in its own process.
// Tools listed with schemas derived from the declarations; wallet_diagnose
// masked; a list paged with a cursor; a write tool absent without
// --allow-writes and refused when called directly; with it, applied only after
// the two-step confirmation; a receipt whose answer is dropped is unknown,
// journalled, with the settle command. A separate test sweeps every tool of a
// session for the secrets configured.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { baseEnv, sandboxForFile, tempDir, venueBin, type SandboxProcessHandle } from '../../support/venue.js';
import { login } from '../../support/wallet.js';

let sb: SandboxProcessHandle;
sandboxForFile({}, (handle) => (sb = handle));
const dir = tempDir('venue-mcp-');
beforeAll(() => login(sb, 'ava@example.com'), 30_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Session {
  client: Client;
  stderr(): string;
  close(): Promise<void>;
}

async function connect(args: string[], env: Record<string, string> = {}): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [venueBin, 'mcp', ...args],
    env: baseEnv({ ...sb.env, ...env }) as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'venue-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

type Answer = { isError?: boolean; content: Array<{ type: string; text: string }> };
async function call(
  s: Session,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ isError: boolean; body: any; text: string }> {
  const result = (await s.client.callTool({ name, arguments: args })) as Answer;
  const text = result.content.map((c) => c.text).join('\n');
  return { isError: Boolean(result.isError), body: JSON.parse(text), text };
}

async function receiptsSent(invoice: string): Promise<number> {
  const { items } = await sb.control<{ items: Array<{ kind: string; source?: string; body?: { invoice?: string } }> }>(
    'GET',
    '/inventory/movements',
  );
  return items.filter((m) => m.kind === 'receipt' && m.source !== 'venue' && m.body?.invoice === invoice).length;
}

function receiptStatus(invoice: string): string | undefined {
  const journal = JSON.parse(fs.readFileSync(path.join(sb.configDir, 'state', 'inventory-receipts.json'), 'utf8')) as {
    entries: Record<string, { invoice?: string; status: string }>;
  };
  return Object.values(journal.entries).find((e) => e.invoice === invoice)?.status;
}

const receiptFile = (name: string) => {
  const at = path.join(dir, name);
  fs.writeFileSync(at, 'productId,quantity\n1014,2\n');
  return at;
};

describe('venue mcp, read only (the default)', { timeout: 90_000 }, () => {
  let s: Session;
  beforeAll(async () => {
    s = await connect([]);
  }, 30_000);
  afterAll(async () => s?.close());

  it('lists one tool per read command, with schemas from the declarations, and no write tool', async () => {
    const { tools } = await s.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'wallet_cards',
        'wallet_diagnose',
        'booking_availability',
        'inventory_stock_levels',
        'inventory_products_list',
        'webhooks_list',
      ]),
    );
    for (const write of ['inventory_stock_receive', 'wallet_reload', 'booking_order_create', 'webhooks_create'])
      expect(names).not.toContain(write);
    // Nothing that is not a service's: no config, auth (it prints tokens), sandbox or api tool.
    expect(names.filter((n) => /^(config|auth|sandbox|api|doctor|completion|mcp)_/.test(n))).toEqual([]);
    const levels = tools.find((t) => t.name === 'inventory_stock_levels')!;
    expect(levels.description).toMatch(/^Stock levels/);
    expect(levels.annotations?.readOnlyHint).toBe(true);
    const props = levels.inputSchema.properties as Record<string, { type: string; description?: string }>;
    // Typed from the option's kind: an inventory id is a whole number.
    expect(props.warehouse).toMatchObject({ type: 'integer', description: expect.stringMatching(/warehouse id/) });
    expect(props.product).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(props.allWarehouses).toMatchObject({ type: 'boolean' });
    expect(props.limit).toMatchObject({ type: 'integer', maximum: 200 });
    expect(props.cursor).toMatchObject({ type: 'string' });
    // Paging past the tool's own limit is not offered.
    expect(props.all).toBeUndefined();
    expect(props.page).toBeUndefined();
    const diagnose = tools.find((t) => t.name === 'wallet_diagnose')!;
    expect(diagnose.inputSchema.required).toEqual(['email']);
    // A secret is never an argument: the password flags are withheld.
    expect(Object.keys(diagnose.inputSchema.properties!).filter((k) => /password|secret/i.test(k))).toEqual([]);
    // Choices become enums (every declared choice, as declared).
    const enums = tools.flatMap((t) =>
      Object.values(t.inputSchema.properties as Record<string, { enum?: string[] }>).filter((p) => p.enum),
    );
    expect(enums.length).toBeGreaterThan(0);
  });

  it('wallet_diagnose returns the report with the email and card numbers masked', async () => {
    const { isError, body, text } = await call(s, 'wallet_diagnose', { email: 'ava@example.com' });
    expect(isError, text).toBe(false);
    expect(body.record.email).toBe('a***@e***.com');
    expect(body.record.cards.length).toBeGreaterThan(0);
    for (const card of body.record.cards) {
      expect(card.cardNumber).toMatch(/^\*+\d{4}$/);
      if (card.nickname) expect(card.nickname).toMatch(/^\S\*\*\*$/);
    }
    expect(text).not.toMatch(/ava@example\.com/);
    expect(text).not.toMatch(/\d{12,}/);
  });

  it('a list comes a page at a time; the pages, followed by their cursors, are the whole list', async () => {
    const all = await sb.run(['inventory', 'products', 'list', '--all', '-o', 'json']);
    expect(all.code, all.stderr).toBe(0);
    const expected = (JSON.parse(all.stdout) as Array<Record<string, unknown>>).map((p) => JSON.stringify(p));
    expect(expected.length).toBeGreaterThan(12);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { isError, body, text } = await call(s, 'inventory_products_list', {
        limit: 5,
        ...(cursor ? { cursor } : {}),
      });
      expect(isError, text).toBe(false);
      expect(body.records.length).toBeLessThanOrEqual(5);
      seen.push(...body.records.map((p: unknown) => JSON.stringify(p)));
      cursor = body.nextCursor;
      if (!cursor) expect(body.complete).toBe(true);
      pages++;
    } while (cursor && pages < 50);
    expect(pages).toBe(Math.ceil(expected.length / 5));
    expect(seen).toEqual(expected);
    // A cursor is bound to its query: another tool's arguments refuse it.
    const first = await call(s, 'inventory_products_list', { limit: 5 });
    const other = await call(s, 'inventory_stock_levels', { limit: 5, cursor: first.body.nextCursor });
    expect(other.isError).toBe(true);
    expect(other.body.exitCode).toBe(2);
  });

  it('a failure carries the exit code and its meaning', async () => {
    const { isError, body } = await call(s, 'inventory_products_get', { productId: 999999 });
    expect(isError).toBe(true);
    expect(body.exitCode).toBe(4);
    expect(body.meaning).toBe('not found');
    expect(body.error.message).toBeTruthy();
  });

  it('a write tool called directly is refused and nothing is sent', async () => {
    const { isError, body } = await call(s, 'inventory_stock_receive', {
      file: receiptFile('direct.csv'),
      invoice: 'MCP-DIRECT',
    });
    expect(isError).toBe(true);
    expect(body.exitCode).toBe(2);
    expect(body.error.message).toMatch(/without --allow-writes/);
    expect(body.sent).toBe(false);
    expect(await receiptsSent('MCP-DIRECT')).toBe(0);
  });

  it('arguments are checked against the schema; a profile not served is refused', async () => {
    const bad = await call(s, 'inventory_stock_levels', { limit: 0, bogus: true });
    expect(bad.isError).toBe(true);
    expect(bad.body.error.details).toEqual(
      expect.arrayContaining(['limit: must be 1 or more', 'bogus: not an argument of this tool']),
    );
    const elsewhere = await call(s, 'inventory_stock_levels', { profile: 'other' });
    expect(elsewhere.isError).toBe(true);
    expect(elsewhere.body.error.message).toMatch(/profile "other" is not served/);
  });

  it('resources: the exit codes, the profiles (no secret), the rules', async () => {
    const { resources } = await s.client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['venue://exit-codes', 'venue://profiles', 'venue://rules']);
    const text = async (uri: string) =>
      String((await s.client.readResource({ uri })).contents.map((c) => ('text' in c ? c.text : '')).join(''));
    expect(await text('venue://exit-codes')).toMatch(/7 +outcome unknown/);
    const profiles = JSON.parse(await text('venue://profiles'));
    expect(profiles).toEqual([
      expect.objectContaining({
        name: 'sandbox',
        services: expect.objectContaining({ inventory: expect.stringContaining(sb.origin) }),
      }),
    ]);
    const rules = JSON.parse(await text('venue://rules'));
    expect(rules.inventory_stock_levels.command).toMatch(/^Stock levels/);
    expect(rules.inventory_stock_levels.checks).toEqual(
      expect.arrayContaining([expect.stringMatching(/^warehouse \(--warehouse <id>\): warehouse id/)]),
    );
  });
});

describe('venue mcp --groups', { timeout: 60_000 }, () => {
  it("serves only the groups named; another group's tool is refused, saying why", async () => {
    const s = await connect(['--groups', 'wallet']);
    try {
      const { tools } = await s.client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      expect(tools.every((t) => t.name.startsWith('wallet_'))).toBe(true);
      const { isError, body } = await call(s, 'inventory_stock_levels');
      expect(isError).toBe(true);
      expect(body.error.message).toMatch(/inventory group, which this server does not serve/);
    } finally {
      await s.close();
    }
  });
});

describe('venue mcp --allow-writes', { timeout: 90_000 }, () => {
  let s: Session;
  beforeAll(async () => {
    s = await connect(['--allow-writes', '--groups', 'inventory']);
  }, 30_000);
  afterAll(async () => s?.close());

  it('a write applies only on the second call with its confirmation id, once', async () => {
    const { tools } = await s.client.listTools();
    const receive = tools.find((t) => t.name === 'inventory_stock_receive')!;
    expect(receive.annotations?.destructiveHint).toBe(true);
    expect(Object.keys(receive.inputSchema.properties!)).toEqual(
      expect.arrayContaining(['file', 'invoice', 'confirmationId']),
    );
    expect(receive.inputSchema.properties).not.toHaveProperty('force');
    expect(receive.inputSchema.properties).not.toHaveProperty('dryRun');
    const rules = JSON.parse(
      String(
        (await s.client.readResource({ uri: 'venue://rules' })).contents
          .map((c) => ('text' in c ? c.text : ''))
          .join(''),
      ),
    );
    // The seeds' limits, as the command states them.
    expect(rules.inventory_stock_receive.checks).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^po \(--po <number>\): .*at most 50 characters/),
        expect.stringMatching(/^file .*\(required\)$/),
      ]),
    );

    const args = { file: receiptFile('two-step.csv'), invoice: 'MCP-2STEP' };
    const plan = await call(s, 'inventory_stock_receive', args);
    expect(plan.isError, plan.text).toBe(false);
    expect(plan.body.stage).toBe('planned');
    expect(plan.body.confirmationId).toMatch(/^confirm-[0-9a-f]{24}$/);
    expect(await receiptsSent('MCP-2STEP')).toBe(0);

    // The id is bound to the exact arguments.
    const other = await call(s, 'inventory_stock_receive', {
      ...args,
      invoice: 'MCP-OTHER',
      confirmationId: plan.body.confirmationId,
    });
    expect(other.isError).toBe(true);
    expect(other.body.error.message).toMatch(/another tool, profile or other arguments/);
    expect(await receiptsSent('MCP-OTHER')).toBe(0);

    const applied = await call(s, 'inventory_stock_receive', { ...args, confirmationId: plan.body.confirmationId });
    expect(applied.isError, applied.text).toBe(false);
    expect(applied.body.outcome).toBe('applied');
    expect(await receiptsSent('MCP-2STEP')).toBe(1);
    expect(receiptStatus('MCP-2STEP')).toBe('recorded');

    // Used once.
    const again = await call(s, 'inventory_stock_receive', { ...args, confirmationId: plan.body.confirmationId });
    expect(again.isError).toBe(true);
    expect(again.body.error.message).toMatch(/unknown or was already used/);
    expect(await receiptsSent('MCP-2STEP')).toBe(1);
  });

  it('a receipt whose answer is dropped comes back unknown, journalled, with the settle command', async () => {
    const args = { file: receiptFile('dropped.csv'), invoice: 'MCP-DROPPED' };
    const plan = await call(s, 'inventory_stock_receive', args);
    expect(plan.isError, plan.text).toBe(false);
    await sb.control('POST', '/faults', { dropAfterProcessing: [{ match: 'POST /inventory/stock-receipts' }] });
    try {
      const applied = await call(s, 'inventory_stock_receive', { ...args, confirmationId: plan.body.confirmationId });
      expect(applied.isError).toBe(true);
      expect(applied.body.exitCode, applied.text).toBe(7);
      expect(applied.body.outcome).toBe('unknown');
      expect(applied.body.meaning).toMatch(/^outcome unknown/);
      expect(applied.body.settleWith.join(' ')).toMatch(/venue --profile sandbox inventory receipts resolve/);
    } finally {
      await sb.control('DELETE', '/faults');
    }
    expect(receiptStatus('MCP-DROPPED')).toBe('unknown');
    expect(await receiptsSent('MCP-DROPPED')).toBe(1);
  });
});
