// Runs the CLI and turns every outcome into an exit code, in one place.
// Only bin/venue.js calls process.exit.

import { buildProgram, requestedGroup } from './cli.js';
import { ExitCode, exitCodeFor, isVenueError, type VenueError } from './lib/errors.js';
import type { TerminalStreams } from './lib/terminal.js';

export interface MainOptions {
  argv: string[];
  /** Tests pass their own; by default one that the launcher's SIGINT listener drives. */
  interruption?: import('./lib/interruption.js').Interruption;
  streams?: TerminalStreams;
  env?: NodeJS.ProcessEnv;
  version: string;
}

function printError(stderr: TerminalStreams['stderr'], error: VenueError, verbose: boolean, colour: boolean): void {
  const red = (t: string) => (colour ? `\u001b[31m${t}\u001b[39m` : t);
  const dim = (t: string) => (colour ? `\u001b[2m${t}\u001b[22m` : t);
  // "interrupted" was said when Ctrl-C came; only what it left behind is added.
  if (error.category === 'interrupted') {
    if (error.message !== 'interrupted') stderr.write(`${error.message}\n`);
  } else stderr.write(`${red('error:')} ${error.message}\n`);
  for (const line of error.details) stderr.write(`  ${line}\n`);
  if (error.hint) stderr.write(`${dim(error.hint)}\n`);
  if (verbose && error.cause) stderr.write(`${dim(`cause: ${String((error.cause as Error).message ?? error.cause)}`)}\n`);
}

export async function main(options: MainOptions): Promise<number> {
  const given = options.streams ?? { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  // Every secret the run learns is masked in everything it writes: messages, traces, data.
  const { SecretRegistry, scrubbingStream } = await import('./lib/redact.js');
  const secrets = new SecretRegistry();
  const streams = { stdin: given.stdin, stdout: scrubbingStream(given.stdout, secrets, false), stderr: scrubbingStream(given.stderr, secrets, true) };
  // The one interruption mechanism: the launcher hands every Ctrl-C to it.
  const { ProcessInterruption, INTERRUPT_HOOK, EXIT_HOOK } = await import('./lib/interruption.js');
  const hooks = globalThis as unknown as Record<symbol, unknown>;
  const launcherExit = hooks[EXIT_HOOK] as ((code: number) => void) | undefined;
  const interruption =
    options.interruption ??
    new ProcessInterruption({
      say: (message) => streams.stderr.write(`${message}\n`),
      exit: (code) => (launcherExit ? launcherExit(code) : void (process.exitCode = code)),
    });
  if (!options.interruption && interruption instanceof ProcessInterruption) hooks[INTERRUPT_HOOK] = () => interruption.notify();
  const env = options.env ?? process.env;
  const argv = options.argv;
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  const { colourWanted } = await import('./lib/terminal.js');
  const colour = colourWanted(Boolean(streams.stderr.isTTY), argv.includes('--no-color'), env);

  try {
    const program = await buildProgram(argv, { streams, env, version: options.version, secrets, interruption });
    if (requestedGroup(argv) === undefined && !argv.some((a) => ['-h', '--help', '-V', '--version'].includes(a))) {
      program.outputHelp();
      return ExitCode.ok;
    }
    await program.parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    const commanderError = error as { code?: string; exitCode?: number };
    if (typeof commanderError.code === 'string' && commanderError.code.startsWith('commander.')) {
      // Help and version are successes; every other commander complaint is a usage error.
      if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(commanderError.code)) return ExitCode.ok;
      return ExitCode.usage;
    }
    if (isVenueError(error)) {
      printError(streams.stderr, error, verbose, colour);
      return exitCodeFor(error);
    }
    streams.stderr.write(`error: unexpected failure: ${(error as Error)?.message ?? String(error)}\n`);
    if (verbose && (error as Error)?.stack) streams.stderr.write(`${(error as Error).stack}\n`);
    else streams.stderr.write('Run again with --verbose for details.\n');
    return ExitCode.unexpected;
  } finally {
    const { closeHttpConnections } = await import('./lib/http.js');
    await closeHttpConnections();
  }
}
