#!/usr/bin/env node
// Renders the help of venue, of every group and of every command once, at
// build time, so that the launcher (bin/venue.js) prints it from a file without
// loading commander, the command tree or the HTTP stack: start-up time is a
// feature. Each text is what the CLI itself prints for `venue <path> --help`
// (its main, from the bundle, in this process: commander's own output), to a
// pipe, so at commander's width for a pipe: 80 columns.
//
//   dist/help.txt                  venue --help
//   dist/help/groups/<path>.txt    venue <group…> --help (and `venue <group…>` alone)
//   dist/help/commands/<path>.txt  venue <group…> <command> --help (aliases too)
//
// <path> is the command words joined by spaces. Hidden commands have none.
// The rendering runs in a child whose stdout is a pipe: commander takes its
// width from process.stdout when that is a terminal.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/', import.meta.url);

if (process.argv[2] !== '--child') {
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) process.exit(1);
  process.stdout.write(result.stdout);
} else {
  const { rootGroups } = await import(new URL('commands/index.js', dist).href);
  const { main } = await import(new URL('bundle/main.js', dist).href);
  const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

  /** What `venue …argv` prints on stdout; a failure (any stderr, an exit code) stops the build. */
  const render = async (argv) => {
    let stdout = '';
    let stderr = '';
    const sink = (append) => new Writable({ write: (chunk, _encoding, done) => (append(String(chunk)), done()) });
    const streams = {
      stdin: Readable.from([]),
      stdout: sink((s) => (stdout += s)),
      stderr: sink((s) => (stderr += s)),
    };
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, VENUE_CONFIG_DIR: '/nonexistent-venue-help-build' };
    const code = await main({ argv, version, streams, env });
    if (code !== 0 || stderr !== '' || stdout === '')
      throw new Error(`venue ${argv.join(' ')}: exit ${code}\n${stderr}`);
    return stdout;
  };

  /** Every visible group and command under the root, with its words (aliases as paths of their own). */
  const paths = [];
  const walk = (entry, words) => {
    if (entry.hidden) return;
    if ('commands' in entry) {
      paths.push({ kind: 'groups', words });
      for (const child of entry.commands)
        for (const name of [child.name, ...(child.aliases ?? [])]) walk(child, [...words, name]);
    } else paths.push({ kind: 'commands', words });
  };
  for (const group of rootGroups) {
    if (group.hidden) continue;
    const { default: module } = await group.load();
    walk(module, [group.name]);
  }

  const next = new URL(`help.next-${process.pid}/`, dist);
  mkdirSync(new URL('groups/', next), { recursive: true });
  mkdirSync(new URL('commands/', next), { recursive: true });
  for (const { kind, words } of paths) {
    if (words.some((w) => !/^[a-z][a-z0-9-]*$/.test(w)))
      throw new Error(`a command word the launcher would not look up: ${words.join(' ')}`);
    writeFileSync(new URL(`${kind}/${words.join(' ')}.txt`, next), await render([...words, '--help']));
  }
  writeFileSync(new URL('help.txt', dist), await render(['--help']));
  // Swapped in whole, as the bundle is: never half-written, never an old build's files.
  const folder = new URL('help', dist);
  const old = new URL(`help.previous-${process.pid}`, dist);
  try {
    renameSync(folder, old);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  renameSync(next, folder);
  rmSync(old, { recursive: true, force: true });
  console.log(
    `help prebuilt: the root, ${paths.filter((p) => p.kind === 'groups').length} groups, ${paths.filter((p) => p.kind === 'commands').length} commands`,
  );
}
