// `venue` on a PATH for shells (the help examples), run in the test's own
// process: a small sh script hands its argv, environment, working directory
// and pid to this process over a unix socket (with curl), which runs the
// command through in-process.ts's runVenue, reading stdin from the script's
// /proc/<pid>/fd/0 only if the command reads it (a pipe's bytes stay for
// the next reader, as with a process), and hands back stdout, stderr and the
// exit code. Killing the script (its process group) is a Ctrl-C for the run.
// Without curl (or /proc) it is the built binary instead.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { runVenue } from './in-process.js';
import { removeDir, stopBackgroundSandbox, tempDir, venueBin } from './venue.js';

export const curlAvailable =
  spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0 && fs.existsSync('/proc/self/fd/0');

export interface VenueShim {
  /** Whether `venue` runs in this process (else the built binary). */
  inProcess: boolean;
  close(): Promise<void>;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Puts an executable `venue` in binDir that runs each command in this process. */
export async function installVenueShim(binDir: string): Promise<VenueShim> {
  const target = path.join(binDir, 'venue');
  if (!curlAvailable) {
    fs.writeFileSync(target, `#!/bin/sh\nexec "${process.execPath}" "${venueBin}" "$@"\n`, { mode: 0o755 });
    return { inProcess: false, close: async () => undefined };
  }
  const home = tempDir('venue-shim-');
  const socket = path.join(home, 'runner.sock');
  const server = http.createServer((request, response) => {
    const dir = new URL(request.url ?? '/', 'http://venue').searchParams.get('dir') ?? '';
    const read = (name: string) => fs.readFileSync(path.join(dir, name));
    // The shim killed before the answer (its process group stopped): a Ctrl-C for the run.
    const gone = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) gone.abort();
    });
    void (async () => {
      try {
        const argv = read('argv').toString('utf8').split('\0').slice(0, -1);
        const env: Record<string, string> = {};
        for (const entry of read('env').toString('utf8').split('\0')) {
          const at = entry.indexOf('=');
          if (at > 0) env[entry.slice(0, at)] = entry.slice(at + 1);
        }
        const cwd = read('cwd').toString('utf8').replace(/\n$/, '');
        // The shim's own stdin, read only if the command reads it (as the process would: a pipe's bytes stay for the next reader).
        const stdinFile = `/proc/${read('pid').toString('utf8').trim()}/fd/0`;
        const result = await runVenue(argv, {
          env,
          cwd,
          stdinFile,
          timeoutMs: 120_000,
          interrupt: { signal: gone.signal },
        });
        fs.writeFileSync(path.join(dir, 'stdout'), result.stdout);
        fs.writeFileSync(path.join(dir, 'stderr'), result.stderr);
        fs.writeFileSync(path.join(dir, 'code'), String(result.code));
        response.writeHead(200).end();
      } catch (error) {
        response.writeHead(500).end(String((error as Error)?.stack ?? error));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, resolve));
  fs.writeFileSync(
    target,
    [
      '#!/bin/sh',
      '# venue, run in the test process (test/support/venue-shim.ts)',
      'd=$(mktemp -d "${TMPDIR:-/tmp}/venue-run.XXXXXX") || exit 1',
      'printf \'%s\\0\' "$@" > "$d/argv"',
      'env -0 > "$d/env"',
      'pwd > "$d/cwd"',
      'echo $$ > "$d/pid"',
      `if ! curl -sS --fail-with-body --unix-socket ${quote(socket)} "http://venue/run?dir=$d" > "$d/failure" 2>&1; then`,
      '  echo "venue (in-process shim): the test runner failed:" >&2; cat "$d/failure" >&2; rm -rf "$d"; exit 1',
      'fi',
      'cat "$d/stdout"',
      'cat "$d/stderr" >&2',
      'code=$(cat "$d/code")',
      'rm -rf "$d"',
      'exit "$code"',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return {
    inProcess: true,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      removeDir(home);
    },
  };
}

/**
 * The end of a test that runs shell examples: the sandbox (and one an example
 * started in the background on its state) stopped, the shim and "your app"
 * closed, the folders removed.
 */
export async function closeShellRun(parts: {
  sandbox?: { origin: string; stop(): Promise<void> };
  shim?: VenueShim;
  receiver?: http.Server;
  dirs: Array<string | undefined>;
}): Promise<void> {
  // `venue sandbox stop` in an example may have replaced the sandbox by one started in the background:
  // it is stopped, and its process has ended, before its folder is removed (stop() does the same).
  if (parts.sandbox) await stopBackgroundSandbox(parts.sandbox.origin);
  await parts.sandbox?.stop();
  await parts.shim?.close();
  const { receiver } = parts;
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  for (const dir of parts.dirs) if (dir) removeDir(dir);
}

/**
 * The shell-example tests (the help examples, the README's) both use the
 * ports the examples name (8787 for `webhooks listen`, 3000 for "your app"),
 * so they take turns: this waits for the other to finish (a lock folder in
 * the temporary directory, taken over when its holder's process is gone) and
 * returns the release.
 */
export async function takeExamplePorts(timeoutMs = 600_000): Promise<() => void> {
  const lock = path.join(os.tmpdir(), 'venue-test-example-ports.lock');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return () => fs.rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
    } catch {
      // being written or removed: look again
    }
    if (Number.isInteger(holder) && holder !== process.pid && !alive(holder))
      fs.rmSync(lock, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`the example ports are still held (${lock}, pid ${holder})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
