// Every hint runnable as printed (issue 31, item 2). Runs that provoke hints
// (unknown outcomes, a rerun refused until a person settles it, missing
// credentials, diagnose findings, a booking's next steps, failures across
// venues, an MCP tool's result) are made against the sandbox at profiles that
// are not the default one, chosen as cron chooses them (VENUE_PROFILE), with
// --profile, or by --each-profile. Every venue command they print (in
// backticks, or a settle command on a line of its own) is collected, and:
//   - it names the profile it was printed for (--profile <name>): pasted into
//     another shell, where the default profile is another one, it must reach
//     the same venue;
//   - it runs, in such a shell (bash, no VENUE_PROFILE), with its placeholders
//     filled, and is not a usage error (exit 2). A command that asks on a
//     terminal runs with --help (its words and flags are still read); a write
//     that asks for confirmation runs with --yes, as a script would run it.
// Each command runs against the config as the provoking runs left it.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { closeShellRun, installVenueShim, type VenueShim } from '../../support/venue-shim.js';

let sb: SandboxHandle;
let shim: VenueShim;
let workDir: string;
let shellEnv: NodeJS.ProcessEnv;

/** A command a run printed, and the profile it was printed for. */
interface Hint {
  command: string;
  profile: string;
  from: string;
}
const hints: Hint[] = [];

/** Venue commands in text: in backticks, or running to the end of a line (a settle command, "check:  venue …"). */
const COMMAND =
  /(?:VENUE_CONFIG_DIR=\S+ )?\bvenue(?: --profile \S+)? (?:config|auth|wallet|booking|inventory|webhooks|api|doctor)\b[^`\n]*/g;

/**
 * Collects the commands of a run's output; a line of a run across venues
 * ("fleet-2: …", and "  fleet-2: venue …" in the list before a write) is that venue's.
 */
function collect(from: string, text: string, profile: string): number {
  let found = 0;
  for (const raw of text.split('\n')) {
    const venue = /^\s*(fleet-\d+): /.exec(raw);
    const line = venue ? raw.slice(venue[0].length) : raw;
    for (const match of line.matchAll(COMMAND)) {
      hints.push({ command: match[0].trim().replace(/[.;,]$/, ''), profile: venue?.[1] ?? profile, from });
      found++;
    }
  }
  return found;
}

/** Runs venue and collects the hints it printed for `profile`; its exit code must be `code`. */
async function provoke(
  from: string,
  args: string[],
  options: { profile: string; code: number; env?: Record<string, string>; input?: string },
): Promise<string> {
  const run = await sb.run(args, { env: options.env, input: options.input });
  expect(run.code, `${from}: ${run.stderr}`).toBe(options.code);
  expect(
    collect(from, `${run.stdout}\n${run.stderr}`, options.profile),
    `${from}: no hint in\n${run.stderr}`,
  ).toBeGreaterThan(0);
  return run.stdout;
}

/** What each placeholder is filled with before a hint runs. */
const FILL: Record<string, string> = {
  'guest email': 'ben@example.com',
  'card number': '6001000000000000001',
  ref: 'PSP-HINT-1',
  code: '123456',
  VAR: 'GUEST_PASSWORD',
  value: '7',
  id: '1',
  url: 'http://127.0.0.1:9/elsewhere',
  name: 'inventory.apiKey',
  key: '00000000',
  orderId: 'ord-000001',
  experienceId: 'exp-laser-tag',
  date: 'tomorrow',
  locationId: 'loc-riverside',
  warehouse: '1',
  product: '1001',
  dir: 'events',
  events: 'stock.adjusted',
  tags: 'north',
  path: 'Products',
  'file|url': '', // filled in beforeAll: the sandbox's own inventory document
};

/** Commands that ask on a terminal (a secret, a verdict, the guest's details): run with --help, which reads the same words. */
const ASKS = [
  / inventory (receipts|stock) resolve \S+$/,
  / config set-secret /,
  / wallet (login|confirm-reset|signup) (?!.*--password-(env|stdin))/,
];

/** Commands that name no profile: they do not act on one. */
const PROFILE_FREE = / --help$| config (init|profiles|path|use)\b/;

function fill(command: string): string {
  return command.replace(/<([^<>]+)>/g, (whole, name: string) => {
    const value = FILL[name];
    if (value === undefined) throw new Error(`no fill for the placeholder ${whole} in: ${command}`);
    return value;
  });
}

/** bash -c command in a shell of its own (no VENUE_PROFILE): its exit code and output. */
function shell(command: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { env: shellEnv, cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  sb = await startSandbox();
  workDir = tempDir('venue-hints-');
  const bin = path.join(workDir, '.bin');
  fs.mkdirSync(bin);
  shim = await installVenueShim(bin);
  shellEnv = {
    ...baseEnv({ ...sb.env, VENUE_SANDBOX_AUTOSTART: undefined }),
    PATH: `${bin}:${process.env.PATH}`,
    HOME: workDir,
    GUEST_PASSWORD: 'Sandbox123',
    VENUE_RETRIES: '0',
  };
  const ok = async (args: string[]) => {
    const run = await sb.run(args);
    expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
    return run.stdout;
  };
  await ok(['sandbox', 'fleet', '--venues', '2']);
  // The default profile is another one: a hint that lost its --profile reaches it, not the venue it was about.
  await ok(['config', 'init', 'elsewhere', '--inventory-url', 'http://127.0.0.1:9/inventory']);
  await ok(['config', 'use', 'elsewhere']);
  // A venue whose credentials were never stored.
  await ok(['config', 'init', 'nokey', '--inventory-url', `${sb.origin}/inventory`, '--user', '1', '--warehouse', '1']);
  fs.writeFileSync(path.join(workDir, 'delivery.csv'), 'productId,quantity\n1001,5\n1002,3\n');
  fs.mkdirSync(path.join(workDir, 'receipts'));
  for (const venue of ['fleet-1', 'fleet-2'])
    fs.writeFileSync(path.join(workDir, 'receipts', `${venue}.csv`), 'productId,quantity\n1001,2\n');
  fs.mkdirSync(path.join(workDir, 'nightly'));
  fs.writeFileSync(path.join(workDir, 'nightly', 'PO-N1_INV-N1.csv'), 'productId,quantity\n1003,4\n');
  // The sandbox's own inventory document, for a hint that imports one.
  FILL['file|url'] = `${sb.origin}/inventory/openapi.json`;
}, 60_000);

afterAll(async () => {
  await closeShellRun({ sandbox: sb, shim, dirs: [workDir] });
}, 30_000);

const cron = { VENUE_PROFILE: 'sandbox' };

/** The next request matching `pattern` is processed, and its answer dropped. */
async function drop(pattern: string): Promise<void> {
  const set = await sb.run(['sandbox', 'faults', '--drop-after-processing', pattern, '--count', '1']);
  expect(set.code, set.stderr).toBe(0);
}

describe('hints', () => {
  it('are printed, each naming the profile it was printed for', async () => {
    const file = (name: string) => path.join(workDir, name);
    // An unknown receipt (its answer lost), then its rerun refused until a person settles it.
    await drop('POST /inventory/stock-receipts');
    const receive = [
      'inventory',
      'stock',
      'receive',
      '--file',
      file('delivery.csv'),
      '--supplier',
      '3',
      '--po',
      'PO-H1',
    ];
    await provoke('receipt, answer lost', receive, { profile: 'sandbox', code: 7, env: cron });
    await provoke('receipt, rerun refused', receive, { profile: 'sandbox', code: 7, env: cron });
    // An unknown adjustment, with --profile.
    await drop('POST /inventory/stock-adjustments');
    await provoke(
      'adjustment, answer lost',
      [
        '--profile',
        'sandbox',
        'inventory',
        'stock',
        'adjust',
        '--yes',
        '--product',
        '1002',
        '--quantity',
        '-1',
        '--comment',
        'hint',
      ],
      { profile: 'sandbox', code: 7 },
    );
    // The nightly receipt run: an unknown receipt's settle command.
    await drop('POST /inventory/stock-receipts');
    await provoke(
      'nightly run, answer lost',
      ['inventory', 'receipts', 'run', '--dir', file('nightly'), '--name', '{po}_{invoice}.csv', '--supplier', '3'],
      { profile: 'sandbox', code: 7, env: cron },
    );
    // Missing credentials.
    await provoke('missing credentials', ['--profile', 'nokey', 'inventory', 'categories'], {
      profile: 'nokey',
      code: 3,
    });
    // Diagnose findings: redacted (placeholders, never a masked value), and a refused password.
    await provoke('diagnose --redact', ['wallet', 'diagnose', 'ben@example.com', '--redact'], {
      profile: 'sandbox',
      code: 0,
      env: cron,
    });
    await provoke('diagnose, password refused', ['wallet', 'diagnose', 'ben@example.com', '--password-env', 'WRONG'], {
      profile: 'sandbox',
      code: 0,
      env: { ...cron, WRONG: 'NotHisPassword9' },
    });
    // A booking's next steps: release a hold, record an order's payment.
    const slot = (
      await sb.run(
        [
          'booking',
          'sessions',
          'exp-laser-tag',
          '--date',
          'tomorrow',
          '--limit',
          '1',
          '--fields',
          'slotId',
          '-o',
          'csv',
        ],
        {
          env: cron,
        },
      )
    ).stdout
      .trim()
      .split('\n')
      .at(-1)!;
    const held = await provoke(
      'booking reserve',
      ['booking', 'reserve', '--yes', 'exp-laser-tag', '--session', slot, '--quantity', '1', '-o', 'json'],
      { profile: 'sandbox', code: 0, env: cron },
    );
    const reservation = (JSON.parse(held) as { record: { reservationId: string } }).record.reservationId;
    await provoke(
      'booking order create',
      [
        'booking',
        'order',
        'create',
        '--yes',
        '--reservation',
        reservation,
        '--first-name',
        'Ada',
        '--last-name',
        'Lovelace',
        '--email',
        'ada@example.com',
      ],
      { profile: 'sandbox', code: 0, env: cron },
    );
    // Across venues: one venue's answer lost, each venue's hints its own.
    await drop('POST /fleet/fleet-2/inventory/stock-receipts');
    await provoke(
      'across venues, answer lost',
      [
        '--each-profile',
        'fleet-1,fleet-2',
        'inventory',
        'stock',
        'receive',
        '--file',
        file('receipts/{profile}.csv'),
        '--supplier',
        '3',
        '--po',
        'PO-F1',
        '--yes',
      ],
      { profile: 'none', code: 7 },
    );
    // Across venues: one venue unreachable.
    const url = (await sb.run(['--profile', 'fleet-1', 'config', 'get', 'inventory.url'])).stdout.trim();
    expect(
      (await sb.run(['--profile', 'fleet-1', 'config', 'set', 'inventory.url', 'http://127.0.0.1:9/inventory'])).code,
    ).toBe(0);
    try {
      await provoke('across venues, one down', ['--each-profile', 'fleet-1,fleet-2', 'inventory', 'categories'], {
        profile: 'none',
        code: 6,
        env: { VENUE_RETRIES: '0' },
      });
    } finally {
      await sb.run(['--profile', 'fleet-1', 'config', 'set', 'inventory.url', url]);
    }
    // An MCP tool's result: what the assistant reads names no flag its tools withhold.
    const mcp = await sb.run(['mcp', '--groups', 'wallet', '--profiles', 'sandbox'], {
      input: mcpSession([{ name: 'wallet_diagnose', arguments: { email: 'ben@example.com' } }]),
      timeoutMs: 40_000,
    });
    expect(mcp.code, mcp.stderr).toBe(0);
    const diagnosis = (mcpResult(mcp.stdout, 1) as { record: { findings: Array<{ code: string; nextStep: string }> } })
      .record;
    const skipped = diagnosis.findings.find((f) => f.code === 'online_checks_skipped')!;
    expect(skipped.nextStep).not.toMatch(/--password|stdin/);
    expect(skipped.nextStep).toContain('`venue --profile sandbox wallet login <guest email>`');
    expect(collect('MCP wallet_diagnose', skipped.nextStep, 'sandbox')).toBeGreaterThan(0);

    expect(hints.length).toBeGreaterThan(20);
    // Never a masked value in a command.
    for (const hint of hints) expect(hint.command, hint.from).not.toMatch(/\*\*\*/);
    const unnamed = hints.filter((h) => !PROFILE_FREE.test(h.command) && !h.command.includes(`--profile ${h.profile}`));
    expect(unnamed.map((h) => `${h.from}: ${h.command}`)).toEqual([]);
  }, 240_000);

  it('each runs as printed in another shell, and none is a usage error', async () => {
    expect(hints.length).toBeGreaterThan(20);
    const state = path.join(workDir, 'state-as-left');
    fs.cpSync(sb.configDir, state, { recursive: true, filter: (source) => !source.includes(`${path.sep}sandbox`) });
    const failures: string[] = [];
    const ran = new Set<string>();
    for (const hint of hints) {
      const asks = ASKS.some((pattern) => pattern.test(hint.command));
      const command = fill(hint.command) + (asks ? ' --help' : '');
      if (ran.has(command)) continue;
      ran.add(command);
      // The config as the provoking runs left it: one hint's change (a verdict recorded) is not the next one's.
      for (const entry of fs.readdirSync(sb.configDir))
        if (entry !== 'sandbox') fs.rmSync(path.join(sb.configDir, entry), { recursive: true, force: true });
      fs.cpSync(state, sb.configDir, { recursive: true });
      let { code, output } = await shell(command);
      // A write asks before it sends; a person runs the hint at a terminal and answers, a script adds --yes
      // (the one confirmation rule, `venue help exit-codes`). Either way the words must be right.
      if (code === 2 && output.includes('there is no terminal to ask on: pass --yes'))
        ({ code, output } = await shell(`${command} --yes`));
      if (code === 2 || code === null) failures.push(`${hint.from}: ${command}: exit ${code}\n${output}`);
    }
    expect(failures).toEqual([]);
    expect(ran.size).toBeGreaterThan(15);
  }, 300_000);
});

function mcpSession(calls: Array<{ name: string; arguments: Record<string, unknown> }>): string {
  const lines = [
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hints', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    ...calls.map((params, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params })),
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

function mcpResult(stdout: string, id: number): unknown {
  for (const line of stdout.split('\n').filter(Boolean)) {
    const message = JSON.parse(line) as { id?: number; result?: { content: Array<{ text: string }> } };
    if (message.id === id) return JSON.parse(message.result!.content[0]!.text);
  }
  throw new Error(`no answer ${id} in ${stdout}`);
}
