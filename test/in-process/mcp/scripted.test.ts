// `venue mcp` in this process (the in-process tier: it counts for coverage): a
// client that writes its whole session to standard input and closes it, as
// `printf … | venue mcp` would; every request is answered before the server
// ends (exit 0). Against a sandbox in this process, in every dialect.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';

function session(requests: Array<{ method: string; params?: unknown }>): string {
  const lines = [
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'script', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    ...requests.map((r, i) => ({ jsonrpc: '2.0', id: i + 1, ...r })),
  ];
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

function answers(stdout: string): Map<number, any> {
  const byId = new Map<number, any>();
  for (const line of stdout.split('\n').filter(Boolean)) {
    const message = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) byId.set(message.id, message.result ?? message);
  }
  return byId;
}

const text = (result: { content: Array<{ text: string }> }) => JSON.parse(result.content[0]!.text);

for (const dialect of ['venue', 'pascal', 'envelope', 'plain', 'decoy', 'hal']) {
  describe(`a scripted session (${dialect} dialect)`, { timeout: 60_000 }, () => {
    let sb: SandboxHandle;
    beforeAll(async () => {
      sb = await startSandbox(['--dialect', dialect]);
    }, 60_000);
    afterAll(async () => sb?.stop(), 60_000);

    it('answers every request, then ends with exit 0', async () => {
      const input = session([
        { method: 'tools/list' },
        { method: 'tools/call', params: { name: 'inventory_stock_levels', arguments: { limit: 2 } } },
        { method: 'tools/call', params: { name: 'booking_locations', arguments: {} } },
        { method: 'tools/call', params: { name: 'wallet_reload', arguments: {} } },
        { method: 'resources/read', params: { uri: 'venue://profiles' } },
      ]);
      const run = await sb.run(['mcp', '--groups', 'inventory,booking'], { input, timeoutMs: 40_000 });
      expect(run.code, run.stderr).toBe(0);
      const byId = answers(run.stdout);
      expect([...byId.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5]);
      const names = (byId.get(1) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
      expect(names).toContain('inventory_stock_levels');
      expect(names.some((n) => n.startsWith('wallet_'))).toBe(false);
      const levels = text(byId.get(2));
      expect(levels.records).toHaveLength(2);
      expect(levels.nextCursor).toEqual(expect.any(String));
      const locations = text(byId.get(3));
      expect(locations.records.length).toBeGreaterThan(0);
      expect(locations.complete).toBe(true);
      const reload = byId.get(4);
      expect(reload.isError).toBe(true);
      expect(text(reload).error.message).toMatch(/wallet group, which this server does not serve/);
      const profiles = JSON.parse(byId.get(5).contents[0].text);
      expect(profiles).toEqual([expect.objectContaining({ name: 'sandbox', sandbox: true })]);
      expect(run.stderr).toMatch(/venue mcp: serving \d+ tools for sandbox/);
    });
  });
}

describe('venue mcp refuses what it cannot serve', { timeout: 30_000 }, () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox();
  }, 60_000);
  afterAll(async () => sb?.stop(), 60_000);

  it('a group that does not exist is a usage error', async () => {
    const run = await sb.run(['mcp', '--groups', 'wallet,config'], { input: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--groups: no group "config"/);
  });

  it('a profile that does not exist is a usage error before it serves, no tool run', async () => {
    const run = await sb.run(['mcp', '--profiles', 'nowhere'], {
      input: session([{ method: 'tools/call', params: { name: 'inventory_stock_levels', arguments: {} } }]),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--profiles: no profile "nowhere"/);
    expect(run.stdout).toBe('');
  });

  it('--help shows the snippet that registers it', async () => {
    const run = await sb.run(['mcp', '--help']);
    expect(run.code).toBe(0);
    const snippet = run.stdout.slice(run.stdout.indexOf('{'), run.stdout.lastIndexOf('}') + 1);
    expect(JSON.parse(snippet)).toEqual({
      mcpServers: { venue: { command: 'venue', args: ['mcp', '--profiles', 'main', '--groups', 'wallet,booking'] } },
    });
  });
});
