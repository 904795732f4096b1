// Secrets never leave `venue mcp`: a session with writes allowed, over two
// profiles (the sandbox's, and one with unique secrets of its own whose calls
// the sandbox refuses), calls every tool (writes as far as their plan), reads
// every resource; no secret configured, no token venue holds (guest sessions,
// cached service tokens) and no guest password appears in any answer, in the
// server's stderr or in its --log-file.

import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { baseEnv, startSandbox, tempDir, venueBin, type SandboxProcessHandle } from '../../support/venue.js';
import { DEMO_PASSWORD, login } from '../../support/wallet.js';
import { demoCredentials } from 'venue-sandbox';

let sb: SandboxProcessHandle;
let dir: string;
const unique = (name: string) => `${name}-${randomBytes(9).toString('hex')}`;
const leaky = {
  'wallet.clientSecret': unique('leaky-wallet'),
  'booking.clientSecret': unique('leaky-booking'),
  'inventory.apiKey': unique('leaky-key'),
  'inventory.apiSecret': unique('leaky-secret'),
};

beforeAll(async () => {
  sb = await startSandbox();
  dir = tempDir('venue-mcp-secrets-');
  await login(sb, 'ava@example.com');
  const init = await sb.run([
    'config',
    'init',
    'leaky',
    '--wallet-url',
    `${sb.origin}/wallet`,
    '--booking-url',
    `${sb.origin}/booking`,
    '--inventory-url',
    `${sb.origin}/inventory`,
  ]);
  expect(init.code, init.stderr).toBe(0);
  for (const [key, value] of Object.entries(leaky)) {
    const set = await sb.run(['--profile', 'leaky', 'config', 'set-secret', key, '--secret-stdin'], { input: value });
    expect(set.code, set.stderr).toBe(0);
  }
}, 60_000);
afterAll(async () => {
  await sb?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Every value of a secret-like key in venue's own files (sessions, token cache, secrets store), long enough to be one. */
function heldSecrets(root: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, key = '') => {
    if (typeof value === 'string' && /token|secret|key|password|refresh/i.test(key) && value.length >= 16)
      found.add(value);
    else if (Array.isArray(value)) value.forEach((v) => visit(v, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) {
        try {
          visit(JSON.parse(fs.readFileSync(full, 'utf8')));
        } catch {}
      }
    }
  };
  walk(root);
  return [...found];
}

function argumentsFor(
  schema: {
    properties?: Record<string, { type?: string; enum?: string[]; items?: { type?: string } }>;
    required?: string[];
  },
  receipt: string,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties![name]!;
    if (property.enum) args[name] = property.enum[0];
    else if (property.type === 'integer') args[name] = 1;
    else if (property.type === 'array') args[name] = [property.items?.type === 'integer' ? 1 : '1'];
    else if (/email|as/i.test(name)) args[name] = 'ava@example.com';
    else if (/card/i.test(name)) args[name] = '6001000000000000001';
    else if (/file/i.test(name)) args[name] = receipt;
    else args[name] = '1';
  }
  return args;
}

describe('a whole session finds no secret', { timeout: 240_000 }, () => {
  it('in any tool result, resource, message or log', async () => {
    const logFile = path.join(dir, 'mcp.log');
    const receipt = path.join(dir, 'receipt.csv');
    fs.writeFileSync(receipt, 'productId,quantity\n1014,1\n');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [venueBin, '--log-file', logFile, 'mcp', '--profiles', 'sandbox,leaky', '--allow-writes'],
      env: baseEnv(sb.env) as Record<string, string>,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'secret-sweep', version: '1.0.0' });
    await client.connect(transport);
    const texts: string[] = [];
    const outcomes = new Map<string, boolean>();
    try {
      const { tools } = await client.listTools();
      texts.push(JSON.stringify(tools));
      expect(tools.length).toBeGreaterThan(30);
      for (const profile of ['sandbox', 'leaky']) {
        for (const tool of tools) {
          const result = (await client.callTool({
            name: tool.name,
            arguments: { ...argumentsFor(tool.inputSchema, receipt), profile },
          })) as { isError?: boolean; content: Array<{ text: string }> };
          texts.push(...result.content.map((c) => c.text));
          outcomes.set(`${profile} ${tool.name}`, !result.isError);
        }
      }
      const { resources } = await client.listResources();
      for (const resource of resources)
        texts.push(
          ...(await client.readResource({ uri: resource.uri })).contents.map((c) => ('text' in c ? c.text : '')),
        );
    } finally {
      await client.close();
    }
    // The session did reach the services: the sandbox's reads answered, the leaky profile's were refused (exit 3).
    expect([...outcomes].filter(([k, ok]) => k.startsWith('sandbox ') && ok).length).toBeGreaterThan(15);
    expect(texts.some((t) => /"exitCode": 3/.test(t))).toBe(true);

    const secrets = [
      ...Object.values(leaky),
      ...Object.values(demoCredentials),
      DEMO_PASSWORD,
      ...heldSecrets(sb.configDir),
    ];
    // The session held tokens (guest sessions, service tokens): the sweep looks for them too.
    expect(secrets.length).toBeGreaterThan(Object.keys(leaky).length * 2 + 2);
    const log = fs.readFileSync(logFile, 'utf8');
    expect(log).toMatch(/venue mcp: serving/);
    for (const secret of secrets) {
      for (const [where, text] of [
        ...texts.map((t, i) => [`answer ${i}`, t] as const),
        ['stderr', stderr] as const,
        ['log file', log] as const,
      ]) {
        expect(text.includes(secret), `${secret.slice(0, 6)}… found in ${where}`).toBe(false);
      }
    }
  });
});
