// `venue mcp`: the runner that serves venue's services to an assistant over MCP
// (src/lib/mcp/server.ts holds the server). main hands it the invocation and a
// way to run a command in this process (main itself, with captured streams):
// every tool call, and every resource, is a venue command run with -o json,
// so the tools answer what the commands print and keep all their rules.

import { PassThrough, Writable } from 'node:stream';
import type { Invocation } from './invocation.js';
import type { RunShell } from './run.js';
import type { McpResource, RunResult } from './lib/mcp/server.js';
import { ExitCode, UsageError } from './lib/errors.js';
import { RESOURCES, isServed } from './lib/mcp/wire.js';

/**
 * Given when the launcher's front (src/mcp-front.ts, src/lib/mcp/front.ts)
 * answered the session's first messages: the profiles are checked at once,
 * and the SDK's server starts only when the front hands it the session.
 */
export interface McpFrontLink {
  /** Resolves true at the first message the front forwards; false when the client ended the session without one. */
  serverWanted: Promise<boolean>;
}

export interface McpShell extends RunShell {
  /** Runs `venue <argv>` in this process with its own streams (no input, no terminal). */
  runVenue(argv: string[], env: NodeJS.ProcessEnv): Promise<RunResult>;
  front?: McpFrontLink;
}

/** A stream that keeps what is written to it. */
class Capture extends Writable {
  private readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    done();
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** The streams of one in-process run: no input, output kept. */
export function capturedStreams(): { stdin: PassThrough; stdout: Capture; stderr: Capture } {
  return { stdin: new PassThrough().end(), stdout: new Capture(), stderr: new Capture() };
}

function listOf(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
}

/** Exit code → meaning, read from `venue help exit-codes` (its first table, lines "  N    meaning…"). */
export function exitMeanings(text: string): Map<number, string> {
  const meanings = new Map<number, string>();
  let current: number | undefined;
  for (const line of text.split('\n')) {
    const start = /^ {2}(\d+)\s+(.*)$/.exec(line);
    if (start) {
      current = Number(start[1]);
      meanings.set(current, start[2]!.trim());
    } else if (current !== undefined && /^ {4,}\S/.test(line))
      meanings.set(current, `${meanings.get(current)} ${line.trim()}`);
    else if (meanings.size) break; // the table ends at its first other line (the outcome rule's statuses follow later)
  }
  return meanings;
}

export async function serveVenueMcp(invocation: Invocation, shell: McpShell): Promise<number> {
  const given = new Map(invocation.commandOptions.map((o) => [o.names.attribute, o.value ?? 'true']));
  const { toolGroups, deriveTools } = await import('./commands/mcp/tools.js');
  const groups = listOf(given.get('groups')) ?? [...toolGroups];
  const unknownGroups = groups.filter((g) => !(toolGroups as readonly string[]).includes(g));
  if (unknownGroups.length)
    throw new UsageError(`--groups: no group ${unknownGroups.join(', ')}`, {
      hint: `The groups are ${toolGroups.join(', ')}.`,
    });
  const allowWrites = given.has('allowWrites');
  const run = (argv: string[]) => shell.runVenue(argv, shell.env);

  const all = await deriveTools([...toolGroups]);
  const tools = all.filter((t) => isServed({ group: t.path[0]!, use: t.use }, groups, allowWrites));
  const withheld = new Map<string, string>();
  for (const tool of all) {
    if (tools.includes(tool)) continue;
    withheld.set(
      tool.name,
      !groups.includes(tool.path[0]!)
        ? `${tool.name} is in the ${tool.path[0]} group, which this server does not serve (--groups ${groups.join(',')})`
        : `${tool.name} changes data, and this server was started without --allow-writes: it is not served and was not run`,
    );
  }

  const { helpTopics } = await import('./cli/help-topics.js');
  const exitCodes = helpTopics['exit-codes']!.text;
  // The profiles are checked once (venue's own config command), after the first answers of start-up; a call waits for it.
  let checked: Promise<{ rows: ProfileRow[]; profiles: string[] }> | undefined;
  const served = () => (checked ??= servedProfiles(invocation, given.get('profiles'), run));
  const resources: McpResource[] = [
    { ...RESOURCES.exitCodes, read: async () => exitCodes },
    {
      ...RESOURCES.profiles,
      read: async () => {
        const { rows, profiles } = await served();
        return JSON.stringify(
          await profileList(
            rows.filter((r) => profiles.includes(r.name)),
            run,
          ),
          null,
          2,
        );
      },
    },
    {
      ...RESOURCES.rules,
      read: async () => JSON.stringify(Object.fromEntries(tools.map((t) => [t.name, t.rules])), null, 2),
    },
  ];

  let failure: unknown;
  let announced: Promise<string[]> | undefined;
  const announce = () =>
    served().then(
      ({ profiles }) => {
        shell.streams.stderr.write(
          `venue mcp: serving ${tools.length} tools for ${profiles.join(', ')} (${groups.join(', ')}; writes ${allowWrites ? 'allowed, each confirmed' : 'not served'})\n`,
        );
        return profiles;
      },
      (error: unknown) => {
        failure = error;
        throw error;
      },
    );
  const profiles = () => (announced ??= announce());
  if (shell.front) {
    // The front has answered the first messages: the profiles are checked now, and the SDK is loaded only for a message the front forwards.
    const checking = profiles();
    checking.catch(() => undefined);
    const wanted = await Promise.race([shell.front.serverWanted, checking.then(() => shell.front!.serverWanted)]);
    if (!wanted) {
      await checking;
      return ExitCode.ok;
    }
  }
  const { serveMcp } = await import('./lib/mcp/server.js');
  await serveMcp({
    version: shell.version,
    tools,
    withheld,
    profiles,
    run,
    meanings: exitMeanings(exitCodes),
    resources,
    stdin: shell.streams.stdin,
    stdout: shell.streams.stdout,
    log: (line) => void shell.streams.stderr.write(`venue mcp: ${line}\n`),
  });
  // A profile that does not exist ends the server as a usage error would have, before any tool ran
  // (a session may end before the check does: it is waited for, never taken as passed).
  await announced?.catch(() => undefined);
  if (failure !== undefined) throw failure;
  return ExitCode.ok;
}

interface ProfileRow {
  name: string;
  current: string;
  tags: string[];
  extends: string;
  sandbox: boolean;
}

/** The profiles served: those named by --profiles, else the current one; each must exist. */
async function servedProfiles(
  invocation: Invocation,
  named: string | undefined,
  run: (argv: string[]) => Promise<RunResult>,
): Promise<{ rows: ProfileRow[]; profiles: string[] }> {
  const listed = await run([
    ...(invocation.globals.profile ? ['--profile', invocation.globals.profile] : []),
    'config',
    'profiles',
    '--output',
    'json',
    '--no-input',
  ]);
  if (listed.code !== 0) throw new UsageError(`the profiles cannot be listed: ${listed.stderr.trim()}`);
  const rows = JSON.parse(listed.stdout) as ProfileRow[];
  const current = rows.find((r) => r.current === '*')?.name ?? invocation.globals.profile;
  const profiles = listOf(named) ?? (current ? [current] : []);
  const missing = profiles.filter((p) => !rows.some((r) => r.name === p));
  if (missing.length)
    throw new UsageError(`--profiles: no profile ${missing.join(', ')}`, { hint: 'See `venue config profiles`.' });
  if (!profiles.length)
    throw new UsageError('no profile to serve', {
      hint: 'Name them with --profiles, or choose one with `venue config use`.',
    });
  return { rows, profiles };
}

async function profileList(
  rows: Array<{ name: string; tags: string[]; extends: string; sandbox: boolean }>,
  run: (argv: string[]) => Promise<RunResult>,
) {
  const out = [];
  for (const row of rows) {
    const listed = await run(['--profile', row.name, 'config', 'list', '--output', 'json', '--no-input']);
    const settings = listed.code === 0 ? (JSON.parse(listed.stdout) as Array<{ key: string; value: string }>) : [];
    const services = Object.fromEntries(
      settings.filter((s) => /^\w+\.url$/.test(s.key) && s.value).map((s) => [s.key.replace(/\.url$/, ''), s.value]),
    );
    out.push({
      name: row.name,
      tags: row.tags,
      ...(row.extends ? { extends: row.extends } : {}),
      sandbox: row.sandbox,
      services,
    });
  }
  return out;
}
