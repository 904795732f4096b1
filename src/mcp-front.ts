// `venue mcp` from the launcher: the front (src/lib/mcp/front.ts) answers the
// session's first messages from the list prebuilt at build time
// (dist/mcp.json, scripts/build-mcp.js) before main, the command tree or the
// SDK is loaded: start-up time is a product feature (bench/mcp-startup.js).
// main then runs `venue mcp` behind it as it would alone (the same checks,
// the profiles checked once the first answers are out, the SDK's server for
// every call), reading and writing through the front. Anything this file
// does not read with certainty (a global option, --help, a value it does not
// know, VENUE_TIMEZONE to check) goes to main as it is, with no front; so
// does every run with VENUE_MCP_NO_FRONT=1 (the SDK's server alone: tests
// compare the two).

import { readFileSync } from 'node:fs';
import { McpFront } from './lib/mcp/front.js';
import { RESOURCES, servedListings, type PrebuiltList } from './lib/mcp/wire.js';
import type { MainOptions } from './main.js';

/** The words of `venue mcp …` the front serves: its own options, each once, with a plain value. */
export function frontArguments(
  argv: readonly string[],
  groups: readonly string[],
): { groups: string[]; allowWrites: boolean } | undefined {
  if (argv[0] !== 'mcp') return undefined;
  const values = new Map<string, string | true>();
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    const [flag, inline] =
      word.startsWith('--') && word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined];
    if (values.has(flag)) return undefined;
    if (flag === '--allow-writes' && inline === undefined) values.set(flag, true);
    else if (flag === '--groups' || flag === '--profiles') {
      const value = inline ?? argv[++i];
      if (value === undefined || value.trim() === '' || value.startsWith('-')) return undefined;
      values.set(flag, value);
    } else return undefined;
  }
  const named = values.get('--groups');
  const served =
    typeof named === 'string'
      ? named
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : [...groups];
  if (!served.length || served.some((g) => !groups.includes(g))) return undefined;
  return { groups: served, allowWrites: values.has('--allow-writes') };
}

function prebuilt(): PrebuiltList | undefined {
  try {
    return JSON.parse(readFileSync(new URL('../mcp.json', import.meta.url), 'utf8')) as PrebuiltList;
  } catch {
    return undefined;
  }
}

/** Runs `venue mcp …` (argv as given after `venue`) and resolves with its exit code, as main does. */
export async function venueMcp(options: Pick<MainOptions, 'argv' | 'version'>): Promise<number> {
  const env = process.env;
  const list = env.VENUE_MCP_NO_FRONT || env.VENUE_TIMEZONE ? undefined : prebuilt();
  const served = list && frontArguments(options.argv, list.groups);
  if (!list || !served) {
    const { main } = await import('./main.js');
    return main(options);
  }
  const front = new McpFront({
    input: process.stdin,
    output: process.stdout,
    version: options.version,
    protocolVersions: list.protocolVersions,
    tools: servedListings(list, served.groups, served.allowWrites),
    resources: Object.values(RESOURCES),
  });
  let wanted!: (yes: boolean) => void;
  const serverWanted = new Promise<boolean>((resolve) => (wanted = resolve));
  let done!: (code: number) => void;
  const mainEnded = new Promise<number>((resolve) => (done = resolve));
  let running: Promise<number> | undefined;
  let closed = false;
  // main behind the front: it checks the profiles at once, and starts the SDK's server when the front forwards a message.
  const start = () => {
    if (running || closed) return;
    running = import('./main.js').then(({ main }) =>
      main({
        ...options,
        streams: { stdin: front.toServer, stdout: front.fromServer, stderr: process.stderr },
        mcpFront: { serverWanted },
      }),
    );
    running.then(done, () => undefined);
  };
  void front.forwarding.then(() => {
    wanted(true);
    start();
  });
  // The profiles are checked once the first answers are out (as the SDK's server does): after tools/list, or soon after initialized.
  front.onAnswered((method) => {
    if (method === 'tools/list') setImmediate(start);
    else if (method === 'notifications/initialized') setTimeout(start, 50);
  });
  setTimeout(start, 200).unref();
  // The session ends when the client has gone (main, if it runs, ends after it), or when main ends first: a profile that cannot be served.
  const ended = front.ended.then(() => {
    wanted(false);
    if (!running) closed = true;
    return running ?? 0;
  });
  const code = await Promise.race([ended, mainEnded]);
  await front.flushed();
  return code;
}
