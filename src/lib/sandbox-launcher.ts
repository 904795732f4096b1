// The sandbox profile works with nothing started by hand: when its sandbox
// does not answer, start it in the background (once, under a lock, so two
// commands started together do not start two) and say so on stderr.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServerError, UsageError } from './errors.js';
import { configDirectory } from './config.js';
import { sandboxOrigin } from './sandbox-address.js';
import type { Terminal } from './terminal.js';
import { withFileLock } from './private-file.js';

/** node:http, not fetch: the global fetch loads a second undici, costly at start-up. */
export function sandboxAnswers(origin: string, timeoutMs = 1000): Promise<boolean> {
  return sandboxHealth(origin, timeoutMs).then((health) => health !== undefined);
}

/** The sandbox's health answer (its state directory among it), or undefined when nothing answers. */
export function sandboxHealth(origin: string, timeoutMs = 1000): Promise<{ stateDir?: string } | undefined> {
  return new Promise((resolve) => {
    const request = http.get(`${origin}/_sandbox/health`, { timeout: timeoutMs, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (d: string) => (text += d));
      response.on('end', () => {
        if (response.statusCode !== 200) return resolve(undefined);
        try {
          resolve(JSON.parse(text) as { stateDir?: string });
        } catch {
          resolve({});
        }
      });
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/**
 * A sandbox that serves another config directory's state is not this
 * configuration's: using it would show (and change) someone else's data.
 */
export function checkServesThisDirectory(origin: string, health: { stateDir?: string }, env: NodeJS.ProcessEnv): void {
  if (env.VENUE_SANDBOX_URL || !health.stateDir) return; // chosen by hand: the user said which one
  const ours = sandboxStateDirectory(env);
  if (!sameDirectory(health.stateDir, ours)) {
    throw new UsageError(`the sandbox at ${origin} serves another configuration's state (${health.stateDir}), not this one's (${ours})`, {
      hint: 'Stop that one (with its VENUE_CONFIG_DIR: `venue sandbox stop`), or give this configuration another port: VENUE_SANDBOX_PORT=<port>.',
    });
  }
}

function sameDirectory(a: string, b: string): boolean {
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

/**
 * `venue sandbox serve` without --state-dir takes the config directory's
 * sandbox folder: when the config directory's own sandbox (at origin) already
 * serves that folder, a second one would write the same state.json. Exit 2.
 */
export async function refuseWhenServed(stateDir: string, origin: string): Promise<void> {
  const health = await sandboxHealth(origin, 3000);
  if (!health?.stateDir || !sameDirectory(health.stateDir, stateDir)) return;
  throw new UsageError(`a sandbox is already serving the state in ${stateDir} (at ${origin}); a second one would overwrite it`, {
    hint: 'Pass --state-dir <dir> to run another sandbox on its own state, or stop that one first with `venue sandbox stop`.',
  });
}

export function sandboxStateDirectory(env: NodeJS.ProcessEnv): string {
  return path.join(configDirectory(env), 'sandbox');
}

let verified = false;

export async function ensureSandboxRunning(terminal: Terminal, env: NodeJS.ProcessEnv): Promise<void> {
  if (verified) return;
  const origin = sandboxOrigin(env);
  // A sandbox that is not running refuses at once; one that is may be slow on a loaded machine: give it time.
  const health = await sandboxHealth(origin, 3000);
  if (health) {
    checkServesThisDirectory(origin, health, env);
    verified = true;
    return;
  }
  const url = new URL(origin);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || env.VENUE_SANDBOX_AUTOSTART === '0') {
    throw new ServerError(`the sandbox at ${origin} does not answer`, { hint: 'Start it with `venue sandbox start`.' });
  }
  const stateDir = sandboxStateDirectory(env);
  fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  await withFileLock(path.join(stateDir, 'autostart'), async () => {
    if (await sandboxAnswers(origin)) return; // another command started it while we waited
    await startSandboxProcess(env, Number(url.port) || 80, stateDir);
    terminal.info(`Started the local sandbox at ${origin} (state in ${stateDir}; stop it with \`venue sandbox stop\`).`);
  });
  verified = true;
}

/**
 * Spawns `venue sandbox serve` detached and waits until it answers.
 * serveArgs are more options for serve (`--dialect pascal`, `--routes <file>`).
 */
export async function startSandboxProcess(env: NodeJS.ProcessEnv, port: number, stateDir: string, serveArgs: string[] = []): Promise<number> {
  const launcher = fileURLToPath(new URL('../../bin/venue.js', import.meta.url));
  const logFile = path.join(stateDir, 'sandbox.log');
  // One generation of history is enough to diagnose a failed start; keep the log from growing without end.
  if ((fs.statSync(logFile, { throwIfNoEntry: false })?.size ?? 0) > 5 * 1024 * 1024) fs.renameSync(logFile, `${logFile}.1`);
  const log = fs.openSync(logFile, 'a', 0o600);
  const child = spawn(process.execPath, [launcher, 'sandbox', 'serve', '--port', String(port), '--state-dir', stateDir, ...serveArgs], {
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...env, VENUE_SANDBOX_URL: '' },
  });
  child.unref();
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await sandboxAnswers(origin, 500)) return child.pid ?? 0;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new ServerError(`the local sandbox did not start on port ${port}`, {
    hint: `See ${path.join(stateDir, 'sandbox.log')}; the port may be taken (set VENUE_SANDBOX_PORT).`,
  });
}
