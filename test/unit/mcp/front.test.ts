// `venue mcp`'s front on its own (src/lib/mcp/front.ts), over in-memory
// streams with a stand-in for the SDK's server: what it answers itself, and
// how it hands the session over (the replayed initialize first, its answer
// dropped, then every message both ways as it came, in order, whatever was
// sent before the server read). And the words of `venue mcp …` the launcher's
// front takes (src/mcp-front.ts); anything else goes to main untouched.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { McpFront, REPLAY_ID } from '../../../src/lib/mcp/front.js';
import { RESOURCES, type ToolListing } from '../../../src/lib/mcp/wire.js';
import { frontArguments } from '../../../src/mcp-front.js';

const tool: ToolListing = {
  name: 'wallet_cards',
  title: 'venue wallet cards',
  description: 'cards',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  annotations: {
    title: 'venue wallet cards',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
};

function setUp() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.setEncoding('utf8').on('data', (d: string) => (written += d));
  const front = new McpFront({
    input,
    output,
    version: '9.9.9',
    protocolVersions: { latest: '2025-11-25', supported: ['2025-11-25', '2025-06-18'] },
    tools: [tool],
    resources: Object.values(RESOURCES),
  });
  let toServer = '';
  front.toServer.setEncoding('utf8');
  const readServer = () => {
    for (let chunk; (chunk = front.toServer.read() as string | null) !== null;) toServer += chunk;
    return toServer;
  };
  const send = (...messages: Array<Record<string, unknown> | string>) =>
    input.write(messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m)) + '\n').join(''));
  const answers = () =>
    written
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, any>);
  return { input, front, send, answers, readServer, written: () => written };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));
const init = (protocolVersion = '2025-06-18') => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: { roots: {} }, clientInfo: { name: 'c', version: '1', title: 'C' } },
});

describe('the front', () => {
  it('answers initialize (the version asked when supported, else the latest), ping, tools/list and resources/list itself', async () => {
    const { front, send, answers, readServer } = setUp();
    const answered: string[] = [];
    front.onAnswered((method) => answered.push(method));
    send(
      init(),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { cursor: 'c' } },
      { jsonrpc: '2.0', id: 'r', method: 'resources/list' },
    );
    await tick();
    const [initialized, ping, tools, resources] = answers();
    expect(initialized).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {}, resources: {} },
        serverInfo: { name: 'venue', version: '9.9.9' },
        instructions: expect.any(String),
      },
    });
    expect(ping).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(tools).toEqual({ jsonrpc: '2.0', id: 3, result: { tools: [tool] } });
    expect(resources!.result.resources.map((r: { uri: string }) => r.uri)).toEqual([
      'venue://exit-codes',
      'venue://profiles',
      'venue://rules',
    ]);
    expect(answered).toEqual(['initialize', 'notifications/initialized', 'ping', 'tools/list', 'resources/list']);
    expect(front.isForwarding).toBe(false);
    expect(readServer()).toBe('');

    const other = setUp();
    other.send(init('1999-01-01'));
    await tick();
    expect(other.answers()[0]!.result.protocolVersion).toBe('2025-11-25');
  });

  it("hands over at the first other message: the replay, then every message in order, even sent before the server reads; the replay's answer is dropped", async () => {
    const { front, send, answers, readServer, input } = setUp();
    let forwarded = false;
    void front.forwarding.then(() => (forwarded = true));
    send(
      init(),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    );
    const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'wallet_cards', arguments: {} } };
    // A call and a list, sent at once, the second split mid-line (and mid-character).
    const text = `${JSON.stringify(call)}\n${JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { cursor: 'é' } })}\n`;
    const bytes = Buffer.from(text);
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    input.write(bytes.subarray(0, cut));
    await tick();
    expect(forwarded).toBe(true);
    input.write(bytes.subarray(cut));
    const lines = readServer().split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).id ?? JSON.parse(l).method)).toEqual([
      REPLAY_ID,
      'notifications/initialized',
      3,
      4,
    ]);
    expect(JSON.parse(lines[0]!)).toEqual({ ...init(), id: REPLAY_ID });
    expect(`${lines.slice(2).join('\n')}\n`).toBe(text);
    // Only the front's own answers so far: the list after the call is the server's.
    expect(answers().map((a) => a.id)).toEqual([1, 2]);

    // The server answers the replay (dropped), then the call and the list (forwarded as written, a line split across writes too).
    front.fromServer.write(
      `${JSON.stringify({ result: { protocolVersion: '2025-06-18' }, jsonrpc: '2.0', id: REPLAY_ID })}\n{"result":{"content":[]},"jsonrpc":"2.0",`,
    );
    front.fromServer.write('"id":3}\n{"result":{"tools":[]},"jsonrpc":"2.0","id":4}\n');
    await front.flushed();
    expect(answers().map((a) => a.id)).toEqual([1, 2, 3, 4]);
  });

  it('forwards what it does not answer as the SDK would read it: a malformed line, a request before initialize, params of the wrong type, a second initialize', async () => {
    for (const messages of [
      [init(), '{"jsonrpc":"2.0","id":2,"method":"tools/li'],
      [{ jsonrpc: '2.0', id: 2, method: 'tools/list' }],
      [{ ...init(), params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c' } } }],
      [init(), { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 1 } }],
      [init(), { jsonrpc: '2.0', id: 2, method: 'ping', params: [] }],
      [init(), init()],
      [init(), { jsonrpc: '1.0', id: 2, method: 'ping' }],
    ]) {
      const { front, send, readServer } = setUp();
      send(...messages);
      await tick();
      expect(front.isForwarding, JSON.stringify(messages)).toBe(true);
      const last = messages.at(-1)!;
      expect(readServer().endsWith(`${typeof last === 'string' ? last : JSON.stringify(last)}\n`)).toBe(true);
      // No initialize answered, none replayed.
      if (messages.length === 1) expect(readServer()).not.toMatch(REPLAY_ID);
    }
  });

  it('ends the stream to the server when the client ends', async () => {
    const { front, input } = setUp();
    input.end();
    await front.ended;
    expect(front.toServer.writableEnded).toBe(true);
  });
});

describe("the words the launcher's front takes", () => {
  const groups = ['wallet', 'booking', 'inventory', 'webhooks'];
  it('venue mcp with its own options, each once', () => {
    expect(frontArguments(['mcp'], groups)).toEqual({ groups, allowWrites: false });
    expect(
      frontArguments(['mcp', '--groups', 'inventory, wallet', '--allow-writes', '--profiles', 'a,b'], groups),
    ).toEqual({ groups: ['inventory', 'wallet'], allowWrites: true });
    expect(frontArguments(['mcp', '--profiles=main', '--groups=booking'], groups)).toEqual({
      groups: ['booking'],
      allowWrites: false,
    });
  });
  it('anything else goes to main as it is', () => {
    for (const argv of [
      [],
      ['wallet', 'cards'],
      ['--profile', 'x', 'mcp'],
      ['mcp', '--help'],
      ['mcp', '-h'],
      ['mcp', '--groups', 'config'],
      ['mcp', '--groups', 'wallet', '--groups', 'booking'],
      ['mcp', '--groups'],
      ['mcp', '--groups='],
      ['mcp', '--profiles', '--allow-writes'],
      ['mcp', '--allow-writes=no'],
      ['mcp', 'extra'],
      ['mcp', '-v'],
    ]) {
      expect(frontArguments(argv, groups), argv.join(' ')).toBeUndefined();
    }
  });
});
