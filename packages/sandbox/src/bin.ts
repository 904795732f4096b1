// The package's command: `venue-sandbox [options]` serves the sandbox in the
// foreground until Ctrl-C or SIGTERM, then saves its state and exits 0. The
// first line on stdout is "venue-sandbox listening on <origin>" (or, with
// --json, one JSON object); what goes wrong while it serves goes to stderr.
// Exit 2 for a bad option or route-layout file, 1 when it cannot start.

import { parseArgs } from 'node:util';
import {
  createSandbox,
  DIALECT_NAMES,
  isDialectName,
  RouteLayoutError,
  type SandboxLogger,
  type SandboxOptions,
} from './index.js';

const DEFAULT_PORT = 47800;

const usage = `Usage: venue-sandbox [options]

Serves the local emulator of the guest wallet, experience booking and
inventory services until interrupted (Ctrl-C or SIGTERM saves its state).

Options:
  --port <n>           port to listen on; 0 takes a free one (default ${DEFAULT_PORT})
  --host <address>     address to listen on (default 127.0.0.1)
  --state-dir <dir>    keep the state there across restarts (default: in memory)
  --dialect <name>     the shapes it answers in: ${DIALECT_NAMES.join(', ')} (default venue)
  --shuffle-keys       every answer's keys in another order (fixed per key list), in any dialect
  --routes <file>      serve inventory on the paths and auth scheme of a route-layout file
  --token-scale <x>    multiply every token lifetime (0.001 makes 1 hour 3.6 s)
  --hold-seconds <n>   how long a booking hold lasts (default 600)
  --json               say where it listens as one JSON object on stdout
  -h, --help           this help
  -v, --version        the package's version
`;

class OptionError extends Error {}

function number(
  flag: string,
  value: string | undefined,
  check: (n: number) => boolean,
  rule: string,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || !check(n))
    throw new OptionError(`${flag} must be ${rule}, not "${value}"`);
  return n;
}

/** The options a command line asks for; throws OptionError (exit 2) for anything wrong. */
export function parseOptions(argv: string[]): { options: SandboxOptions; json: boolean } | 'help' | 'version' {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new OptionError((error as Error).message);
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (values.dialect !== undefined && !isDialectName(values.dialect)) {
    throw new OptionError(`--dialect must be one of ${DIALECT_NAMES.join(', ')}, not "${values.dialect}"`);
  }
  return {
    json: values.json ?? false,
    options: {
      port:
        number(
          '--port',
          values.port,
          (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
          'a port number from 0 to 65535',
        ) ?? DEFAULT_PORT,
      host: values.host,
      stateDir: values['state-dir'],
      dialect: values.dialect as SandboxOptions['dialect'],
      ...(values['shuffle-keys'] ? { shuffleKeys: true } : {}),
      routes: values.routes,
      tokenScale: number('--token-scale', values['token-scale'], (n) => n > 0, 'a positive number'),
      holdSeconds: number(
        '--hold-seconds',
        values['hold-seconds'],
        (n) => Number.isInteger(n) && n > 0,
        'a positive whole number',
      ),
    },
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'state-dir': { type: 'string' },
      dialect: { type: 'string' },
      'shuffle-keys': { type: 'boolean' },
      routes: { type: 'string' },
      'token-scale': { type: 'string' },
      'hold-seconds': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}

const stderrLogger: SandboxLogger = {
  warn: (message) => void process.stderr.write(`venue-sandbox: ${message}\n`),
  error: (message) => void process.stderr.write(`venue-sandbox: ${message}\n`),
};

/** Runs the command; resolves to the exit code once the sandbox has stopped. */
export async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    process.stderr.write(`venue-sandbox: ${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (parsed === 'help') {
    process.stdout.write(usage);
    return 0;
  }
  if (parsed === 'version') {
    const { readFileSync } = await import('node:fs');
    process.stdout.write(
      `${(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version}\n`,
    );
    return 0;
  }
  const sandbox = createSandbox({ ...parsed.options, logger: stderrLogger });
  let origin: string;
  try {
    origin = await sandbox.start();
  } catch (error) {
    if (error instanceof RouteLayoutError) {
      process.stderr.write(`venue-sandbox: ${error.message}\n`);
      return 2;
    }
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      `venue-sandbox: ${code === 'EADDRINUSE' ? `port ${parsed.options.port} is taken (pass --port 0 for a free one)` : (error as Error).message}\n`,
    );
    return 1;
  }
  // A fault in some emulator's timer must not take the sandbox down.
  const onUncaught = (error: unknown) =>
    stderrLogger.error(`unexpected error: ${(error as Error)?.stack ?? String(error)}`);
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
  const stop = () => void sandbox.stop();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const info = sandbox.info();
  if (parsed.json)
    process.stdout.write(
      `${JSON.stringify({ listening: true, origin, pid: process.pid, stateDir: info.stateDir ?? null, dialect: info.dialect, shuffleKeys: info.shuffleKeys, routes: info.routes ?? null, settings: info.settings })}\n`,
    );
  else process.stdout.write(`venue-sandbox listening on ${origin}\n`);
  await sandbox.closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
  return 0;
}
