// The parts of `venue mcp` apart from the transport: tools derived from
// declarations, the masking, the one-time confirmations, and the tool calls'
// logic (paging, writes in two steps, refusals) over a fake run.

import { describe, expect, it } from 'vitest';
import { defineCommand, option } from '../../../src/commands/define.js';
import { toolOf, deriveTools } from '../../../src/commands/mcp/tools.js';
import { maskText, maskValue } from '../../../src/lib/mcp/masking.js';
import { Confirmations } from '../../../src/lib/mcp/confirmations.js';
import { ToolCalls, type RunResult } from '../../../src/lib/mcp/tool-calls.js';
import { EXIT_CODES } from '../../../src/lib/facts.js';

const read = defineCommand({
  name: 'levels',
  args: '<productId> [more...]',
  summary: 'Stock levels',
  examples: ['venue x levels 1'],
  options: [
    option('--warehouse <id>', 'warehouse id', { kind: 'warehouse' }),
    option('--kind <kind>', 'one kind', { choices: ['a', 'b'] }),
    option('--days <n>', 'days', { kind: 'unsigned' }),
    option('--quantity <n>', 'a change', { kind: 'integer' }),
    option('--product <ids>', 'products', { kind: 'product', list: true }),
    option('--no-wait', 'do not wait'),
    option('--all', 'every page', { paging: 'all' }),
    option('--password-stdin', 'a password', { kind: 'secret' }),
    option('--secret <value>', 'refused', { hidden: true, kind: 'secret-on-command-line' }),
  ],
  fleet: 'read',
  run: async () => undefined,
});
const write = defineCommand({
  name: 'receive',
  summary: 'Receive',
  examples: ['venue x receive'],
  options: [
    option('--file <path>', 'the file', { kind: 'file', required: true }),
    option('--dry-run', 'plan'),
    option('-y, --yes', 'no question'),
    option('--force', 'past the journal', { withheldFromTools: 'lifts a guard' }),
  ],
  fleet: 'write',
  run: async () => undefined,
});

describe('tools from declarations', () => {
  it('builds the schema from arguments, value kinds, choices and booleans; withholds what an assistant must not set', () => {
    const tool = toolOf(['inventory', 'stock', 'levels'], read)!;
    expect(tool.name).toBe('inventory_stock_levels');
    const p = tool.inputSchema.properties!;
    expect(p.productId).toMatchObject({ type: 'string', minLength: 1 });
    expect(p.more).toMatchObject({ type: 'array', items: { type: 'string' } });
    // Typed from each option's kind: inventory ids are whole numbers, a change may be negative, a list is an array.
    expect(p.warehouse).toMatchObject({ type: 'integer', minimum: 0, description: 'warehouse id (a warehouse id)' });
    expect(p.kind).toMatchObject({ type: 'string', enum: ['a', 'b'] });
    expect(p.days).toMatchObject({ type: 'integer', minimum: 0 });
    expect(p.quantity).toMatchObject({ type: 'integer' });
    expect(p.quantity).not.toHaveProperty('minimum');
    expect(p.product).toMatchObject({ type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 1 });
    expect(p.wait).toMatchObject({ type: 'boolean' });
    for (const gone of ['all', 'passwordStdin', 'secret']) expect(p).not.toHaveProperty(gone);
    expect(tool.inputSchema.required).toEqual(['productId']);
    expect(
      tool.argv({
        productId: '-1',
        more: ['2'],
        warehouse: 2,
        quantity: -3,
        product: [1001, 1002],
        kind: 'a',
        wait: false,
      }),
    ).toEqual([
      'inventory',
      'stock',
      'levels',
      '--warehouse=2',
      '--kind=a',
      '--quantity=-3',
      '--product=1001,1002',
      '--no-wait',
      '--',
      '-1',
      '2',
    ]);
  });

  it('a write needs a --dry-run to be a tool; --yes, --dry-run and --force are never arguments', () => {
    const tool = toolOf(['inventory', 'stock', 'receive'], write)!;
    expect(tool.use).toBe('write');
    expect(tool.hasYes).toBe(true);
    expect(Object.keys(tool.inputSchema.properties!).sort()).toEqual(['confirmationId', 'file', 'profile']);
    expect(tool.inputSchema.properties!.file!.pattern).toBe('^(?!-$).+');
    expect(
      toolOf(['x', 'y'], { ...write, options: write.options!.filter((o) => o.flags !== '--dry-run') }),
    ).toBeUndefined();
    expect(toolOf(['x', 'y'], { ...read, fleet: { refused: 'no' } })).toBeUndefined();
  });

  it("the real tree gives the service groups' reads, and no tool a secret argument", async () => {
    const tools = await deriveTools(['wallet', 'booking', 'inventory', 'webhooks']);
    const names = tools.map((t) => t.name);
    // diagnose masks personal data itself with --redact: every run of its tool asks for it.
    expect(tools.find((t) => t.name === 'wallet_diagnose')!.argv({ email: 'a@b.co' })).toEqual([
      'wallet',
      'diagnose',
      '--redact',
      '--',
      'a@b.co',
    ]);
    expect(names).toEqual(
      expect.arrayContaining([
        'wallet_diagnose',
        'booking_availability',
        'inventory_stock_levels',
        'inventory_stock_receive',
        'wallet_reload',
      ]),
    );
    for (const tool of tools)
      expect(Object.keys(tool.inputSchema.properties!).filter((k) => /password|secret|token/i.test(k))).toEqual([]);
  });
});

describe('masking', () => {
  it('masks emails and card numbers as diagnose --redact does, anywhere; keeps dates, ids and barcodes', () => {
    expect(maskText('ava@example.com has card 6001000000000000001')).toBe('a***@e***.com has card ***************0001');
    expect(maskText('4111 1111 1111 1111')).toBe('************1111');
    expect(maskText('2026-11-26T10:00:00Z res-000003 1764139200000.5')).toBe(
      '2026-11-26T10:00:00Z res-000003 1764139200000.5',
    );
    // Digits inside a word are no card: a confirmation id or a UUID with a long run of digits stays usable.
    expect(maskText('confirmationId "confirm-3f012345678901234567ab" (used once)')).toBe(
      'confirmationId "confirm-3f012345678901234567ab" (used once)',
    );
    expect(maskText('key 0a123456-7890-1234-5678-90123456789b')).toBe('key 0a123456-7890-1234-5678-90123456789b');
    expect(
      maskValue({
        cardNumber: 6001000000000000001n.toString(),
        barcode: '4006381333931',
        at: 1764139200000,
        n: 600100000000001,
      }),
    ).toEqual({
      cardNumber: '***************0001',
      barcode: '4006381333931',
      at: 1764139200000,
      n: '***********0001',
    });
    expect(maskValue({ nickname: 'Ava main', productName: 'Gummy Bears' })).toEqual({
      nickname: 'A***',
      productName: 'Gummy Bears',
    });
  });
});

describe('confirmations', () => {
  it('are bound to tool, profile and arguments, used once, and expire', () => {
    let now = 0;
    const c = new Confirmations(1000, () => now);
    const { id } = c.issue('t', 'p', { a: 1, b: [1, 2] });
    expect(c.redeem(id, 't', 'p', { a: 2, b: [1, 2] })).toEqual({
      ok: false,
      why: expect.stringMatching(/other arguments/),
    });
    expect(c.redeem(id, 't', 'q', { a: 1, b: [1, 2] }).ok).toBe(false);
    expect(c.redeem(id, 't', 'p', { b: [1, 2], a: 1 })).toEqual({ ok: true });
    expect(c.redeem(id, 't', 'p', { a: 1, b: [1, 2] })).toEqual({
      ok: false,
      why: expect.stringMatching(/already used/),
    });
    const late = c.issue('t', 'p', {});
    now = 1000;
    expect(c.redeem(late.id, 't', 'p', {})).toEqual({ ok: false, why: expect.stringMatching(/expired/) });
  });
});

describe('tool calls', () => {
  const meanings = new Map(EXIT_CODES.map((fact) => [fact.code as number, fact.meaning]));
  const levels = toolOf(['inventory', 'stock', 'levels'], read)!;
  const receive = toolOf(['inventory', 'stock', 'receive'], write)!;

  function calls(answer: (argv: string[]) => RunResult) {
    const runs: string[][] = [];
    const logs: string[] = [];
    const toolCalls = new ToolCalls({
      tool: async (name) => [levels, receive].find((t) => t.name === name),
      withheld: new Map([['wallet_reload', 'not served']]),
      profiles: async () => ['main', 'north'],
      run: async (argv) => (runs.push(argv), answer(argv)),
      meanings,
      log: (line) => logs.push(line),
    });
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await toolCalls.call(name, args);
      return { isError: Boolean(result.isError), body: JSON.parse(result.content[0]!.text) };
    };
    return { call, runs, logs };
  }

  it('has the meaning of every exit code, from the facts', () => {
    expect([...meanings.keys()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 130]);
    expect(meanings.get(7)).toMatch(/^outcome unknown: something that changes data was sent/);
  });

  it('pages a list with one record more than the page, and binds the cursor to the query', async () => {
    const records = Array.from({ length: 7 }, (_, i) => ({ id: i }));
    const { call, runs } = calls((argv) => {
      const limit = Number(argv.find((a) => a.startsWith('--limit='))!.slice(8));
      return { code: 0, stdout: JSON.stringify(records.slice(0, limit)), stderr: '' };
    });
    const first = await call('inventory_stock_levels', { productId: '1', limit: 3 });
    expect(first.body.records).toEqual([{ id: 0 }, { id: 1 }, { id: 2 }]);
    expect(runs[0]).toEqual([
      '--profile',
      'main',
      '--output',
      'json',
      '--no-input',
      'inventory',
      'stock',
      'levels',
      '--limit=4',
      '--',
      '1',
    ]);
    const second = await call('inventory_stock_levels', { productId: '1', limit: 3, cursor: first.body.nextCursor });
    expect(second.body.records).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }]);
    const last = await call('inventory_stock_levels', { productId: '1', limit: 3, cursor: second.body.nextCursor });
    expect(last.body).toMatchObject({ records: [{ id: 6 }], complete: true });
    expect(last.body.nextCursor).toBeUndefined();
    const other = await call('inventory_stock_levels', { productId: '2', limit: 3, cursor: first.body.nextCursor });
    expect(other).toMatchObject({
      isError: true,
      body: { exitCode: 2, error: { message: expect.stringMatching(/another tool, profile or other arguments/) } },
    });
  });

  it('a failure is the exit code, its meaning and the error venue printed; masked', async () => {
    const { call } = calls(() => ({
      code: 4,
      stdout: '',
      stderr: '{"error":{"message":"no guest ava@example.com","exitCode":4}}\n',
    }));
    const { isError, body } = await call('inventory_stock_levels', { productId: '1' });
    expect(isError).toBe(true);
    expect(body).toMatchObject({ exitCode: 4, meaning: 'not found', error: { message: 'no guest a***@e***.com' } });
    expect(body.printed).toBeUndefined();
  });

  it('data printed by a command that then fails is told with the failure', async () => {
    const { call } = calls(() => ({
      code: 6,
      stdout: '{"status":"unhealthy"}',
      stderr: '{"error":{"message":"the inventory service says it is unhealthy"}}\n',
    }));
    const { isError, body } = await call('inventory_stock_levels', { productId: '1' });
    expect(isError).toBe(true);
    expect(body).toMatchObject({
      exitCode: 6,
      printed: { status: 'unhealthy' },
      error: { message: expect.stringMatching(/unhealthy/) },
    });
  });

  it('refuses a tool not served, a profile not served, and arguments the schema refuses, running nothing', async () => {
    const { call, runs } = calls(() => ({ code: 0, stdout: '[]', stderr: '' }));
    expect((await call('wallet_reload', {})).body.error.message).toBe('not served');
    expect((await call('inventory_stock_levels', { productId: '1', profile: 'south' })).body.error.message).toMatch(
      /profile "south" is not served/,
    );
    expect((await call('inventory_stock_levels', {})).body.error.details).toEqual(['productId: required']);
    expect((await call('inventory_stock_levels', { productId: '1', kind: 'c' })).body.error.details).toEqual([
      'kind: must be one of a, b',
    ]);
    expect(runs).toEqual([]);
  });

  it('a write: the dry run plans; the id applies it with --yes once; a 7 is unknown with the settle command', async () => {
    let code = 0;
    const { call, runs } = calls((argv) =>
      argv.includes('--dry-run')
        ? { code: 0, stdout: '{"items":1}', stderr: '' }
        : {
            code,
            stdout: code ? '' : '{"receiptId":9}',
            stderr: code
              ? '{"error":{"message":"receipt abc may or may not have been applied","hint":"Check, then record it with `venue inventory receipts resolve abc --applied`."}}\n'
              : '',
          },
    );
    const plan = await call('inventory_stock_receive', { file: '/r.csv' });
    expect(plan.body).toMatchObject({ stage: 'planned', applied: false, plan: { items: 1 } });
    expect(runs.at(-1)).toContain('--dry-run');
    const applied = await call('inventory_stock_receive', { file: '/r.csv', confirmationId: plan.body.confirmationId });
    expect(applied.body).toMatchObject({ outcome: 'applied', result: { receiptId: 9 } });
    expect(runs.at(-1)).toEqual([
      '--profile',
      'main',
      '--output',
      'json',
      '--no-input',
      'inventory',
      'stock',
      'receive',
      '--yes',
      '--file=/r.csv',
    ]);
    code = 7;
    const again = await call('inventory_stock_receive', { file: '/r.csv' });
    const lost = await call('inventory_stock_receive', { file: '/r.csv', confirmationId: again.body.confirmationId });
    expect(lost).toMatchObject({
      isError: true,
      body: { exitCode: 7, outcome: 'unknown', settleWith: ['venue inventory receipts resolve abc --applied'] },
    });
  });
});

describe("venue mcp is venue's own server", () => {
  it('nothing under src/ imports the MCP SDK', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { repoRoot } = await import('../../support/venue.js');
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
        );
    const importers = files(path.join(repoRoot, 'src')).filter((f) =>
      /@modelcontextprotocol\/sdk/.test(fs.readFileSync(f, 'utf8').replace(/^\s*\/\/.*$/gm, '')),
    );
    expect(importers).toEqual([]);
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies)).not.toContain('@modelcontextprotocol/sdk');
  });
});
