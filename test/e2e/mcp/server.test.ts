// `venue mcp`'s front (src/mcp-front.ts, src/lib/mcp/front.ts), as an
// assistant's client meets it: the built binary, spoken to over stdio. The
// front answers what the SDK's server would have answered, byte for byte (the
// same session with VENUE_MCP_NO_FRONT=1 is the SDK's alone); a call right
// after initialize, and two calls sent before the SDK has loaded, are answered
// in order; tools/list needs nothing but the front's own files; a session that
// only lists never loads the SDK or zod, and `venue --help` loads no bundle.
// No service is called: the calls are answered by venue itself.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, repoRoot, tempDir, venueBin } from '../../support/venue.js';

const dir = tempDir('venue-mcp-front-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const env = (extra: Record<string, string> = {}) =>
  baseEnv({
    VENUE_CONFIG_DIR: path.join(dir, 'config'),
    VENUE_SANDBOX_AUTOSTART: '0',
    VENUE_SANDBOX_PORT: '1',
    ...extra,
  });
const trace = path.join(repoRoot, 'test/e2e/mcp/fixtures/trace-modules.mjs');

type Message = Record<string, unknown>;
const initialize = (protocolVersion = '2025-06-18', id: number | string = 0): Message => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'front-test', version: '1' } },
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
}

/**
 * Runs `venue <args>` with the messages written at once; stdin is closed when
 * `closeAfter` answers have come (all of them by default), and the session is
 * what it printed until it ended.
 */
function session(
  args: string[],
  messages: Array<Message | string>,
  options: { env?: Record<string, string>; node?: string[]; bin?: string; closeAfter?: number } = {},
): Promise<Session> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.node ?? []), options.bin ?? venueBin, ...args], {
      env: env(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const expected = options.closeAfter ?? messages.filter((m) => typeof m === 'string' || 'id' in m).length;
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`venue ${args.join(' ')} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 30_000);
    const answers = () =>
      stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Message);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (stdout.endsWith('\n') && answers().length >= expected) child.stdin.end();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, answers: answers() });
    });
    child.stdin.write(lines(messages));
    if (expected === 0) child.stdin.end();
  });
}

describe("the front answers as the SDK's server does", { timeout: 90_000 }, () => {
  const sessions: Array<{ args: string[]; messages: Array<Message | string>; answered?: number }> = [
    // Everything the front answers, then a call (the SDK's) and a list again (forwarded by then).
    {
      args: [],
      messages: [
        initialize(),
        initialized,
        request(1, 'ping'),
        request(2, 'tools/list', {}),
        request(3, 'resources/list'),
        request(4, 'resources/read', { uri: 'venue://exit-codes' }),
        request(5, 'tools/list'),
      ],
    },
    // --groups and --allow-writes filter the list; an old protocol version is kept, one the SDK does not know gets its latest.
    {
      args: ['--groups', 'inventory,wallet', '--allow-writes'],
      messages: [initialize('2024-11-05'), initialized, request(1, 'tools/list', { cursor: 'x' })],
    },
    {
      args: ['--groups=booking'],
      messages: [initialize('1999-01-01', 'init'), request(1, 'tools/list'), request(2, 'resources/list')],
    },
    // What the front does not answer goes to the SDK as it came: a malformed line, an unknown method, a request before initialize, invalid params.
    {
      args: [],
      messages: [
        initialize(),
        '{"jsonrpc":"2.0","id":1,"method":"tools/list"',
        request(2, 'nothing/here'),
        request(3, 'tools/list'),
      ],
      answered: 3,
    },
    { args: [], messages: [request(1, 'tools/list'), initialize(), request(2, 'tools/list')] },
    { args: [], messages: [{ ...initialize(), params: { protocolVersion: 7 } }, request(1, 'ping')] },
    {
      args: [],
      messages: [initialize(), request(1, 'tools/list', { cursor: 5 }), request(2, 'ping', [])],
      answered: 2,
    },
  ];
  for (const { args, messages, answered } of sessions) {
    it(`venue mcp ${args.join(' ')}: ${messages.map((m) => (typeof m === 'string' ? 'malformed' : (m.method as string))).join(', ')}`, async () => {
      const [front, sdk] = await Promise.all([
        session(['mcp', ...args], messages, { closeAfter: answered }),
        session(['mcp', ...args], messages, { closeAfter: answered, env: { VENUE_MCP_NO_FRONT: '1' } }),
      ]);
      expect(sdk.code, sdk.stderr).toBe(0);
      expect(front.code, front.stderr).toBe(0);
      // Each answer byte for byte; the SDK may answer an error before an earlier request's result (JSON-RPC lets answers come in any order).
      const sorted = (stdout: string) => stdout.split('\n').filter(Boolean).sort();
      expect(sorted(front.stdout)).toEqual(sorted(sdk.stdout));
      expect(front.answers.length).toBe(answered ?? messages.filter((m) => typeof m === 'string' || 'id' in m).length);
    });
  }
});

describe('calls before the SDK has loaded', { timeout: 60_000 }, () => {
  it('a call right after initialize (no tools/list), and a second sent with it, are both answered, in order', async () => {
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
    expect((run.answers[0]!.result as { serverInfo: unknown }).serverInfo).toEqual({
      name: 'venue',
      version: expect.any(String),
    });
    expect(JSON.stringify(run.answers[1]!.result)).toMatch(/exit codes/i);
    const refused = run.answers[2]!.result as { isError: boolean; content: Array<{ text: string }> };
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0]!.text).error.message).toMatch(/without --allow-writes/);
    // The replayed initialize was answered by the SDK's server and dropped: the client saw one answer to its own.
    expect(run.stdout).not.toMatch(/venue-front/);
    expect(run.stderr).toMatch(/venue mcp: serving \d+ tools for sandbox/);
  });

  it('a profile that does not exist still ends the server with exit 2 after the first answers, no tool run', async () => {
    const run = await session(['mcp', '--profiles', 'nowhere'], [initialize(), initialized, request(1, 'tools/list')], {
      closeAfter: 99,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--profiles: no profile nowhere/);
    expect(run.answers.map((a) => a.id)).toEqual([0, 1]);
  });
});

/** The files of the bundle a module trace names, and whether any holds the SDK's or zod's code (esbuild marks each module's source). */
function loaded(traceFile: string): { bundle: string[]; sdk: string[] } {
  const urls = fs.readFileSync(traceFile, 'utf8').split('\n').filter(Boolean);
  const bundle = [...new Set(urls.filter((u) => u.includes('/dist/bundle/')).map((u) => new URL(u).pathname))];
  const sdk = [
    ...urls.filter((u) => /node_modules\/(@modelcontextprotocol|zod)\//.test(u)),
    ...bundle.filter((file) =>
      /^\/\/ node_modules\/(@modelcontextprotocol\/sdk|zod)\//m.test(fs.readFileSync(file, 'utf8')),
    ),
  ];
  return { bundle, sdk };
}

describe('what start-up loads', { timeout: 60_000 }, () => {
  it('tools/list needs nothing but the launcher, the front, its chunks and dist/mcp.json', async () => {
    // A copy of the package without main, the command tree or the SDK: the front answers alone.
    const copy = path.join(dir, 'front-only');
    fs.mkdirSync(path.join(copy, 'bin'), { recursive: true });
    fs.mkdirSync(path.join(copy, 'dist/bundle'), { recursive: true });
    fs.copyFileSync(venueBin, path.join(copy, 'bin/venue.js'));
    fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(copy, 'package.json'));
    fs.copyFileSync(path.join(repoRoot, 'dist/mcp.json'), path.join(copy, 'dist/mcp.json'));
    const pending = ['mcp-front.js'];
    for (let file; (file = pending.pop());) {
      const text = fs.readFileSync(path.join(repoRoot, 'dist/bundle', file), 'utf8');
      fs.writeFileSync(path.join(copy, 'dist/bundle', file), text);
      // Static imports only: main.js is imported dynamically, and only behind the first answers.
      for (const match of text.matchAll(/^import\s[^;]*?["']\.\/([^"']+)["']/gm)) pending.push(match[1]!);
    }
    expect(fs.readdirSync(path.join(copy, 'dist/bundle'))).not.toContain('main.js');
    const run = await session(
      ['mcp', '--groups', 'wallet'],
      [initialize(), initialized, request(1, 'tools/list'), request(2, 'ping'), request(3, 'resources/list')],
      {
        bin: path.join(copy, 'bin/venue.js'),
      },
    );
    expect(run.answers.map((a) => a.id)).toEqual([0, 1, 2, 3]);
    const tools = (run.answers[1]!.result as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(tools).toContain('wallet_diagnose');
    expect(tools.every((name) => name.startsWith('wallet_'))).toBe(true);
  });

  it('a session that lists only never loads the SDK or zod (its profile check included); one that calls does', async () => {
    const listing = path.join(dir, 'listing.trace');
    const listed = await session(
      ['mcp'],
      [initialize(), initialized, request(1, 'tools/list'), request(2, 'resources/list')],
      {
        node: ['--import', trace],
        env: { VENUE_TEST_MODULE_TRACE: listing },
      },
    );
    expect(listed.code, listed.stderr).toBe(0);
    // main did run behind the front (the profile check), so the trace saw the bundle.
    expect(listed.stderr).toMatch(/venue mcp: serving/);
    const quiet = loaded(listing);
    expect(quiet.bundle.some((f) => f.endsWith('/main.js'))).toBe(true);
    expect(quiet.sdk).toEqual([]);

    const calling = path.join(dir, 'calling.trace');
    const called = await session(
      ['mcp'],
      [
        initialize(),
        initialized,
        request(1, 'tools/list'),
        request(2, 'resources/read', { uri: 'venue://exit-codes' }),
      ],
      {
        node: ['--import', trace],
        env: { VENUE_TEST_MODULE_TRACE: calling },
      },
    );
    expect(called.code, called.stderr).toBe(0);
    expect(loaded(calling).sdk.length).toBeGreaterThan(0);
  });

  it('venue --help loads nothing of the bundle', async () => {
    const helpTrace = path.join(dir, 'help.trace');
    const help = await session(['--help'], [], {
      node: ['--import', trace],
      env: { VENUE_TEST_MODULE_TRACE: helpTrace },
    });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: venue/);
    expect(loaded(helpTrace).bundle).toEqual([]);
    expect(fs.readFileSync(helpTrace, 'utf8')).toMatch(/bin\/venue\.js/);
  });
});
