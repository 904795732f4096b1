// End-to-end helpers: run the built `venue` binary as a child process, and
// start a private sandbox (`venue sandbox serve --port 0`) per test file.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxDemoSecrets } from '../../src/lib/sandbox-address.js';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export { freePort } from './free-port.js';
export const venueBin = path.join(repoRoot, 'bin/venue.js');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Written to stdin, then stdin is closed. */
  input?: string | Buffer;
  cwd?: string;
  timeoutMs?: number;
}

/** A clean environment: no colour, no CI-inherited profile, no real config. */
export function baseEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', LANG: 'C.UTF-8' };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export function runVenue(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [venueBin, ...args], {
      env: baseEnv(options.env),
      cwd: options.cwd ?? repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`venue ${args.join(' ')} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal === 'SIGINT' ? 130 : 1), stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  });
}

/**
 * Runs venue and sends it SIGINT (Ctrl-C) once `when` says so of its stderr so far, `delayMs` later (to let the step
 * it names get under way). Resolves when it has closed: its exit code (null when a signal ended it), stdout, stderr.
 */
export function runInterrupted(
  args: string[],
  when: (stderr: string) => boolean,
  options: { env?: Record<string, string | undefined>; delayMs?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [venueBin, ...args], {
    env: baseEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let sent = false;
  const interrupt = () => child.kill('SIGINT');
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
    if (!sent && when(stderr)) {
      sent = true;
      if (options.delayMs) setTimeout(interrupt, options.delayMs);
      else interrupt();
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

export function tempDir(prefix = 'venue-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Removes a test's folder. A process that has just stopped answering may still
 * be writing its last state there (a sandbox persists after it stops serving),
 * so a folder that fills again while it is removed (ENOTEMPTY) is tried again.
 */
export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/**
 * Stops the sandbox that answers at origin if it runs in another process (one
 * an example or autostart started in the background: `venue sandbox stop`
 * does the same), and waits until that process has ended, so nothing writes to
 * its state folder any more. A sandbox in this process is left to its owner.
 */
export async function stopBackgroundSandbox(origin: string, timeoutMs = 15_000): Promise<void> {
  let pid: number | undefined;
  try {
    const health = await fetch(`${origin}/_sandbox/health`, { signal: AbortSignal.timeout(2000) });
    if (health.ok) pid = ((await health.json()) as { pid?: number }).pid;
  } catch {
    return; // nothing answers there
  }
  if (pid === undefined || pid === process.pid) return;
  await fetch(`${origin}/_sandbox/shutdown`, { method: 'POST', signal: AbortSignal.timeout(2000) }).catch(
    () => undefined,
  );
  const deadline = Date.now() + timeoutMs;
  const alive = () => {
    try {
      process.kill(pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (alive()) {
    process.kill(pid, 'SIGKILL');
    while (alive()) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A sandbox for a test, however it runs (its own process here; in-process.ts's in the test's). */
export interface SandboxHandle {
  origin: string;
  configDir: string;
  /** Environment that points the CLI's sandbox profile at this sandbox. */
  env: Record<string, string>;
  run(args: string[], options?: RunOptions): Promise<RunResult>;
  /** A token from the sandbox's own token exchange, with the demo credentials. */
  serviceToken(service: 'inventory' | 'booking' | 'wallet'): Promise<string>;
  /** Calls the sandbox control API (/_sandbox/...) directly. */
  control<T = unknown>(method: string, controlPath: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** A sandbox in a process of its own: `venue sandbox serve`. */
export interface SandboxProcessHandle extends SandboxHandle {
  process: ChildProcess;
}

/** The sandbox's own HTTP surface, as a test reaches it: its token exchange and its control API. */
export function sandboxCalls(origin: string): Pick<SandboxHandle, 'serviceToken' | 'control'> {
  return {
    async serviceToken(service) {
      const [path, body] =
        service === 'inventory'
          ? [
              '/inventory/auth/token',
              { apiKey: sandboxDemoSecrets['inventory.apiKey'], apiSecret: sandboxDemoSecrets['inventory.apiSecret'] },
            ]
          : [`/${service}/api/v1/token`, { clientSecret: sandboxDemoSecrets[`${service}.clientSecret`] }];
      const response = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      // Every dialect's token answer (docs/sandbox-dialects.md): venue's, pascal's, plain's and the envelope's.
      const answer = (await response.json()) as Record<string, unknown> & { data?: Record<string, unknown> };
      const fields = { ...answer, ...(answer.data ?? {}) };
      return [fields.token, fields.accessToken, fields.AccessToken, fields.access_token, fields.jwt].find(
        (t): t is string => typeof t === 'string',
      )!;
    },
    async control<T>(method: string, controlPath: string, body?: unknown): Promise<T> {
      const response = await fetch(`${origin}/_sandbox${controlPath}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} /_sandbox${controlPath}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

/** Starts `venue sandbox serve --port 0` with a private state and config directory. */
export async function startSandbox(extraArgs: string[] = []): Promise<SandboxProcessHandle> {
  const configDir = tempDir();
  const stateDir = path.join(configDir, 'sandbox');
  const child = spawn(
    process.execPath,
    [venueBin, 'sandbox', 'serve', '--port', '0', '--state-dir', stateDir, ...extraArgs],
    {
      env: baseEnv({ VENUE_CONFIG_DIR: configDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${log}`)), 20_000);
    const onData = (d: Buffer) => {
      log += d.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace(/\/+$/, ''));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => (log += d.toString()));
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}:\n${log}`)));
  });
  const env = sandboxEnv(configDir, origin);
  return {
    origin,
    configDir,
    env,
    process: child,
    run: (args, options = {}) => runVenue(args, { ...options, env: { ...env, ...options.env } }),
    ...sandboxCalls(origin),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      // A sandbox an example or autostart started in the background on the same state folder is stopped first.
      await stopBackgroundSandbox(origin);
      removeDir(configDir);
    },
  };
}

/** The environment that points the CLI's sandbox profile at the sandbox at origin, with configDir as its configuration. */
export function sandboxEnv(configDir: string, origin: string): Record<string, string> {
  return { VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_URL: origin, VENUE_SANDBOX_AUTOSTART: '0' };
}

/**
 * One private sandbox for a test file: started before its tests (given to
 * `use`), stopped after them; with clearFaults, faults are cleared after each test.
 */
export function sandboxForFile(
  options: { clearFaults?: boolean; args?: string[] },
  use: (sandbox: SandboxProcessHandle) => void,
): void {
  sandboxPerFile(startSandbox, options, use);
}

/** sandboxForFile's shape for any way of starting a sandbox (in-process.ts uses it too). */
export function sandboxPerFile<H extends SandboxHandle>(
  start: (args?: string[]) => Promise<H>,
  options: { clearFaults?: boolean; args?: string[] },
  use: (sandbox: H) => void,
): void {
  let handle: H | undefined;
  beforeAll(async () => {
    handle = await start(options.args);
    use(handle);
  }, 60_000);
  afterAll(async () => {
    await handle?.stop();
  }, 60_000);
  if (options.clearFaults) {
    afterEach(async () => {
      await handle?.control('DELETE', '/faults');
    });
  }
}
