// The sandbox profile works with nothing started by hand: when its sandbox
// does not answer, start it in the background (once, under a lock, so two
// commands started together do not start two) and say so on stderr.

import { writeFileDurably } from './durable-file.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SandboxControlClient, type SandboxHealth } from 'venue-sandbox';
import { ServerError, UsageError } from './errors.js';
import { configDirectory, ConfigStore, SANDBOX_PROFILE } from './config.js';
import { sandboxOrigin } from './sandbox-address.js';
import type { Messages } from './screen.js';
import { withFileLock } from './private-file.js';

export function sandboxAnswers(origin: string, timeoutMs = 1000): Promise<boolean> {
  return sandboxHealth(origin, timeoutMs).then((health) => health !== undefined);
}

/** The sandbox's health answer (its state directory among it), or undefined when nothing answers. */
export function sandboxHealth(origin: string, timeoutMs = 1000): Promise<SandboxHealth | undefined> {
  // The package's control client speaks node:http, not fetch (a second undici, costly at start-up).
  return new SandboxControlClient(origin).health(timeoutMs);
}

/**
 * A sandbox that serves another config directory's state is not this
 * configuration's: using it would show (and change) someone else's data.
 */
export function checkServesThisDirectory(origin: string, health: { stateDir?: string }, env: NodeJS.ProcessEnv): void {
  if (env.VENUE_SANDBOX_URL || !health.stateDir) return; // chosen by hand: the user said which one
  const ours = sandboxStateDirectory(env);
  if (!sameDirectory(health.stateDir, ours)) {
    throw new UsageError(
      `the sandbox at ${origin} serves another configuration's state (${health.stateDir}), not this one's (${ours})`,
      {
        hint: 'Stop that one (with its VENUE_CONFIG_DIR: `venue sandbox stop`), or give this configuration another port: VENUE_SANDBOX_PORT=<port>.',
      },
    );
  }
}

function sameDirectory(a: string, b: string): boolean {
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

/** Kept in a state folder by the sandbox serving it (its origin and pid), removed when it stops. */
const SERVING_FILE = 'serving.json';

/** Says, in stateDir, that this process serves it at origin; returns the undo, for when it stops. */
export function markServing(stateDir: string, origin: string): () => void {
  const file = path.join(stateDir, SERVING_FILE);
  try {
    fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    writeFileDurably(file, `${JSON.stringify({ origin, pid: process.pid })}\n`);
  } catch {
    return () => undefined; // a folder it cannot write to: only the origin check guards it then
  }
  return () => {
    try {
      if ((JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number }).pid === process.pid)
        fs.rmSync(file, { force: true });
    } catch {
      // already gone, or another sandbox's now
    }
  };
}

/** The origin of a running sandbox that serves stateDir: the one its marker names, or one of the given origins; undefined when none does. */
async function servingOrigin(stateDir: string, origins: string[]): Promise<string | undefined> {
  let marked: string | undefined;
  try {
    marked = (JSON.parse(fs.readFileSync(path.join(stateDir, SERVING_FILE), 'utf8')) as { origin?: string }).origin;
  } catch {
    // no marker: no sandbox said it serves this folder
  }
  for (const origin of new Set([...(marked ? [marked] : []), ...origins])) {
    const health = await sandboxHealth(origin, 3000);
    // A marker left by a sandbox that was killed names an origin that no longer answers, or answers for another folder.
    if (health?.stateDir && sameDirectory(health.stateDir, stateDir)) return origin;
  }
  return undefined;
}

/**
 * Before a sandbox starts on stateDir: when another one already serves that
 * folder (the configuration's own at origin, or any that marked it), a second
 * would write the same state.json. Exit 2, saying what to do instead.
 */
export async function refuseWhenServed(stateDir: string, origin: string): Promise<void> {
  const serving = await servingOrigin(stateDir, [origin]);
  if (serving === undefined) return;
  throw new UsageError(
    `a sandbox is already serving the state in ${stateDir} (at ${serving}); a second one would overwrite it`,
    {
      hint: `Pass --state-dir <dir> to run another sandbox on its own state, or stop that one first with \`${serving === origin ? '' : `VENUE_SANDBOX_URL=${serving} `}venue sandbox stop\`.`,
    },
  );
}

export function sandboxStateDirectory(env: NodeJS.ProcessEnv): string {
  return path.join(configDirectory(env), 'sandbox');
}

/** The runs (by their environment) whose sandbox has answered: checked once a run, not once a process. */
const verified = new WeakSet<NodeJS.ProcessEnv>();

export async function ensureSandboxRunning(messages: Pick<Messages, 'info'>, env: NodeJS.ProcessEnv): Promise<void> {
  if (verified.has(env)) return;
  const origin = sandboxOrigin(env);
  // A sandbox that is not running refuses at once; one that is may be slow on a loaded machine: give it time.
  const health = await sandboxHealth(origin, 3000);
  if (health) {
    checkServesThisDirectory(origin, health, env);
    verified.add(env);
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
    // `venue sandbox serve` on another port may serve this state already: a second sandbox would overwrite it.
    const elsewhere = await servingOrigin(stateDir, []);
    if (elsewhere !== undefined) {
      throw new UsageError(
        `a sandbox at ${elsewhere} already serves this configuration's state (${stateDir}), so none is started at ${origin}`,
        {
          hint: `Use that one with VENUE_SANDBOX_URL=${elsewhere}, or stop it (Ctrl-C where it runs) and run the command again.`,
        },
      );
    }
    const idle = await idleStopMinutes(env);
    await startSandboxProcess(env, Number(url.port) || 80, stateDir, { idleStop: idle });
    const stops = idle ? `; it stops by itself after ${idle} minute${idle === 1 ? '' : 's'} without a request` : '';
    messages.info(
      `Started the local sandbox at ${origin} (state in ${stateDir}; stop it with \`venue sandbox stop\`${stops}).`,
    );
  });
  verified.add(env);
}

/** A background sandbox stops after this many minutes without a request, unless told otherwise. */
export const DEFAULT_IDLE_STOP_MINUTES = 15;

/** Minutes of an idle stop: a number of minutes, 0 for never (decimals allowed: 0.5 is 30 s). */
export function parseIdleStop(raw: string, where: string): number {
  const minutes = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(minutes) || minutes < 0 || minutes > 10_080) {
    throw new UsageError(`${where} must be a number of minutes from 0 (never) to 10080 (got "${raw}")`);
  }
  return minutes;
}

/**
 * How long a background sandbox of this configuration waits without a
 * request before it stops: VENUE_SANDBOX_IDLE_STOP, else the sandbox
 * profile's sandbox.idleStop, else 15 minutes.
 */
export async function idleStopMinutes(env: NodeJS.ProcessEnv): Promise<number> {
  const { value, source } = (await ConfigStore.open(env)).resolve(SANDBOX_PROFILE, 'sandbox.idleStop');
  if (value === undefined) return DEFAULT_IDLE_STOP_MINUTES;
  return parseIdleStop(
    value,
    source === 'environment' ? 'VENUE_SANDBOX_IDLE_STOP' : 'sandbox.idleStop (sandbox profile)',
  );
}

/** What `venue sandbox serve` is started with beyond its port and state: the dialect, a routes file, the idle stop in minutes. */
export interface ServeOptions {
  dialect?: string;
  routes?: string;
  idleStop?: number;
}

/**
 * Spawns `venue sandbox serve` detached and waits until it answers. Without
 * an idle stop it gets this configuration's (idleStopMinutes): a sandbox in
 * the background never outlives its use by long.
 */
export async function startSandboxProcess(
  env: NodeJS.ProcessEnv,
  port: number,
  stateDir: string,
  serve: ServeOptions = {},
): Promise<number> {
  const serveArgs = [
    ...(serve.dialect ? ['--dialect', serve.dialect] : []),
    ...(serve.routes ? ['--routes', serve.routes] : []),
    '--idle-stop',
    String(serve.idleStop ?? (await idleStopMinutes(env))),
  ];
  const launcher = fileURLToPath(new URL('../../bin/venue.js', import.meta.url));
  const logFile = path.join(stateDir, 'sandbox.log');
  // One generation of history is enough to diagnose a failed start; keep the log from growing without end.
  if ((fs.statSync(logFile, { throwIfNoEntry: false })?.size ?? 0) > 5 * 1024 * 1024)
    fs.renameSync(logFile, `${logFile}.1`);
  const log = fs.openSync(logFile, 'a', 0o600);
  const child = spawn(
    process.execPath,
    [launcher, 'sandbox', 'serve', '--port', String(port), '--state-dir', stateDir, ...serveArgs],
    {
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...env, VENUE_SANDBOX_URL: '' },
    },
  );
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
