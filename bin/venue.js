#!/usr/bin/env -S node --
// The launcher: answers --version without loading anything, else runs main
// and is the only place that exits the process.
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
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
 * The help asked for, rendered at build time (scripts/build-help.js) from the
 * declarations: `venue --help`, `venue <group…> [<command>] --help` (or -h),
 * `venue help [<group…> [<command>]]` and `venue <group…>` alone. Undefined
 * when argv is anything else (a word no command has among them: the CLI says
 * what is wrong), when the file is absent, or on a terminal narrower than the
 * 80 columns it was laid out for (commander then lays it out for the terminal).
 */
function prebuiltHelp(words) {
  if (process.env.VENUE_NO_HELP_CACHE) return undefined;
  if (process.stdout.isTTY && process.stdout.columns < 80) return undefined;
  let path = words;
  let kinds = ['groups'];
  const last = words.at(-1);
  if (words[0] === 'help') [path, kinds] = [words.slice(1), ['groups', 'commands']];
  else if (last === '--help' || last === '-h') [path, kinds] = [words.slice(0, -1), ['groups', 'commands']];
  else if (words.length === 0) return undefined; // `venue` alone: the CLI says so on its own terms
  const read = (file) => {
    try {
      return readFileSync(new URL(`../dist/${file}`, import.meta.url), 'utf8');
    } catch {
      return undefined;
    }
  };
  if (path.length === 0) return read('help.txt');
  if (!path.every((word) => /^[a-z][a-z0-9-]*$/.test(word))) return undefined;
  for (const kind of kinds) {
    const text = read(`help/${kind}/${path.join(' ')}.txt`);
    if (text !== undefined) return text;
  }
  return undefined;
}

const help = prebuiltHelp(argv);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${version()}\n`);
} else if (help !== undefined) {
  process.stdout.write(help);
} else {
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
  // `venue mcp`: its front answers an assistant's first messages before main or the SDK is loaded (src/mcp-front.ts).
  const { main } =
    argv[0] === 'mcp'
      ? { main: (await import('../dist/bundle/mcp-front.js')).venueMcp }
      : await import('../dist/bundle/main.js');
  const code = await main({ argv, version: version() });
  // After a Ctrl-C, main's code already follows the outcome (a write that completed is 0, unknown 7, nothing sent 130).
  process.exitCode = code;
  // Long-lived commands (listen, serve) resolve only when they are done. The
  // process ends when every byte has reached its reader, however slow.
  if (!process.env.VENUE_NO_FORCED_EXIT) await exitAfterDraining(process.exitCode);
}
