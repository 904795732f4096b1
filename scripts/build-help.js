#!/usr/bin/env node
// Renders the help of venue, of every group and of every command once, at
// build time, so that the launcher (bin/venue.js) prints it from a file
// without loading commander or the command modules: start-up time is a
// feature. Each text is what the CLI itself prints for `venue <path> --help`
// (its main, from the bundle, in this process: the help renderer,
// src/program.ts), to a pipe: 80 columns.
//
//   dist/help.txt            venue --help (and venue alone)
//   dist/help/<path>.txt     venue <group…> [<command>] --help (and a group alone)
//
// <path> is the command words joined by spaces, as the reader names them.
// Hidden commands have none.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';

const dist = new URL('../dist/', import.meta.url);
const { rootGroups } = await import(new URL('commands/index.js', dist).href);
const { everyDeclaration } = await import(new URL('commands/argv-words.js', dist).href);
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
  if (code !== 0 || stderr !== '' || stdout === '') throw new Error(`venue ${argv.join(' ')}: exit ${code}\n${stderr}`);
  return stdout;
};

const paths = (await everyDeclaration(rootGroups)).filter((d) => !d.hidden).map((d) => d.path);
const next = new URL(`help.next-${process.pid}/`, dist);
mkdirSync(next, { recursive: true });
for (const words of paths) writeFileSync(new URL(`${words.join(' ')}.txt`, next), await render([...words, '--help']));
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
console.log(`help prebuilt: the root and ${paths.length} groups and commands`);
