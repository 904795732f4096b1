// One meaning of "sandbox profile" (ConfigStore.isSandboxProfile): a profile
// whose services are the local emulator's addresses. `config profiles`, the
// MCP profiles resource, the `[sandbox]` mark and `--each-profile all` all
// say the same of a sandbox fleet's venues (sandbox profiles) and of a
// profile that extends the sandbox with a real inventory server (not one).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
  const fleet = await sb.run(['sandbox', 'fleet', '--venues', '2']);
  expect(fleet.code, fleet.stderr).toBe(0);
  // Its wallet and booking are the sandbox's, its inventory a real server's: not a sandbox profile.
  const real = await sb.run([
    'config',
    'init',
    'real',
    '--extends',
    'sandbox',
    '--inventory-url',
    'https://inventory.real.example',
  ]);
  expect(real.code, real.stderr).toBe(0);
}, 120_000);
afterAll(async () => sb?.stop(), 60_000);

function mcpSession(): string {
  return (
    [
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'script', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'venue://profiles' } },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n'
  );
}

describe('a sandbox profile means one thing everywhere', () => {
  it('config profiles and the MCP profiles resource mark the fleet venues sandbox, and the real one not', async () => {
    const listed = await sb.run(['config', 'profiles', '-o', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    const sandbox = Object.fromEntries(
      (JSON.parse(listed.stdout) as Array<{ name: string; sandbox: boolean }>).map((r) => [r.name, r.sandbox]),
    );
    expect(sandbox).toEqual({ sandbox: true, 'fleet-1': true, 'fleet-2': true, real: false });

    const mcp = await sb.run(['mcp', '--profiles', 'fleet-1,real,sandbox'], { input: mcpSession(), timeoutMs: 30_000 });
    expect(mcp.code, mcp.stderr).toBe(0);
    const answer = mcp.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id?: number; result?: { contents: Array<{ text: string }> } })
      .find((m) => m.id === 1)!;
    const resource = JSON.parse(answer.result!.contents[0]!.text) as Array<{ name: string; sandbox: boolean }>;
    expect(Object.fromEntries(resource.map((r) => [r.name, r.sandbox]))).toEqual({
      sandbox: true,
      'fleet-1': true,
      real: false,
    });
  });

  it('a fleet venue prints the [sandbox] mark and --each-profile all leaves it out; the real one is a venue', async () => {
    const venue = await sb.run(['--profile', 'fleet-1', 'inventory', 'categories']);
    expect(venue.code, venue.stderr).toBe(0);
    expect(venue.stderr).toContain('[sandbox] inventory: local emulator');

    const all = await sb.run(['--each-profile', 'all', '-o', 'ndjson', 'config', 'get', 'inventory.url']);
    expect(all.stderr).toContain('left out fleet-1, fleet-2 (served by the local sandbox)');
    expect(all.stderr).not.toMatch(/left out[^\n]*real/);
    expect(all.stdout).toContain('https://inventory.real.example');
    expect(all.stdout).not.toContain('/fleet/');
  });
});
