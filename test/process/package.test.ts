// The package as a user gets it: `npm pack`, `npm install -g` of the tarball
// into an empty prefix (dependencies from the registry), then the installed
// `venue`, away from this checkout, against a sandbox it serves itself: one
// command of every group. Runs on whichever Node runs the suite (CI: 20, then 24).

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootGroups as groups } from '../../src/commands/index.js';
import { baseEnv, repoRoot, tempDir, type RunResult } from '../support/venue.js';

const packageJson = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};

// Only what runs, and what a reader needs: npm adds package.json, README and LICENSE itself.
const shippedTopLevel = ['LICENSE', 'README.md', 'bin', 'dist', 'docs', 'package.json'];
const shippedUnderDist = ['bundle', 'help', 'help.txt', 'mcp.json', 'openapi'];
// Scripts npm runs when it installs a package: none may be there.
const installScripts = ['preinstall', 'install', 'postinstall', 'prepare'];

const work = tempDir('venue-package-');
const prefix = path.join(work, 'prefix');
const configDir = path.join(work, 'config');
// Registry, cache and user settings come from npm's own files; the npm_* variables an
// `npm test` run exports (its lifecycle, this checkout's prefix) must not reach the install.
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
// `#!/usr/bin/env node` in the installed launcher then finds the Node running this suite.
const pathWithThisNode = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; input?: string; timeoutMs: number },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** npm's warnings, less those about the machine's own npm settings (an unknown key in ~/.npmrc). */
function packageWarnings(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /^npm warn/i.test(line))
    .filter((line) => !/Unknown (user|project|global|builtin|env) config/.test(line));
}

interface PackResult {
  filename: string;
  files: Array<{ path: string }>;
}

let packed: PackResult;
let installOutput = '';
let installed: string;
let installedBin: string;
let sandbox: ChildProcess | undefined;
let origin = '';

function venue(args: string[], input?: string): Promise<RunResult> {
  return run(installedBin, args, {
    cwd: work,
    env: baseEnv({
      PATH: pathWithThisNode,
      VENUE_CONFIG_DIR: configDir,
      VENUE_SANDBOX_URL: origin,
      VENUE_SANDBOX_AUTOSTART: '0',
    }),
    input,
    timeoutMs: 20_000,
  });
}

beforeAll(async () => {
  // The suite has just built dist/ (npm test); packing without scripts keeps the
  // prepack build from rewriting dist/ under the tests running beside this one.
  expect(fs.existsSync(path.join(repoRoot, 'dist/bundle/main.js')), 'dist/bundle: run npm run build first').toBe(true);
  const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
    cwd: repoRoot,
    env: npmEnv,
    timeoutMs: 60_000,
  });
  expect(pack.code, pack.stderr).toBe(0);
  packed = (JSON.parse(pack.stdout) as PackResult[])[0]!;

  const install = await run(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      path.join(work, packed.filename),
    ],
    { cwd: work, env: { ...npmEnv, PATH: pathWithThisNode }, timeoutMs: 90_000 },
  );
  installOutput = `${install.stdout}\n${install.stderr}`;
  expect(install.code, installOutput).toBe(0);
  installed = path.join(prefix, 'lib/node_modules', packageJson.name);
  installedBin = path.join(prefix, 'bin/venue');

  const stateDir = path.join(configDir, 'sandbox');
  const child = spawn(installedBin, ['sandbox', 'serve', '--port', '0', '--state-dir', stateDir], {
    cwd: work,
    env: baseEnv({ PATH: pathWithThisNode, VENUE_CONFIG_DIR: configDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sandbox = child;
  let log = '';
  origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the installed sandbox did not start:\n${log}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      const match = /listening on (http:\/\/\S+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace(/\/+$/, ''));
      }
    });
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    child.on('exit', (code) => reject(new Error(`the installed sandbox exited with ${code}:\n${log}`)));
  });
}, 150_000);

afterAll(async () => {
  if (sandbox && sandbox.exitCode === null) {
    const exited = new Promise((resolve) => sandbox!.once('exit', resolve));
    sandbox.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds the launcher, the bundle, the prebuilt help, the docs and the licence: no sources, no tsc output, no tests', () => {
    const paths = packed.files.map((file) => file.path);
    expect(new Set(paths.map((p) => p.split('/')[0]))).toEqual(new Set(shippedTopLevel));
    expect(new Set(paths.filter((p) => p.startsWith('dist/')).map((p) => p.split('/')[1]))).toEqual(
      new Set(shippedUnderDist),
    );
    expect(paths).toContain('bin/venue.js');
    expect(paths).toContain('dist/bundle/main.js');
    // The launcher's front (the reader), and the catalogue `venue mcp` lists its tools from, prebuilt.
    expect(paths).toContain('dist/bundle/front.js');
    expect(paths).toContain('dist/mcp.json');
    // The sandbox (venue-sandbox, bundled in) reads its contract from ../openapi beside its code's folder.
    for (const service of ['wallet', 'booking', 'inventory']) expect(paths).toContain(`dist/openapi/${service}.json`);
    expect(paths.filter((p) => p.includes('openapi/') && p.endsWith('.json'))).toHaveLength(3);
    // Bundled, not a dependency: nothing to fetch from a registry where it is not published.
    expect(paths.some((p) => p.startsWith('node_modules/'))).toBe(false);
    // Exactly this build's chunks: an old build's leftovers would ship too.
    const built = fs.readdirSync(path.join(repoRoot, 'dist/bundle')).map((name) => `dist/bundle/${name}`);
    expect(paths.filter((p) => p.startsWith('dist/bundle/')).sort()).toEqual(built.sort());
  });

  it('is publishable: a licence, not private, and no script that runs at install', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
      license?: string;
      private?: boolean;
      scripts?: Record<string, string>;
    };
    expect(manifest.license).toBe('MIT');
    expect(manifest.private).toBeUndefined();
    for (const script of installScripts) expect(manifest.scripts?.[script], script).toBeUndefined();
    expect(fs.readFileSync(path.join(installed, 'LICENSE'), 'utf8')).toContain('MIT License');
  });

  it(`installs on Node ${process.version} with no engine warning, no install-script warning and no build`, () => {
    expect(installOutput).not.toMatch(/EBADENGINE/);
    expect(installOutput).not.toMatch(/install-scripts|allowScripts/);
    expect(installOutput).not.toMatch(/> venue@|tsc -p|scripts\/bundle\.js/);
    expect(packageWarnings(installOutput)).toEqual([]);
    // What was installed is what was packed: nothing was built in place.
    expect(fs.existsSync(path.join(installed, 'src'))).toBe(false);
    expect(fs.existsSync(path.join(installed, 'dist/lib'))).toBe(false);
    // fastify's inject helper stays on 6.6 (cookie@1, Node 18+), the version venue declares.
    const lightMyRequest = JSON.parse(
      fs.readFileSync(path.join(installed, 'node_modules/light-my-request/package.json'), 'utf8'),
    ) as { version: string };
    expect(lightMyRequest.version).toBe('6.6.0');
  });
});

describe('the installed venue, against the sandbox it serves', () => {
  it('the sandbox checks requests against its contract and publishes it (its openapi/ shipped where the bundle looks)', async () => {
    const refused = await fetch(`${origin}/wallet/api/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: 5 }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /does not meet the wallet contract/,
    );
    for (const service of ['wallet', 'booking', 'inventory'])
      expect((await fetch(`${origin}/${service}/openapi.json`)).status, service).toBe(200);
  });

  it('--version and --help answer from the package', async () => {
    const version = await venue(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: `${packageJson.version}\n` });
    const help = await venue(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(fs.readFileSync(path.join(installed, 'dist/help.txt'), 'utf8'));
    // Group and command help, prebuilt too (dist/help/).
    const group = await venue(['inventory', '--help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toBe(fs.readFileSync(path.join(installed, 'dist/help/inventory.txt'), 'utf8'));
    const command = await venue(['help', 'inventory', 'stock', 'levels']);
    expect(command.code).toBe(0);
    expect(command.stdout).toBe(fs.readFileSync(path.join(installed, 'dist/help/inventory stock levels.txt'), 'utf8'));
  });

  // One command a group; the list must name every group the CLI has.
  const commands: Record<
    string,
    { args: string[]; input?: string; stdin?: string; expect: RegExp; before?: string[][] }
  > = {
    config: { args: ['config', 'list'], expect: /wallet\.url/ },
    auth: { args: ['auth', 'status'], expect: /inventory/ },
    wallet: {
      before: [['wallet', 'login', 'ava@example.com', '--password-stdin']],
      input: 'Sandbox123\n',
      args: ['wallet', 'products'],
      expect: /RL-10/,
    },
    booking: { args: ['booking', 'locations'], expect: /loc-riverside/ },
    inventory: { args: ['inventory', 'products', 'list', '--page-size', '3'], expect: /Gummy Bears/ },
    webhooks: { args: ['webhooks', 'events'], expect: /stock\.received/ },
    sandbox: { args: ['sandbox', 'status'], expect: /Running\s+yes/ },
    api: { args: ['api', 'inventory', 'GET', '/products', '--param', 'pageSize=1'], expect: /"productId": 1001/ },
    doctor: { args: ['doctor'], expect: /reachable\s+ok/ },
    completion: { args: ['completion', 'bash'], expect: /complete -F|_venue/ },
    version: { args: ['version', '--json'], expect: /"version": "\d+\.\d+\.\d+"/ },
    // An assistant's client: initialize, initialized, tools/list, then stdin closes (the server answers, then ends).
    mcp: {
      args: ['mcp', '--groups', 'booking'],
      stdin: [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'package-test', version: '1' },
          },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]
        .map((m) => `${JSON.stringify(m)}\n`)
        .join(''),
      expect: /"name":"booking_locations"/,
    },
  };

  it('the list below covers every group', () => {
    // Hidden entries (the completion scripts' own command) are no group a person runs.
    const visible = groups.filter((group) => !('hidden' in group && group.hidden)).map((group) => group.name);
    expect(Object.keys(commands).sort()).toEqual(visible.sort());
  });

  for (const [group, command] of Object.entries(commands)) {
    it(`${group}: venue ${command.args.join(' ')}`, async () => {
      for (const args of command.before ?? []) {
        const step = await venue(args, command.input);
        expect(step.code, `venue ${args.join(' ')}\n${step.stderr}`).toBe(0);
      }
      const result = await venue(command.args, command.stdin);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(command.expect);
    });
  }
});
