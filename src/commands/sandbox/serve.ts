import { machineWide } from './machine-wide.js';
import { defineCommand, option } from '../define.js';
import path from 'node:path';
import { UsageError } from '../../lib/errors.js';
import { createSandbox, RouteLayoutError } from 'venue-sandbox';
import { DIALECT_CHOICES, parseDialect } from './dialect-option.js';
import { sandboxOrigin, sandboxPort } from '../../lib/sandbox-address.js';
import { markServing, parseIdleStop, refuseWhenServed, sandboxStateDirectory } from '../../lib/sandbox-launcher.js';

interface ServeOptions {
  port?: string;
  host: string;
  stateDir?: string;
  tokenScale?: string;
  holdSeconds?: string;
  dialect?: string;
  shuffleKeys?: boolean;
  routes?: string;
  idleStop?: string;
}

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number from 0 to 65535, not "${value}"`);
  return port;
}

function parsePositive(flag: string, value: string | undefined, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${flag} must be a positive ${integer ? 'whole number' : 'number'}, not "${value}"`);
  }
  return n;
}

export default defineCommand<ServeOptions>({
  name: 'serve',
  summary: 'Run the sandbox in the foreground until interrupted',
  description:
    'Runs the local emulator of the wallet, booking and inventory services in the foreground. The first line on stdout is ' +
    '"venue sandbox listening on <origin>" (with --port 0 the port is the one it took). Ctrl-C or SIGTERM stops it and saves its state. ' +
    "Without --state-dir it keeps the state in the config directory's sandbox folder. It refuses (exit 2) a state folder another running sandbox serves " +
    "(this configuration's, or one started with `venue sandbox serve`), and the sandbox commands start none on a folder it serves.",
  examples: [
    'venue sandbox serve --port 0 --state-dir ./sandbox-state   # runs until stopped',
    'venue sandbox serve --port 0 --state-dir ./fast-sandbox --token-scale 0.001 --hold-seconds 5   # runs until stopped',
    'venue sandbox serve --port 0 --state-dir ./pascal-sandbox --dialect pascal   # runs until stopped',
  ],
  options: [
    option('--port <n>', 'port to listen on; 0 takes a free one (default: VENUE_SANDBOX_PORT or 47800)', {
      kind: 'unsigned',
    }),
    option('--host <address>', 'address to listen on', { kind: 'text', default: '127.0.0.1' }),
    option(
      '--state-dir <dir>',
      'where the state is kept (default: the sandbox folder of the config directory); never one another running sandbox serves',
      { kind: 'path' },
    ),
    option('--token-scale <x>', 'multiply every token lifetime (0.001 makes a 1-hour token last 3.6 s)', {
      kind: 'decimal',
    }),
    option('--hold-seconds <n>', 'how long a booking hold lasts (default 600)', { kind: 'unsigned' }),
    option('--dialect <name>', `the shapes it answers in: ${DIALECT_CHOICES} (see docs/sandbox-dialects.md)`, {
      kind: 'text',
    }),
    option(
      '--shuffle-keys',
      "every answer's keys in another order than venue's, fixed per key list, in any dialect (docs/sandbox-dialects.md)",
    ),
    option(
      '--routes <file>',
      'serve inventory on the paths and auth scheme of a route-layout file (docs/sandbox-routes.md)',
      { kind: 'file' },
    ),
    option(
      '--idle-stop <minutes>',
      'stop (state saved) after this many minutes without a request; 0 or absent: never (the background sandbox gets 15, see `sandbox start`)',
      { kind: 'duration' },
    ),
  ],
  fleet: machineWide,
  async run(ctx, options) {
    const idleStop = options.idleStop === undefined ? 0 : parseIdleStop(options.idleStop, '--idle-stop');
    const port = parsePort(options.port, sandboxPort(ctx.env));
    const tokenScale = parsePositive('--token-scale', options.tokenScale, false);
    const holdSeconds = parsePositive('--hold-seconds', options.holdSeconds, true);
    const stateDir = options.stateDir ?? sandboxStateDirectory(ctx.env);
    // Two sandboxes on one state folder would overwrite each other's state.json.
    await refuseWhenServed(stateDir, sandboxOrigin(ctx.env));
    const dialect = await parseDialect(options.dialect);
    const routes = options.routes === undefined ? undefined : path.resolve(options.routes);

    // What goes wrong while it serves goes to stderr (the sandbox's log when it runs in the background).
    const log = (message: string) => void process.stderr.write(`sandbox: ${message}\n`);
    const sandbox = createSandbox({
      stateDir,
      port,
      host: options.host,
      tokenScale,
      holdSeconds,
      dialect,
      ...(options.shuffleKeys ? { shuffleKeys: true } : {}),
      routes,
      idleStopMs: Math.round(idleStop * 60_000),
      logger: { warn: log, error: log },
    });
    let origin: string;
    try {
      origin = await sandbox.start();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') {
        throw new UsageError(`port ${port} is taken`, {
          hint: 'Is a sandbox already running? See `venue sandbox status`, or pass --port 0.',
        });
      }
      if (error instanceof RouteLayoutError)
        throw new UsageError(error.message, { hint: 'See docs/sandbox-routes.md for the layout file.' });
      throw error;
    }
    const info = sandbox.info();

    // Said in the state folder while it serves, so another sandbox (or the autostart) will not take the same folder.
    const unmark = markServing(stateDir, origin);
    // A fault in a timer of some service must not take the sandbox down.
    const onUncaught = (error: unknown) => log(`unexpected error: ${(error as Error)?.stack ?? String(error)}`);
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    const stop = () => void sandbox.stop();
    // Ctrl-C through the program's one interruption mechanism (it waits for the stop, which saves the state).
    const stopListening = ctx.interruption.onInterrupt(() => sandbox.stop());
    process.once('SIGTERM', stop);

    if (ctx.output.isMachine) {
      await ctx.output.record({
        listening: true,
        origin,
        pid: process.pid,
        stateDir,
        dialect: info.dialect,
        ...(info.shuffleKeys ? { shuffleKeys: true } : {}),
        ...(routes ? { routes } : {}),
        idleStopMinutes: idleStop || null,
        settings: info.settings,
      });
    } else {
      ctx.terminal.write(`venue sandbox listening on ${origin}\n`);
      if (info.dialect !== 'venue')
        ctx.terminal.info(`Answering in the ${info.dialect} dialect (docs/sandbox-dialects.md).`);
      if (info.shuffleKeys) ctx.terminal.info("Every answer's keys in another order (--shuffle-keys).");
      if (routes) ctx.terminal.info(`Inventory on the route layout in ${routes}.`);
      ctx.terminal.info(
        `State in ${stateDir}. Stop with Ctrl-C or \`venue sandbox stop\`${idleStop ? `; it stops by itself after ${idleStop} minute${idleStop === 1 ? '' : 's'} without a request` : ''}.`,
      );
    }

    await sandbox.closed;
    unmark();
    stopListening();
    process.off('SIGTERM', stop);
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
    ctx.terminal.info('Sandbox stopped; state saved.');
  },
});
