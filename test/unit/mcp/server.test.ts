// `venue mcp`'s server on the wire (src/lib/mcp/server.ts over json-rpc.ts),
// over in-memory streams with a fake run: the lifecycle (initialize and the
// revision negotiated, ping, the lists), JSON-RPC's errors (parse error,
// invalid request, method not found, invalid params, a resource not found,
// an unknown tool), cancellation (no answer; a call cancelled before its turn
// is never run), and the end of input (every request read is answered first).

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { defineCommand, option } from '../../../src/commands/define.js';
import { toolOf } from '../../../src/commands/mcp/tools.js';
import { serveMcp } from '../../../src/lib/mcp/server.js';
import { ToolCalls, type RunResult } from '../../../src/lib/mcp/tool-calls.js';
import { PROTOCOL_VERSIONS, RESOURCES, toolListing } from '../../../src/lib/mcp/wire.js';

const levels = toolOf(
  ['inventory', 'stock', 'levels'],
  defineCommand({
    name: 'levels',
    summary: 'Stock levels',
    examples: ['venue inventory stock levels'],
    options: [option('--warehouse <id>', 'warehouse id')],
    fleet: 'read',
    run: async () => undefined,
  }),
)!;

type Message = Record<string, any>;

/** A server over in-memory streams; `send` writes lines, `end` closes its input and resolves once it has ended. */
function server(run: (argv: string[]) => Promise<RunResult> = async () => ({ code: 0, stdout: '[]', stderr: '' })) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.setEncoding('utf8').on('data', (d: string) => (written += d));
  const runs: string[][] = [];
  const served = serveMcp({
    version: '9.9.9',
    listings: [toolListing(levels)],
    resources: [{ ...RESOURCES.exitCodes, read: async () => 'Exit codes: ava@example.com' }],
    calls: async () =>
      new ToolCalls({
        tool: async (name) => (name === levels.name ? levels : undefined),
        withheld: new Map([
          ['wallet_reload', 'wallet_reload changes data, and this server was started without --allow-writes'],
        ]),
        profiles: async () => ['main'],
        run: async (argv) => (runs.push(argv), run(argv)),
        meanings: new Map([[0, 'success']]),
        log: () => undefined,
      }),
    stdin,
    stdout,
  });
  const answers = () =>
    written
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Message);
  const byId = (id: unknown): Message => answers().find((a) => a.id === id)!;
  const send = (...messages: Array<Message | string>) =>
    stdin.write(
      messages.map((m) => `${typeof m === 'string' ? m : JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join(''),
    );
  const end = async () => {
    stdin.end();
    await served;
    return answers();
  };
  return { send, end, answers, byId, runs, written: () => written };
}

const initialize = (protocolVersion: unknown = '2025-06-18', id: unknown = 0) => ({
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
});

describe('the lifecycle', () => {
  it('initialize agrees on the revision asked for when venue speaks it, else its newest', async () => {
    const s = server();
    s.send(initialize('2025-06-18', 0), initialize('2024-11-05', 1), initialize('1999-01-01', 2));
    await s.end();
    expect(s.byId(0)).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {}, resources: {} },
        serverInfo: { name: 'venue', version: '9.9.9' },
        instructions: expect.any(String),
      },
    });
    expect(s.byId(1).result.protocolVersion).toBe('2024-11-05');
    expect(s.byId(2).result.protocolVersion).toBe(PROTOCOL_VERSIONS[0]);
  });

  it('answers ping, tools/list and resources/list; notifications get no answer', async () => {
    const s = server();
    s.send(
      initialize(),
      { method: 'notifications/initialized' },
      { id: 1, method: 'ping' },
      { id: 2, method: 'tools/list', params: { cursor: 'c' } },
      { id: 'r', method: 'resources/list' },
      { method: 'notifications/whatever', params: {} },
    );
    const answers = await s.end();
    expect(answers.map((a) => a.id).sort()).toEqual([0, 1, 2, 'r'].sort());
    expect(s.byId(1)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(s.byId(2).result).toEqual({ tools: [toolListing(levels)] });
    expect(s.byId('r').result.resources.map((r: { uri: string }) => r.uri)).toEqual(['venue://exit-codes']);
  });

  it('a call and a resource read are answered, masked, and every request read is answered before the server ends', async () => {
    const s = server(async () => ({ code: 0, stdout: '[{"email":"ava@example.com"}]', stderr: '' }));
    s.send(
      initialize(),
      { id: 1, method: 'tools/call', params: { name: 'inventory_stock_levels', arguments: { warehouse: '2' } } },
      { id: 2, method: 'resources/read', params: { uri: 'venue://exit-codes' } },
    );
    await s.end();
    const call = s.byId(1).result;
    expect(call.isError).toBeUndefined();
    expect(call.structuredContent).toMatchObject({ records: [{ email: 'a***@e***.com' }], complete: true });
    expect(s.runs[0]).toEqual(expect.arrayContaining(['inventory', 'stock', 'levels', '--warehouse=2']));
    expect(s.byId(2).result.contents).toEqual([
      { uri: 'venue://exit-codes', mimeType: 'text/plain', text: 'Exit codes: a***@e***.com' },
    ]);
  });
});

describe("JSON-RPC's errors", () => {
  it('a line that is not JSON, a batch, a message that is no request, an unknown method', async () => {
    const s = server();
    s.send('{"jsonrpc":"2.0","id":1,"method":"tools/list"', '[{"jsonrpc":"2.0","id":2,"method":"ping"}]');
    s.send(
      '{"jsonrpc":"1.0","id":3,"method":"ping"}',
      '{"jsonrpc":"2.0","id":4}',
      '{"jsonrpc":"2.0","id":null,"method":"ping"}',
    );
    s.send({ id: 5, method: 'nothing/here' });
    const answers = await s.end();
    const codes = answers.map((a) => [a.id, a.error?.code]);
    expect(codes).toEqual(
      expect.arrayContaining([
        [null, -32700],
        [null, -32600],
        [3, -32600],
        [4, -32600],
        [5, -32601],
      ]),
    );
    expect(answers).toHaveLength(6);
    expect(answers.every((a) => a.jsonrpc === '2.0' && typeof a.error.message === 'string')).toBe(true);
  });

  it('params of the wrong shape are invalid params; an unknown resource and an unknown tool are said as MCP says them', async () => {
    const s = server();
    s.send(
      initialize(7, 1),
      { id: 2, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } },
      { id: 3, method: 'tools/list', params: { cursor: 5 } },
      { id: 4, method: 'ping', params: 'x' },
      { id: 5, method: 'tools/call', params: { arguments: {} } },
      { id: 6, method: 'tools/call', params: { name: 'inventory_stock_levels', arguments: [] } },
      { id: 7, method: 'resources/read', params: {} },
      { id: 8, method: 'resources/read', params: { uri: 'venue://nothing' } },
      { id: 9, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } },
    );
    await s.end();
    for (const id of [1, 2, 3, 4, 5, 6, 7, 9]) expect(s.byId(id).error.code, `id ${id}`).toBe(-32602);
    expect(s.byId(8).error).toMatchObject({ code: -32002, message: expect.stringMatching(/venue:\/\/nothing/) });
    expect(s.byId(9).error.message).toBe('Unknown tool: no_such_tool');
    expect(s.runs).toEqual([]);
  });

  it('a tool venue has but this server does not serve, and arguments its schema refuses, are results the model reads', async () => {
    const s = server();
    s.send(
      { id: 1, method: 'tools/call', params: { name: 'wallet_reload', arguments: {} } },
      { id: 2, method: 'tools/call', params: { name: 'inventory_stock_levels', arguments: { bogus: 1 } } },
    );
    await s.end();
    expect(s.byId(1).result.isError).toBe(true);
    expect(s.byId(1).result.structuredContent.error.message).toMatch(/without --allow-writes/);
    expect(s.byId(2).result.structuredContent.error.details).toEqual(['bogus: not an argument of this tool']);
    expect(s.runs).toEqual([]);
  });
});

describe('cancellation', () => {
  it('a cancelled request gets no answer; a call cancelled before its turn never runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const s = server(async () => {
      await gate;
      return { code: 0, stdout: '[]', stderr: '' };
    });
    const call = (id: number) => ({
      id,
      method: 'tools/call',
      params: { name: 'inventory_stock_levels', arguments: {} },
    });
    s.send(call(1), call(2), call(3));
    await new Promise((resolve) => setImmediate(resolve));
    // 1 is running; 2 waits for its turn. Both are cancelled; 3 is not.
    s.send({ method: 'notifications/cancelled', params: { requestId: 1, reason: 'user' } });
    s.send({ method: 'notifications/cancelled', params: { requestId: 2 } });
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const answers = await s.end();
    expect(answers.map((a) => a.id)).toEqual([3]);
    // The call running when it was cancelled ran to its end (a write in flight is never cut); the waiting one never ran.
    expect(s.runs).toHaveLength(2);
  });
});
