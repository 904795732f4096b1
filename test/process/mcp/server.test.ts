// `venue mcp` as an assistant's client meets it: the built binary, spoken to
// over stdio, line by line. The answers a session gets (the revision agreed
// on, the lists, JSON-RPC's errors for what is not a request), calls sent
// right after initialize answered in order, what it checks before it serves
// (a group or profile that does not exist: exit 2 with the closest name, no
// answer), and what start-up loads: listing the tools loads no command module
// and no commander, a call loads its own command alone. No service is called:
// the calls are answered by venue itself.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, repoRoot, tempDir, venueBin } from '../../support/venue.js';

const dir = tempDir('venue-mcp-server-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const env = (extra: Record<string, string> = {}) =>
  baseEnv({
    VENUE_CONFIG_DIR: path.join(dir, 'config'),
    VENUE_SANDBOX_AUTOSTART: '0',
    VENUE_SANDBOX_PORT: '1',
    ...extra,
  });
const trace = path.join(repoRoot, 'test/support/module-trace/trace-modules.mjs');

type Message = Record<string, any>;
const initialize = (protocolVersion = '2025-06-18', id: number | string = 0): Message => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'server-test', version: '1' } },
});
const initialized: Message = { jsonrpc: '2.0', method: 'notifications/initialized' };
const request = (id: number, method: string, params?: unknown): Message => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
const lines = (messages: Array<Message | string>) =>
  messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('\n') + '\n';

interface Session {
  code: number | null;
  stdout: string;
  stderr: string;
  answers: Message[];
  byId(id: unknown): Message | undefined;
}

/** Runs `venue <args>` with the messages written at once, stdin closed after them; the session is what it printed until it ended. */
function session(
  args: string[],
  messages: Array<Message | string>,
  options: { env?: Record<string, string>; node?: string[] } = {},
): Promise<Session> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.node ?? []), venueBin, ...args], {
      env: env(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`venue ${args.join(' ')} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 30_000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => {
      clearTimeout(timer);
      const answers = stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Message);
      resolve({ code, stdout, stderr, answers, byId: (id) => answers.find((a) => a.id === id) });
    });
    child.stdin.end(lines(messages));
  });
}

describe('a session with venue mcp', { timeout: 90_000 }, () => {
  it('initialize, the lists and a resource, each answered once', async () => {
    const run = await session(
      ['mcp'],
      [
        initialize(),
        initialized,
        request(1, 'ping'),
        request(2, 'tools/list', {}),
        request(3, 'resources/list'),
        request(4, 'resources/read', { uri: 'venue://exit-codes' }),
      ],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.answers.map((a) => a.id).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(run.byId(0)!.result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {}, resources: {} },
      serverInfo: { name: 'venue', version: expect.any(String) },
      instructions: expect.stringMatching(/confirmationId/),
    });
    expect(run.byId(1)!.result).toEqual({});
    const tools = run.byId(2)!.result.tools as Array<{ name: string; annotations: { readOnlyHint: boolean } }>;
    expect(tools.map((t) => t.name)).toContain('inventory_stock_levels');
    expect(tools.every((t) => t.annotations.readOnlyHint)).toBe(true);
    expect(run.byId(3)!.result.resources.map((r: { uri: string }) => r.uri)).toEqual([
      'venue://exit-codes',
      'venue://profiles',
      'venue://rules',
    ]);
    expect(run.byId(4)!.result.contents[0].text).toMatch(/7 +outcome unknown/);
    expect(run.stderr).toMatch(
      /^venue mcp: serving \d+ tools for sandbox \(wallet, booking, inventory, webhooks; writes not served\)$/m,
    );
  });

  it('--groups and --allow-writes filter the list; a revision venue does not speak gets its newest', async () => {
    const run = await session(
      ['mcp', '--groups', 'inventory,wallet', '--allow-writes'],
      [initialize('1999-01-01'), initialized, request(1, 'tools/list')],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.byId(0)!.result.protocolVersion).toBe('2025-11-25');
    const names = (run.byId(1)!.result.tools as Array<{ name: string }>).map((t) => t.name);
    expect(names).toContain('inventory_stock_receive');
    expect(names.every((n) => /^(inventory|wallet)_/.test(n))).toBe(true);
  });

  it("what is not a request gets JSON-RPC's error, and the session goes on", async () => {
    const run = await session(
      ['mcp'],
      [
        initialize(),
        '{"jsonrpc":"2.0","id":1,"method":"tools/list"',
        request(2, 'nothing/here'),
        request(3, 'tools/list', { cursor: 5 }),
        request(4, 'tools/call', { name: 'no_such_tool', arguments: {} }),
        request(5, 'resources/read', { uri: 'venue://nothing' }),
        request(6, 'ping'),
      ],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.answers.filter((a) => a.id === null).map((a) => a.error.code)).toEqual([-32700]);
    expect(run.byId(2)!.error.code).toBe(-32601);
    expect(run.byId(3)!.error.code).toBe(-32602);
    expect(run.byId(4)!.error).toMatchObject({ code: -32602, message: 'Unknown tool: no_such_tool' });
    expect(run.byId(5)!.error.code).toBe(-32002);
    expect(run.byId(6)!.result).toEqual({});
  });

  it('calls sent with initialize, before any list, are answered in order', async () => {
    const run = await session(
      ['mcp'],
      [
        initialize(),
        initialized,
        request(1, 'resources/read', { uri: 'venue://exit-codes' }),
        request(2, 'tools/call', { name: 'wallet_reload', arguments: {} }),
      ],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.answers.map((a) => a.id)).toEqual([0, 1, 2]);
    const refused = run.byId(2)!.result as { isError: boolean; content: Array<{ text: string }> };
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0]!.text).error.message).toMatch(/without --allow-writes/);
  });
});

describe('what it checks before it serves', { timeout: 60_000 }, () => {
  it('a group or a profile that does not exist is exit 2 with the closest name, and nothing is answered', async () => {
    const groups = await session(['mcp', '--groups', 'walet'], [initialize(), request(1, 'tools/list')]);
    expect(groups.code).toBe(2);
    expect(groups.stderr).toMatch(/--groups: no group "walet"/);
    expect(groups.stderr).toMatch(/Did you mean wallet\?/);
    expect(groups.stdout).toBe('');
    const profiles = await session(['mcp', '--profiles', 'sandbx'], [initialize(), request(1, 'tools/list')]);
    expect(profiles.code).toBe(2);
    expect(profiles.stderr).toMatch(/--profiles: no profile "sandbx"/);
    expect(profiles.stderr).toMatch(/Did you mean sandbox\?/);
    expect(profiles.stdout).toBe('');
    const current = await session(['mcp'], [initialize()], { env: { VENUE_PROFILE: 'nowhere' } });
    expect(current.code).toBe(2);
    expect(current.stderr).toMatch(/no profile named "nowhere"/);
  });
});

/** The bundle's files a module trace names, and the source modules they hold (esbuild marks each with its path). */
function loaded(traceFile: string): { bundle: string[]; sources: string[] } {
  const urls = fs.readFileSync(traceFile, 'utf8').split('\n').filter(Boolean);
  const bundle = [...new Set(urls.filter((u) => u.includes('/dist/bundle/')).map((u) => new URL(u).pathname))];
  const sources = bundle.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1]!),
  );
  return { bundle, sources };
}

describe('what start-up loads', { timeout: 60_000 }, () => {
  it('listing the tools loads no command module but mcp, and no commander; a call loads its own command alone', async () => {
    const listing = path.join(dir, 'listing.trace');
    const listed = await session(['mcp'], [initialize(), initialized, request(1, 'tools/list')], {
      node: ['--import', trace],
      env: { VENUE_TEST_MODULE_TRACE: listing },
    });
    expect(listed.code, listed.stderr).toBe(0);
    const quiet = loaded(listing).sources;
    // The front (the reader, the tree's root, the global options) and venue mcp's own declaration; no other command module.
    const front = /^src\/commands\/(define|globals|tree|index|argv-words|mcp\/index)\.ts$/;
    expect(quiet.filter((s) => s.startsWith('src/commands/') && !front.test(s))).toEqual([]);
    expect(quiet.filter((s) => s.startsWith('src/lib/mcp/tool-calls'))).toEqual([]);
    expect(quiet.filter((s) => s.includes('node_modules/commander/'))).toEqual([]);

    const calling = path.join(dir, 'calling.trace');
    const called = await session(
      ['mcp'],
      [initialize(), initialized, request(1, 'tools/call', { name: 'inventory_health', arguments: {} })],
      { node: ['--import', trace], env: { VENUE_TEST_MODULE_TRACE: calling } },
    );
    expect(called.code, called.stderr).toBe(0);
    const sources = loaded(calling).sources;
    expect(sources).toContain('src/commands/inventory/health.ts');
    expect(sources).not.toContain('src/commands/inventory/stock/levels.ts');
    expect(sources).not.toContain('src/commands/wallet/index.ts');
  });
});
