// Every shell example in the README runs (issue 21, point 8): each ```sh and
// ```bash block, in order, through bash with `venue` meaning this checkout's
// CLI (test/support/venue-shim.ts; `npx venue` too), against one sandbox,
// with no terminal on stdin. Each block runs in a fresh config directory, or,
// when it works on the venues of a chain (it does not create profiles
// itself), in a copy of a chain's: profiles chain (wallet and booking) and
// store1–store3 (tagged north, extending chain, their inventory servers the
// sandbox's fleet venues reached as another host, so real venues to venue).
// Variables a block exports are there for the blocks after it, as in one
// terminal session.
//
// Marks, as in help examples (src/commands/define.ts), at the end of a line
// (that line) or on a block's first line alone (the whole block):
//   # needs a terminal             a prompt: not run here
//   # needs real services          a vendor's server or a host of the reader's: not run
//   # needs the source checkout    building, testing or packing venue itself: not run
//   # exits N                      runs, and by design exits N
//   # runs until stopped           a server: started in the background, must still run at the end
// A block starting with #! is a script: written to a file and run whole, with
// RECEIPTS_DIR, LOG_DIR and VENUE_ENV_FILE pointing into the test's folder.
// The two cron recipes run twice: the rerun is harmless and says so.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { baseEnv, repoRoot, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { closeShellRun, installVenueShim, takeExamplePorts, type VenueShim } from '../../support/venue-shim.js';
import { venueBin } from '../../support/venue.js';

interface Block {
  /** 1-based line of the opening fence. */
  line: number;
  text: string;
  /** The words just before the block (what it is: a script's path). */
  before: string;
}

/** The ```sh and ```bash blocks of a markdown text (indented ones in lists too). */
function shellBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(sh|bash)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++)
      body.push(lines[j]!.slice(Math.min(indent, lines[j]!.length - lines[j]!.trimStart().length)));
    const before = lines.slice(Math.max(0, i - 4), i).join('\n');
    blocks.push({ line: i + 1, text: body.join('\n'), before });
    i = j;
  }
  return blocks;
}

type Mark = { kind: 'skip'; why: string } | { kind: 'exits'; code: number } | { kind: 'background' };

function markOf(line: string): Mark | undefined {
  const skip = /#\s*(needs a terminal|needs real services|needs the source checkout)\b[^#]*$/.exec(line);
  if (skip) return { kind: 'skip', why: skip[1]! };
  const exits = /#\s*exits (\d+)\b[^#]*$/.exec(line);
  if (exits) return { kind: 'exits', code: Number(exits[1]) };
  if (/#\s*runs until stopped\b[^#]*$/.test(line)) return { kind: 'background' };
  return undefined;
}

/**
 * A block of commands as bash runs it, under set -e: a marked line is left
 * out (skip), checked for its exit code, or started in the background with its
 * pid kept. Lines continued with a backslash are one line.
 */
function commandScript(text: string, pidFile: string): { script: string; whole?: string } {
  const lines = text.split('\n');
  const first = lines.find((l) => l.trim() !== '');
  if (first !== undefined && first.trim().startsWith('#')) {
    const mark = markOf(first);
    if (mark?.kind === 'skip') return { script: '', whole: mark.why };
  }
  const logical: string[] = [];
  let pending = '';
  for (const line of lines) {
    pending += pending ? `\n${line}` : line;
    if (/\\$/.test(line)) continue;
    logical.push(pending);
    pending = '';
  }
  if (pending) logical.push(pending);
  const out = logical.map((line) => {
    const mark = markOf(line);
    if (!mark) return line;
    if (mark.kind === 'skip') return `: skipped, ${mark.why}`;
    if (mark.kind === 'exits')
      return `__code=0; ${line.replace(/#[^#]*$/, '')} || __code=$?\n[ "$__code" = ${mark.code} ] || { echo "README: exit $__code, not ${mark.code}, from: ${line.replace(/["`$\\]/g, '\\$&').split('\n')[0]}" >&2; exit 99; }`;
    return `( ${line.replace(/#[^#]*$/, '')} ) > "${pidFile}.out" 2>&1 &\necho $! >> "${pidFile}"`;
  });
  return { script: out.join('\n') };
}

interface Outcome {
  code: number | null;
  output: string;
}

function runBash(args: string[], env: NodeJS.ProcessEnv, cwd: string, timeoutMs = 60_000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn('bash', args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (d) => (output += d));
    child.stderr!.setEncoding('utf8').on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n(timed out after ${timeoutMs / 1000} s)`;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // gone
      }
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const blocks = shellBlocks(readme);

let sb: SandboxHandle;
let shim: VenueShim | undefined;
let workDir: string;
let chainConfig: string;
let realBin: string;
let receiver: http.Server | undefined;
let env: NodeJS.ProcessEnv;
const pidFile = () => path.join(workDir, '.background-pids');
const session = () => path.join(workDir, '.session');
const licence = {
  VENUE_INVENTORY_API_KEY: sandboxDemoSecrets['inventory.apiKey'],
  VENUE_INVENTORY_API_SECRET: sandboxDemoSecrets['inventory.apiSecret'],
};

/** A block works on a chain's venues unless it makes profiles itself. */
const needsChain = (text: string) => !/venue config init\b/.test(text);

function configFor(text: string): string {
  const dir = tempDir('venue-readme-config-');
  if (needsChain(text)) fs.cpSync(chainConfig, dir, { recursive: true });
  return dir;
}

async function runBlock(block: Block): Promise<Outcome & { skipped?: string }> {
  const config = configFor(block.text);
  const blockEnv = { ...env, VENUE_CONFIG_DIR: config };
  if (block.text.startsWith('#!')) {
    // A script as cron runs it: a process of its own, with the built venue on its PATH (it may cd anywhere), and each recipe its ERP folder.
    const file = path.join(workDir, `.readme-script-${block.line}`);
    fs.writeFileSync(file, `${block.text}\n`, { mode: 0o755 });
    const receipts = path.join(env.RECEIPTS_DIR!, block.before.includes('nightly-receipts-all') ? 'all' : 'one');
    return runBash(
      ['-c', `exec "${file}"`],
      { ...blockEnv, PATH: `${realBin}:${process.env.PATH}`, RECEIPTS_DIR: receipts, VENUE_CONFIG_DIR: chainConfig },
      workDir,
    );
  }
  const { script, whole } = commandScript(block.text, pidFile());
  if (whole) return { code: 0, output: '', skipped: whole };
  const wrapped = [
    // Job control: a server started in the background is a process group of its own, stopped whole at the end.
    'set -em',
    `[ -f "${session()}" ] && . "${session()}"`,
    `export VENUE_CONFIG_DIR="${config}"`,
    script,
    `export -p | grep -v ' VENUE_CONFIG_DIR=' > "${session()}"`,
  ].join('\n');
  return runBash(['-c', wrapped], blockEnv, workDir);
}

let releasePorts: (() => void) | undefined;

beforeAll(async () => {
  // The help examples' test uses the same ports (8787, 3000): one at a time.
  releasePorts = await takeExamplePorts();
  sb = await startSandbox();
  workDir = tempDir('venue-readme-');
  const bin = path.join(workDir, '.bin');
  fs.mkdirSync(bin);
  shim = await installVenueShim(bin);
  realBin = path.join(workDir, '.real-bin');
  fs.mkdirSync(realBin);
  fs.writeFileSync(path.join(realBin, 'venue'), `#!/bin/sh\nexec "${process.execPath}" "${venueBin}" "$@"\n`, {
    mode: 0o755,
  });
  // `npx venue …` in a checkout runs its venue: so here.
  fs.writeFileSync(
    path.join(bin, 'npx'),
    '#!/bin/sh\n[ "$1" = venue ] || { echo "npx: only venue here" >&2; exit 1; }\nshift\nexec venue "$@"\n',
    { mode: 0o755 },
  );
  // The spreadsheet export of the stock take recipe.
  fs.mkdirSync(path.join(workDir, 'Downloads'));
  fs.writeFileSync(
    path.join(workDir, 'Downloads/count-march.csv'),
    'productCode,productName,countedQuantity\nSKU-1001,Gummy Bears 100g,30\nSKU-1003,Jelly Beans,12\n',
  );

  // "Your app" of the webhook recipe (--forward-to, replay --to http://localhost:3000/hooks). The help examples'
  // test (foundation/examples.test.ts) stands one up on the same port: when it holds the port, its answers do.
  receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
  await new Promise<void>((resolve, reject) =>
    receiver!
      .once('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EADDRINUSE' ? ((receiver = undefined), resolve()) : reject(error),
      )
      .listen(3000, '127.0.0.1', resolve),
  );

  // The chain: fleet venues in the sandbox, reached by store1–3 as another host (localhost).
  chainConfig = tempDir('venue-readme-chain-');
  const setup = async (args: string[], input?: string) => {
    const run = await sb.run(args, {
      env: { VENUE_CONFIG_DIR: chainConfig },
      ...(input === undefined ? {} : { input }),
    });
    expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  };
  await setup(['sandbox', 'fleet', '--venues', '3']);
  await setup([
    'config',
    'init',
    'chain',
    '--wallet-url',
    `${sb.origin}/wallet`,
    '--booking-url',
    `${sb.origin}/booking`,
  ]);
  await setup(
    ['--profile', 'chain', 'config', 'set-secret', 'wallet.clientSecret', '--secret-stdin'],
    sandboxDemoSecrets['wallet.clientSecret'],
  );
  await setup(
    ['--profile', 'chain', 'config', 'set-secret', 'booking.clientSecret', '--secret-stdin'],
    sandboxDemoSecrets['booking.clientSecret'],
  );
  const elsewhere = sb.origin.replace('127.0.0.1', 'localhost');
  for (const n of [1, 2, 3]) {
    await setup([
      'config',
      'init',
      `store${n}`,
      '--extends',
      'chain',
      '--tags',
      'north,arcades',
      '--inventory-url',
      `${elsewhere}/fleet/fleet-${n}/inventory`,
      '--user',
      '1',
      '--warehouse',
      '1',
    ]);
    await setup(
      ['--profile', `store${n}`, 'config', 'set-secret', 'inventory.apiKey', '--secret-stdin'],
      licence.VENUE_INVENTORY_API_KEY,
    );
    await setup(
      ['--profile', `store${n}`, 'config', 'set-secret', 'inventory.apiSecret', '--secret-stdin'],
      licence.VENUE_INVENTORY_API_SECRET,
    );
  }

  // The cron recipes' folders and files: the ERP's exports, the env file with the licence.
  const receipts = path.join(workDir, 'erp/receipts');
  fs.mkdirSync(path.join(receipts, 'one'), { recursive: true });
  fs.mkdirSync(path.join(receipts, 'all'), { recursive: true });
  fs.writeFileSync(
    path.join(workDir, 'inventory.env'),
    `VENUE_PROFILE=store1\nVENUE_INVENTORY_API_KEY=${licence.VENUE_INVENTORY_API_KEY}\nVENUE_INVENTORY_API_SECRET=${licence.VENUE_INVENTORY_API_SECRET}\n`,
    { mode: 0o600 },
  );

  env = {
    ...baseEnv({ ...sb.env, VENUE_SANDBOX_AUTOSTART: undefined }),
    PATH: `${bin}:${process.env.PATH}`,
    HOME: workDir,
    // What the README's commands take from the environment, as a script would set it.
    SECRET: sandboxDemoSecrets['wallet.clientSecret'],
    ERP_SECRET: 'erp-signing-secret-0123456789',
    PSP_REFERENCE: 'PSP-README-1',
    WH_SECRET: 'readme-webhook-secret-0123456789',
    RECEIPTS_DIR: receipts,
    LOG_DIR: path.join(workDir, 'log/venue'),
    VENUE_ENV_FILE: path.join(workDir, 'inventory.env'),
  };
}, 720_000);

afterAll(async () => {
  if (workDir && fs.existsSync(pidFile())) {
    for (const pid of fs.readFileSync(pidFile(), 'utf8').split('\n').filter(Boolean)) {
      try {
        process.kill(-Number(pid), 'SIGTERM');
      } catch {
        // gone
      }
    }
    // The README's listener (run in this process by the shim) has let go of its port before the help examples' test may take it.
    await portFree(8787);
  }
  await closeShellRun({ sandbox: sb, shim, receiver, dirs: [workDir, chainConfig] });
  releasePorts?.();
}, 30_000);

async function portFree(port: number, withinMs = 15_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const answered = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (!answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`port ${port} still answers: the README's server was not stopped`);
}

const isScript = (name: string) => (block: Block) => block.text.startsWith('#!') && block.before.includes(name);

describe('the README', () => {
  it('has shell blocks, the cron recipes among them', () => {
    expect(blocks.length).toBeGreaterThan(20);
    expect(blocks.filter(isScript('/usr/local/bin/nightly-receipts`'))).toHaveLength(1);
    expect(blocks.filter(isScript('/usr/local/bin/nightly-receipts-all`'))).toHaveLength(1);
  });

  it('every shell block runs, in order, against the sandbox', async () => {
    const failures: string[] = [];
    for (const block of blocks) {
      // The ERP's exports of tonight, before each cron recipe runs.
      if (isScript('/usr/local/bin/nightly-receipts`')(block))
        fs.writeFileSync(
          path.join(env.RECEIPTS_DIR!, 'one', '3_PO-7701_INV-88.csv'),
          'productId,quantity,value\n1001,6,9.00\n1002,2,3.10\n',
        );
      if (isScript('/usr/local/bin/nightly-receipts-all`')(block)) {
        for (const store of ['store1', 'store2'])
          fs.writeFileSync(
            path.join(env.RECEIPTS_DIR!, 'all', `${store}.csv`),
            'productId,quantity,value\n1001,4,6.00\n',
          );
      }
      const outcome = await runBlock(block);
      if (outcome.code !== 0)
        failures.push(
          `README.md:${block.line}\n${block.text.split('\n').slice(0, 3).join('\n')}\n  exit ${outcome.code}: ${outcome.output.trim().split('\n').slice(-6).join('\n  ')}`,
        );
    }
    // A server started in the background still runs.
    const pids = fs.existsSync(pidFile()) ? fs.readFileSync(pidFile(), 'utf8').split('\n').filter(Boolean) : [];
    for (const pid of pids) {
      try {
        process.kill(Number(pid), 0);
      } catch {
        failures.push(
          `a server of the README (pid ${pid}) stopped: ${fs.readFileSync(`${pidFile()}.out`, 'utf8').slice(-400)}`,
        );
      }
    }
    expect(failures.join('\n\n')).toBe('');
  }, 600_000);

  it('the nightly receipt recipe: done/ and the log folder made, the log stamped, a rerun harmless and saying so', async () => {
    const script = blocks.find(isScript('/usr/local/bin/nightly-receipts`'))!;
    const log = path.join(env.LOG_DIR!, 'receipts.log');
    const file = '3_PO-7702_INV-89.csv';
    fs.writeFileSync(path.join(env.RECEIPTS_DIR!, 'one', file), 'productId,quantity,value\n1003,5,7.50\n');
    const before = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').length : 0;
    const first = await runBlock(script);
    expect(first.code, first.output).toBe(0);
    expect(fs.existsSync(path.join(env.RECEIPTS_DIR!, 'one', 'done', file))).toBe(true);
    const firstLog = fs.readFileSync(log, 'utf8').slice(before);
    expect(firstLog).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ received ${file}`, 'm'));
    const second = await runBlock(script);
    expect(second.code, second.output).toBe(0);
    const secondLog = fs.readFileSync(log, 'utf8').slice(before + firstLog.length);
    expect(secondLog).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ nothing to receive: no new receipt in /m);
    expect(secondLog).not.toMatch(/received 3_/);
  }, 120_000);

  it('the nightly receipts of every venue: a venue without a file has nothing to receive, a rerun says already received', async () => {
    const script = blocks.find(isScript('/usr/local/bin/nightly-receipts-all`'))!;
    const log = path.join(env.LOG_DIR!, 'receipts.log');
    for (const store of ['store1', 'store2'])
      fs.writeFileSync(path.join(env.RECEIPTS_DIR!, 'all', `${store}.csv`), 'productId,quantity,value\n1004,3,4.50\n');
    fs.rmSync(path.join(env.RECEIPTS_DIR!, 'all', 'store3.csv'), { force: true });
    const before = fs.readFileSync(log, 'utf8').length;
    const first = await runBlock(script);
    expect(first.code, first.output).toBe(0);
    const firstLog = fs.readFileSync(log, 'utf8').slice(before);
    // Every line is stamped; the summary names each venue's outcome.
    expect(
      firstLog
        .split('\n')
        .filter(Boolean)
        .every((l) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /.test(l)),
    ).toBe(true);
    expect(firstLog).toMatch(/store1\s+0\s+ok\s.*received: receipt [0-9a-f]{12}/);
    expect(firstLog).toMatch(/store3\s+0\s+nothing\s.*nothing to receive: no file /);
    const second = await runBlock(script);
    expect(second.code, second.output).toBe(0);
    const secondLog = fs.readFileSync(log, 'utf8').slice(before + firstLog.length);
    expect(secondLog).toMatch(/store1\s+0\s+ok\s.*already received at .*nothing sent/);
    expect(secondLog).toMatch(/store2\s+0\s+ok\s.*already received at .*nothing sent/);
    expect(secondLog).toMatch(/3 venues: 2 ok, 1 with nothing to do/);
  }, 120_000);
});
