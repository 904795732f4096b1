#!/usr/bin/env -S node --
// The launcher: reads the command line with venue's one reader (the small
// front bundle: the reader, the global options and the root of the tree, and
// only the declarations the words reach), then decides: the version, the help
// prebuilt at build time for the words, or main with the invocation read. It
// never looks at the words itself, and is the only place that exits the
// process.
import { readFileSync } from 'node:fs';
// `venue … | head` closes the pipe early: that is the reader's choice, not a
// failure. Any other write error on stdout (a full disk, a broken device) means
// the data did not reach its reader: exit 6, never 0.
let outputLost = false;
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  outputLost = true;
  try {
    process.stderr.write(`error: could not write the output: ${error.message}\n`);
  } catch {}
  process.exit(6);
});

/**
 * Resolves once everything written to the stream so far has left the process.
 * A pipe to a slow reader holds what it has not read yet in the process: exiting
 * before it drains would cut the data off with exit 0.
 */
function drained(stream, boundMs) {
  if (!stream.writable || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = boundMs === undefined ? undefined : setTimeout(resolve, boundMs);
    // An empty write's callback runs after every earlier write has been flushed (or failed).
    stream.write('', () => {
      if (timer) clearTimeout(timer);
      resolve();
    });
  });
}

/** Exits once stdout and stderr have drained (within boundMs, when given). */
async function exitAfterDraining(code, boundMs) {
  await Promise.all([drained(process.stdout, boundMs), drained(process.stderr, boundMs)]);
  process.exit(outputLost ? 6 : code);
}
const version = () => JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/**
 * The help of `venue <path…>` as the build rendered it (scripts/build-help.js:
 * dist/help.txt for venue's own, dist/help/<words>.txt for each group and
 * command). Undefined when the file is absent, or on a terminal narrower than
 * the 80 columns it was laid out for (main then lays it out for the terminal).
 */
function prebuiltHelp(path) {
  if (process.env.VENUE_NO_HELP_CACHE) return undefined;
  if (process.stdout.isTTY && process.stdout.columns < 80) return undefined;
  try {
    return readFileSync(
      new URL(`../dist/${path.length ? `help/${path.join(' ')}.txt` : 'help.txt'}`, import.meta.url),
      'utf8',
    );
  } catch {
    return undefined;
  }
}

let interrupted = false;
let interruptedAt = 0;
// The only exit outside this file's own paths: main's interruption calls it back.
// After a Ctrl-C the person is waiting: what is written still goes out, within a second.
globalThis[Symbol.for('venue.exit')] = (code) => void exitAfterDraining(code, 1_000);
// The one SIGINT listener: every Ctrl-C goes to the interruption main
// installs (src/lib/interruption.ts), which stops sending, waits for a write
// in flight, runs cleanup and ends with 130. `on`, not `once`: signal-exit
// (under proper-lockfile) re-raises a signal when only its own listeners
// remain, which would kill cleanup midway.
process.on('SIGINT', () => {
  const now = Date.now();
  // when-exit (under conf) re-sends the signal at once: that is not a person's second Ctrl-C.
  if (interrupted && now - interruptedAt < 250) return;
  interrupted = true;
  interruptedAt = now;
  const hook = globalThis[Symbol.for('venue.interrupt')];
  if (typeof hook === 'function') hook();
  else {
    // Still starting: nothing has been sent.
    process.stderr.write('\ninterrupted\n');
    process.exit(130);
  }
});

let invocation;
try {
  const { readInvocation } = await import('../dist/bundle/front.js');
  invocation = await readInvocation(process.argv.slice(2));
} catch (error) {
  // A usage problem is part of the invocation: this is a failure to load or read the declarations.
  process.stderr.write(`error: unexpected failure: ${error?.message ?? String(error)}\n`);
  process.exit(1);
}
const help = invocation.help && !invocation.problem ? prebuiltHelp(invocation.path) : undefined;
if (invocation.version) {
  process.stdout.write(`${version()}\n`);
} else if (help !== undefined) {
  process.stdout.write(help);
} else {
  const { main } = await import('../dist/bundle/main.js');
  const code = await main({ invocation, version: version(), alone: true });
  // After a Ctrl-C, main's code already follows the outcome (a write that completed is 0, unknown 7, nothing sent 130).
  process.exitCode = code;
  // Long-lived commands (listen, serve) resolve only when they are done. The
  // process ends when every byte has reached its reader, however slow.
  if (!process.env.VENUE_NO_FORCED_EXIT) await exitAfterDraining(process.exitCode);
}
