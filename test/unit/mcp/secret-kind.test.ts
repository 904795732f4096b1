// A secret is an option of kind secret, and no list of names decides it
// (issue 29): an option added to a real command with kind secret is absent
// from what tools/list lists, whatever it is called (--api-key-env), and an
// option whose name sounds like a secret but whose kind is not one is listed.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { declarationAt } from '../../../src/commands/argv-words.js';
import { isGroupModule, option, type CommandModule } from '../../../src/commands/define.js';
import { toolOf } from '../../../src/commands/mcp/tools.js';
import { commandGroups } from '../../../src/commands/tree.js';
import { serveMcp } from '../../../src/lib/mcp/server.js';
import { toolListing } from '../../../src/lib/mcp/wire.js';

/** What tools/list answers for these commands, through the server itself. */
async function toolsList(commands: Array<{ path: string[]; module: CommandModule<any> }>) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.setEncoding('utf8').on('data', (d: string) => (written += d));
  const served = serveMcp({
    version: '0',
    listings: commands.map(({ path, module }) => toolListing(toolOf(path, module)!)),
    resources: [],
    calls: async () => {
      throw new Error('no call in this test');
    },
    stdin,
    stdout,
  });
  const lines = [
    {
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    },
    { method: 'notifications/initialized' },
    { id: 1, method: 'tools/list' },
  ];
  stdin.end(lines.map((m) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join(''));
  await served;
  const answer = written
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id?: number; result?: { tools: Array<{ name: string; inputSchema: any }> } })
    .find((m) => m.id === 1)!;
  return answer.result!.tools;
}

describe('an option of kind secret is never an MCP input', () => {
  it('added to inventory stock levels and webhooks create, it is absent from tools/list; a look-alike name of another kind is listed', async () => {
    const extended = async (words: string[]) => {
      const module = await declarationAt(commandGroups, words);
      if (!module || isGroupModule(module)) throw new Error(`no command ${words.join(' ')}`);
      return {
        path: words,
        module: {
          ...module,
          options: [
            ...(module.options ?? []),
            option('--api-key-env <VAR>', "the vendor's key, from this environment variable", { kind: 'secret' }),
            option('--session-cookie-stdin', 'a session cookie from standard input', { kind: 'secret' }),
            option('--keyword <text>', 'a word to look for', { kind: 'text' }),
            option('--token-count <n>', 'tokens to show', { kind: 'unsigned' }),
          ],
        } as CommandModule<any>,
      };
    };
    const tools = await toolsList([
      await extended(['inventory', 'stock', 'levels']),
      await extended(['webhooks', 'create']),
    ]);
    expect(tools.map((t) => t.name)).toEqual(['inventory_stock_levels', 'webhooks_create']);
    for (const tool of tools) {
      const properties = Object.keys(tool.inputSchema.properties);
      expect(properties).not.toContain('apiKeyEnv');
      expect(properties).not.toContain('sessionCookieStdin');
      // Names do not decide: these are no secrets, and are offered.
      expect(properties).toEqual(expect.arrayContaining(['keyword', 'tokenCount']));
      expect(JSON.stringify(tool)).not.toMatch(/api-key|session-cookie/);
    }
    // webhooks create's own ways a secret enters are withheld by their kind too.
    const create = tools.find((t) => t.name === 'webhooks_create')!;
    for (const way of ['secretEnv', 'secretStdin', 'generateSecret'])
      expect(Object.keys(create.inputSchema.properties)).not.toContain(way);
  });
});
