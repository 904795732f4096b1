// Every help example runs (issue 12, point 6): each example of each command,
// in the order of the command tree, through bash with `venue` meaning this
// checkout's CLI (run in the test's process by a shim: test/support/venue-shim.ts),
// against one sandbox in a fresh config directory, with no terminal on stdin.
// Examples read their files from a copy of docs/examples/.
// Markers at the end of an example (src/commands/define.ts):
//   # needs a terminal     a guided prompt: not run here
//   # exits N              runs, and by design exits N
//   # runs until stopped   a server: must still be running after a moment

import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHelpTree } from '../../../src/program.js';
import { exampleMarker } from '../../../src/commands/define.js';
import { examplesOf } from '../../../src/commands/commands-doc.js';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { baseEnv, repoRoot, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { closeShellRun, installVenueShim, takeExamplePorts, type VenueShim } from '../../support/venue-shim.js';

interface Example {
  command: string;
  line: string;
}

async function allExamples(): Promise<Example[]> {
  const program = await buildHelpTree({ version: '0', loadAll: true });
  const found: Example[] = [];
  const walk = (cmd: Command, names: string[]) => {
    for (const sub of cmd.commands) {
      const here = [...names, sub.name()];
      for (const line of examplesOf(sub)) found.push({ command: here.join(' '), line });
      walk(sub, here);
    }
  };
  walk(program, []);
  return found;
}

const EXAMPLE_TIMEOUT_MS = 10_000;

interface Outcome {
  code: number | null;
  running: boolean;
  output: string;
}

/** Runs one example with bash; a server is given runningMs to prove it stays up, then its process group is stopped. */
function runExample(line: string, env: NodeJS.ProcessEnv, cwd: string, runningMs?: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', line], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (output += d));
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    let stoppedByUs = false;
    const timer = setTimeout(() => {
      stoppedByUs = true;
      stop();
      if (runningMs === undefined) output += `\n(timed out after ${EXAMPLE_TIMEOUT_MS / 1000} s)`;
    }, runningMs ?? EXAMPLE_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code: stoppedByUs && runningMs === undefined ? null : code,
        running: stoppedByUs && runningMs !== undefined,
        output,
      });
    });
  });
}

let sb: SandboxHandle;
let shim: VenueShim | undefined;
let workDir: string;
let env: NodeJS.ProcessEnv;
// "Your app" of the webhook examples (--forward-to, replay --to http://localhost:3000/hooks).
let receiver: http.Server | undefined;
const received: string[] = [];

let releasePorts: (() => void) | undefined;

beforeAll(async () => {
  // The README's test uses the same ports (8787, 3000): one at a time.
  releasePorts = await takeExamplePorts();
  sb = await startSandbox();
  workDir = tempDir('venue-examples-');
  fs.cpSync(path.join(repoRoot, 'docs/examples'), workDir, { recursive: true });
  const bin = path.join(workDir, '.bin');
  fs.mkdirSync(bin);
  fs.mkdirSync(path.join(workDir, '.config/fish/completions'), { recursive: true });
  shim = await installVenueShim(bin);
  receiver = http.createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    req.resume().on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve, reject) => receiver!.once('error', reject).listen(3000, '127.0.0.1', resolve));
  const whSecret = 'example-webhook-secret-0123456789';
  env = {
    ...baseEnv({ ...sb.env, VENUE_SANDBOX_AUTOSTART: undefined }),
    PATH: `${bin}:${process.env.PATH}`,
    HOME: workDir,
    // The variables the examples name, as a script would set them.
    SECRET: sandboxDemoSecrets['wallet.clientSecret'],
    BOOKING_SECRET: sandboxDemoSecrets['booking.clientSecret'],
    GUEST_PASSWORD: 'Sandbox123',
    WH_SECRET: whSecret,
    OLD_SECRET: 'example-webhook-secret-old-012345',
    NEW_SECRET: whSecret,
    // The X-Inventory-Signature of docs/examples/payload.json under WH_SECRET.
    SIG: `sha256=${createHmac('sha256', whSecret)
      .update(fs.readFileSync(path.join(workDir, 'payload.json')))
      .digest('hex')}`,
  };
}, 660_000);

afterAll(async () => {
  await closeShellRun({ sandbox: sb, shim, receiver, dirs: [workDir] });
  releasePorts?.();
}, 30_000);

describe('help examples', () => {
  it('every example of every command runs, in order, against the sandbox', async () => {
    const examples = await allExamples();
    expect(examples.length).toBeGreaterThan(150);
    const failures: string[] = [];
    for (const { command, line } of examples) {
      const marker = exampleMarker(line);
      if (marker.needsTerminal) continue;
      const outcome = await runExample(line, env, workDir, marker.runsUntilStopped ? 1500 : undefined);
      const ok = marker.runsUntilStopped
        ? outcome.running || outcome.code === 0
        : outcome.code === (marker.exitCode ?? 0);
      if (!ok)
        failures.push(
          `[${command}] ${line}\n  exit ${outcome.code}${marker.exitCode !== undefined ? ` (expected ${marker.exitCode})` : ''}: ${outcome.output.trim().split('\n').slice(-3).join('\n  ')}`,
        );
    }
    expect(failures.join('\n')).toBe('');
    expect(received.length).toBeGreaterThan(0);
  }, 300_000);
});
