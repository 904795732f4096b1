// Every shell example in the README runs (issue 21, point 8; issue 31, point
// 4): each ```sh and ```bash block, in order, through bash with `venue`
// meaning this checkout's CLI (test/support/venue-shim.ts; `npx venue` too),
// against one sandbox, with no terminal on stdin, two ways:
// - each block alone, in a fresh config directory, or, when it works on the
//   venues of a chain (it does not create profiles itself), in a copy of a
//   chain's: profiles chain (wallet and booking) and store1–store3 (tagged
//   north, extending chain, their inventory servers the sandbox's fleet venues
//   reached as another host, so real venues to venue). Variables a block
//   exports are there for the blocks after it, as in one terminal session;
// - every block in order in ONE shell with ONE config directory, as a reader
//   follows the README in one terminal: no block may leave the reader on a
//   profile that breaks the next. Two things stand in for what the reader has
//   and the test has not: the README's example hosts (inventory.storeN.example,
//   wallet/booking.chain.example) are the sandbox's (its fleet venues as
//   another host), and a hidden prompt for a secret (`config set-secret …   #
//   needs a terminal`) is answered with the sandbox's demo secret.
//
// Marks, as in help examples (src/commands/define.ts), at the end of a line
// (that line) or on a block's first line alone (the whole block):
//   # needs a terminal             a prompt: not run here
//   # needs real services          a vendor's server or a host of the reader's: not run
//   # needs the source checkout    building, testing or packing venue itself: not run
//   # exits N                      runs, and by design exits N
//   # runs until stopped           a server: started in the background, must still run at the end
// A block starting with #! is a script: written to a file and run whole.
// The ```cron blocks (the nightly receipt recipes) run as cron runs them: each
// job's command by sh, once a night and again (the rerun is harmless and says
// so), with the crontab's own PATH, its paths (/etc/venue, /srv/erp,
// /var/log/venue, /usr/local/bin) under the test's folder, the env file the
// README shows (```ini after its path) with the sandbox's licence, and the
// built venue in /usr/local/bin.

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

/** The blocks of a markdown text in these languages (indented ones in lists too): ```sh and ```bash by default. */
function shellBlocks(markdown: string, languages = ['sh', 'bash']): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\w+)\s*$/.exec(lines[i]!);
    if (open && !languages.includes(open[2]!)) {
      for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++);
      continue;
    }
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
const cronBlocks = shellBlocks(readme, ['cron']);
const envFileBlock = shellBlocks(readme, ['ini']).find((b) => b.before.includes('`/etc/venue/inventory.env`'));

let sb: SandboxHandle;
let shim: VenueShim | undefined;
let workDir: string;
let chainConfig: string;
let realBin: string;
let receiver: http.Server | undefined;
let env: NodeJS.ProcessEnv;
/** The cron jobs' root: /etc/venue, /srv/erp, /var/log/venue and /usr/local/bin are under it. */
let root: string;
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

/** A #! block, written to a file of its own (as the reader saves a script). */
function scriptFile(block: Block): string {
  const file = path.join(workDir, `.readme-script-${block.line}`);
  fs.writeFileSync(file, `${block.text}\n`, { mode: 0o755 });
  return file;
}

async function runBlock(block: Block): Promise<Outcome & { skipped?: string }> {
  const config = configFor(block.text);
  const blockEnv = { ...env, VENUE_CONFIG_DIR: config };
  // A script: a process of its own, in this block's config directory.
  if (block.text.startsWith('#!')) return runBash(['-c', `exec "${scriptFile(block)}"`], blockEnv, workDir);
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

/**
 * Every block in order in one bash with one config directory. The README's
 * example hosts are the sandbox's, and a secret's hidden prompt is answered
 * with the sandbox's demo secret (the header says why); nothing else changes.
 */
function oneShellScript(config: string, progress: string): string {
  const elsewhere = sb.origin.replace('127.0.0.1', 'localhost');
  const hosts = (text: string) =>
    text
      .replace(/https:\/\/inventory\.store(\d+)\.example/g, `${elsewhere}/fleet/fleet-$1/inventory`)
      .replace(/https:\/\/wallet\.chain\.example/g, `${sb.origin}/wallet`)
      .replace(/https:\/\/booking\.chain\.example/g, `${sb.origin}/booking`);
  const answered = (text: string) =>
    text.replace(
      /^(.*\bconfig set-secret ([\w.]+))[ \t]*#\s*needs a terminal.*$/gm,
      (_line, command: string, key: string) =>
        `printf %s '${sandboxDemoSecrets[key as keyof typeof sandboxDemoSecrets] ?? 'a-secret-the-reader-typed-0123'}' | ${command} --secret-stdin`,
    );
  const parts = ['set -em', `export VENUE_CONFIG_DIR="${config}"`];
  for (const block of blocks) {
    parts.push(`echo ${block.line} > "${progress}"`);
    if (block.text.startsWith('#!')) {
      parts.push(`"${scriptFile({ ...block, text: hosts(block.text) })}"`);
      continue;
    }
    const { script, whole } = commandScript(answered(hosts(block.text)), pidFile());
    if (!whole && script.trim()) parts.push(script);
  }
  parts.push(`echo done > "${progress}"`);
  return parts.join('\n');
}

/** The servers a block started in the background, stopped (their ports free again). */
async function stopBackground(): Promise<void> {
  if (!workDir || !fs.existsSync(pidFile())) return;
  for (const pid of fs.readFileSync(pidFile(), 'utf8').split('\n').filter(Boolean)) {
    try {
      process.kill(-Number(pid), 'SIGTERM');
    } catch {
      // gone
    }
  }
  fs.rmSync(pidFile(), { force: true });
  // The README's listener (run in this process by the shim) has let go of its port before anything takes it again.
  await portFree(8787);
}

/** The servers a block started in the background still run. */
function backgroundStillRunning(): string[] {
  const pids = fs.existsSync(pidFile()) ? fs.readFileSync(pidFile(), 'utf8').split('\n').filter(Boolean) : [];
  const failures: string[] = [];
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 0);
    } catch {
      failures.push(
        `a server of the README (pid ${pid}) stopped: ${fs.readFileSync(`${pidFile()}.out`, 'utf8').slice(-400)}`,
      );
    }
  }
  return failures;
}

/** A crontab's jobs: its variables (NAME=value lines) and each job's command (after the five time fields). */
function cronJobs(text: string): { variables: Record<string, string>; commands: string[] } {
  const variables: Record<string, string> = {};
  const commands: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const variable = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (variable) {
      variables[variable[1]!] = variable[2]!;
      continue;
    }
    const job = /^\s*(\S+\s+){5}(.+)$/.exec(line);
    expect(job, `a crontab line: ${line}`).not.toBeNull();
    commands.push(job![2]!);
  }
  return { variables, commands };
}

/** A path of the crontab, under the test's root. */
const rooted = (text: string) =>
  text.replace(/(^|[\s=:'"])(\/(?:etc\/venue|srv\/erp|var\/log\/venue|usr\/local\/bin))/g, `$1${root}$2`);

/** One night of a crontab: each job's command run by sh, as cron runs it (its output is what cron mails). */
async function cronNight(block: Block): Promise<Outcome> {
  const { variables, commands } = cronJobs(block.text);
  expect(commands).toHaveLength(1);
  const cronEnv: NodeJS.ProcessEnv = {
    HOME: workDir,
    LOGNAME: 'venue',
    SHELL: '/bin/sh',
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    // The cron user's config directory: the chain's venues.
    VENUE_CONFIG_DIR: chainConfig,
    ...Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, rooted(v)])),
  };
  return runBash(['-c', rooted(commands[0]!)], cronEnv, root);
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

  // The cron recipes' machine: the folders the README says to make once, the built venue in /usr/local/bin, and the
  // env file as the README shows it, with the sandbox's licence in place of the reader's.
  root = path.join(workDir, 'root');
  for (const dir of ['etc/venue', 'srv/erp/receipts', 'var/log/venue', 'usr/local/bin'])
    fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.copyFileSync(path.join(realBin, 'venue'), path.join(root, 'usr/local/bin/venue'));
  expect(envFileBlock, 'the env file of the cron recipe (```ini after `/etc/venue/inventory.env`)').toBeDefined();
  fs.writeFileSync(
    path.join(root, 'etc/venue/inventory.env'),
    `${envFileBlock!.text
      .replace('key-from-the-licence-file', licence.VENUE_INVENTORY_API_KEY)
      .replace('secret-from-the-licence-file', licence.VENUE_INVENTORY_API_SECRET)}\n`,
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
  };
}, 720_000);

afterAll(async () => {
  await stopBackground();
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

const cronRecipe = (name: 'one venue' | 'every venue') => {
  const found = cronBlocks.filter((b) => b.text.includes('--each-profile') === (name === 'every venue'));
  expect(found, `the ${name} crontab`).toHaveLength(1);
  return found[0]!;
};
const log = () => path.join(root, 'var/log/venue/receipts.log');
const logSince = (from: number) => (fs.existsSync(log()) ? fs.readFileSync(log(), 'utf8').slice(from) : '');
const logSize = () => (fs.existsSync(log()) ? fs.readFileSync(log(), 'utf8').length : 0);
const STAMPED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /;

describe('the README', () => {
  it('has shell blocks, and the cron recipes as crontab lines and an env file, with no script', () => {
    expect(blocks.length).toBeGreaterThan(15);
    expect(cronBlocks).toHaveLength(2);
    for (const block of cronBlocks) expect(block.text).toContain('inventory receipts run');
    expect(blocks.some((b) => b.text.startsWith('#!') && /receipt/.test(b.text))).toBe(false);
    expect(envFileBlock?.text).toContain('VENUE_PROFILE=');
  });

  it('every shell block runs, each alone, against the sandbox', async () => {
    const failures: string[] = [];
    for (const block of blocks) {
      const outcome = await runBlock(block);
      if (outcome.code !== 0)
        failures.push(
          `README.md:${block.line}\n${block.text.split('\n').slice(0, 3).join('\n')}\n  exit ${outcome.code}: ${outcome.output.trim().split('\n').slice(-6).join('\n  ')}`,
        );
    }
    failures.push(...backgroundStillRunning());
    await stopBackground();
    expect(failures.join('\n\n')).toBe('');
  }, 600_000);

  it('every shell block runs in order in one shell with one config directory, as a reader follows it', async () => {
    // The sandbox as it was before the blocks above ran (its fleet venues kept).
    await sb.control('POST', '/reset');
    const config = tempDir('venue-readme-one-shell-');
    const progress = path.join(workDir, '.one-shell-progress');
    try {
      const outcome = await runBash(
        ['-c', oneShellScript(config, progress)],
        { ...env, VENUE_CONFIG_DIR: config },
        workDir,
        540_000,
      );
      const reached = fs.existsSync(progress) ? fs.readFileSync(progress, 'utf8').trim() : 'none';
      const failures: string[] = [];
      if (outcome.code !== 0 || reached !== 'done') {
        const block = blocks.find((b) => String(b.line) === reached);
        failures.push(
          `stopped at README.md:${reached}${block ? `\n${block.text.split('\n').slice(0, 3).join('\n')}` : ''}\n  exit ${outcome.code}: ${outcome.output.trim().split('\n').slice(-8).join('\n  ')}`,
        );
      }
      failures.push(...backgroundStillRunning());
      expect(failures.join('\n\n')).toBe('');
    } finally {
      await stopBackground();
      fs.rmSync(config, { recursive: true, force: true });
    }
  }, 600_000);

  it('the nightly receipt crontab: silent when all is well, each file a stamped line, a rerun says recorded before', async () => {
    const cron = cronRecipe('one venue');
    const receipts = path.join(root, 'srv/erp/receipts');
    const file = '3_PO-7701_INV-88.csv';
    fs.writeFileSync(path.join(receipts, file), 'productId,quantity,value\n1001,6,9.00\n1002,2,3.10\n');
    let from = logSize();
    const first = await cronNight(cron);
    expect(first.code, first.output).toBe(0);
    // Nothing for cron to mail.
    expect(first.output).toBe('');
    expect(fs.existsSync(path.join(receipts, 'done', file))).toBe(true);
    const firstLog = logSince(from);
    expect(
      firstLog
        .split('\n')
        .filter(Boolean)
        .every((l) => STAMPED.test(l)),
    ).toBe(true);
    expect(firstLog).toMatch(new RegExp(`^\\S+ recorded now: ${file}: receipt id \\d+ `, 'm'));

    // The 03:30 run, the ERP having dropped the same file again: nothing sent, and it says when it was recorded.
    fs.copyFileSync(path.join(receipts, 'done', file), path.join(receipts, file));
    from = logSize();
    const second = await cronNight(cron);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toBe('');
    expect(logSince(from)).toMatch(
      new RegExp(`^\\S+ recorded before: ${file}: at \\S+ \\(receipt id \\d+, .*\\); nothing sent`, 'm'),
    );

    // A night with nothing: one line.
    from = logSize();
    expect((await cronNight(cron)).code).toBe(0);
    expect(logSince(from)).toMatch(/^\S+ nothing to receive: no receipt file in /m);
  }, 120_000);

  it('the nightly receipt crontab: a lost answer is mailed with the command that settles it, which runs as printed', async () => {
    const cron = cronRecipe('one venue');
    const receipts = path.join(root, 'srv/erp/receipts');
    const file = '3_PO-7702_INV-89.csv';
    fs.writeFileSync(path.join(receipts, file), 'productId,quantity\n1003,5\n');
    await sb.control('POST', '/faults', {
      dropAfterProcessing: [{ match: 'POST /fleet/fleet-1/inventory/stock-receipts', remaining: 1 }],
    });
    try {
      const night = await cronNight(cron);
      // The echo ran: exit 0 for cron, and the mail holds the night's lines.
      expect(night.code).toBe(0);
      expect(night.output).toMatch(new RegExp(`unknown: ${file}: receipt [0-9a-f]{12} was sent`));
      const settle = /settle it: (.*)$/m.exec(night.output)![1]!;
      expect(settle).toMatch(/ --profile store1 inventory receipts resolve [0-9a-f]{12}$/);
      // In a person's shell: no env file, the built venue on the PATH.
      const settled = await runBash(
        ['-c', `${settle} --applied`],
        { PATH: `${realBin}:${process.env.PATH}`, HOME: workDir },
        workDir,
      );
      expect(settled.code, settled.output).toBe(0);
      const after = await cronNight(cron);
      expect(after.code, after.output).toBe(0);
      expect(fs.existsSync(path.join(receipts, 'done', file))).toBe(true);
    } finally {
      await sb.control('DELETE', '/faults');
    }
  }, 120_000);

  it('the nightly receipts crontab of every venue: a venue without its folder has nothing to receive, a rerun says recorded before', async () => {
    const cron = cronRecipe('every venue');
    const erp = path.join(root, 'srv/erp');
    for (const store of ['store1', 'store2']) {
      fs.mkdirSync(path.join(erp, store), { recursive: true });
      fs.writeFileSync(path.join(erp, store, '3_PO-N1_INV-1.csv'), 'productId,quantity,value\n1004,3,4.50\n');
    }
    fs.rmSync(path.join(erp, 'store3'), { recursive: true, force: true });
    let from = logSize();
    const first = await cronNight(cron);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toBe('');
    const firstLog = logSince(from);
    // Every line is stamped; each venue's lines are marked; the summary names each venue's outcome.
    expect(
      firstLog
        .split('\n')
        .filter(Boolean)
        .every((l) => STAMPED.test(l)),
    ).toBe(true);
    expect(firstLog).toMatch(/^\S+ store1: recorded now: 3_PO-N1_INV-1\.csv: receipt id \d+/m);
    expect(firstLog).toMatch(/store1\s+0\s+ok\s.*1 file: 1 recorded now/);
    expect(firstLog).toMatch(/store3\s+0\s+nothing\s.*nothing to receive: no file /);
    for (const store of ['store1', 'store2'])
      fs.copyFileSync(path.join(erp, store, 'done', '3_PO-N1_INV-1.csv'), path.join(erp, store, '3_PO-N1_INV-1.csv'));
    from = logSize();
    const second = await cronNight(cron);
    expect(second.code, second.output).toBe(0);
    const secondLog = logSince(from);
    expect(secondLog).toMatch(/store1\s+0\s+ok\s.*1 file: 1 recorded before/);
    expect(secondLog).toMatch(/store2\s+0\s+ok\s.*1 file: 1 recorded before/);
    expect(secondLog).toMatch(/3 venues: 2 ok, 1 with nothing to do/);
  }, 120_000);
});
