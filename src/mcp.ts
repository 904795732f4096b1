// `venue mcp`: the runner that serves venue's services to an assistant over MCP
// (src/lib/mcp/server.ts holds the server). main hands it the invocation and a
// way to run a command in this process (main itself, with captured streams):
// every tool call, and every resource, is a venue command run with -o json,
// so the tools answer what the commands print and keep all their rules.
// What it serves is checked before it serves: a group or profile that does
// not exist is a usage error (exit 2, with the closest names), never a
// server that fails at its first call.

import { PassThrough, Writable } from 'node:stream';
import type { Invocation } from './invocation.js';
import type { RunShell } from './run.js';
import type { McpResource, RunResult } from './lib/mcp/tool-calls.js';
import type { ToolSpec } from './lib/mcp/tools.js';
import { ExitCode, UsageError } from './lib/errors.js';
import { ConfigStore } from './lib/config.js';
import { serveMcp } from './lib/mcp/server.js';
import { readBuiltJson } from './lib/package-files.js';
import { RESOURCES, servedTools, type ToolCatalogue } from './lib/mcp/wire.js';
import { EXIT_CODES } from './lib/facts.js';
import { didYouMean } from './lib/suggest.js';

export interface McpShell extends RunShell {
  /** Runs `venue <argv>` in this process with its own streams (no input, no terminal). */
  runVenue(argv: string[], env: NodeJS.ProcessEnv): Promise<RunResult>;
}

/** The tool catalogue the build wrote (dist/mcp.json, scripts/build-mcp.js). */
function toolCatalogue(): ToolCatalogue {
  const catalogue = readBuiltJson<ToolCatalogue>('dist/mcp.json');
  if (!catalogue) throw new Error('the MCP tool catalogue (dist/mcp.json) is missing: npm run build writes it');
  return catalogue;
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

export async function serveVenueMcp(invocation: Invocation, shell: McpShell): Promise<number> {
  const options = invocation.options as { profiles?: string; groups?: string; allowWrites?: boolean };
  const catalogue = toolCatalogue();
  const groups = listOf(options.groups) ?? [...catalogue.groups];
  for (const group of groups) {
    if (catalogue.groups.includes(group)) continue;
    throw new UsageError(`--groups: no group "${group}"`, {
      hint: [didYouMean(group, catalogue.groups), `The groups are ${catalogue.groups.join(', ')}.`]
        .filter(Boolean)
        .join(' '),
    });
  }
  const profiles = await servedProfiles(invocation, listOf(options.profiles), shell.env);
  const allowWrites = Boolean(options.allowWrites);
  const run = (argv: string[]) => shell.runVenue(argv, shell.env);

  const served = servedTools(catalogue, groups, allowWrites);
  const withheld = new Map<string, string>();
  for (const tool of catalogue.tools) {
    if (served.includes(tool)) continue;
    const { name } = tool.listing;
    withheld.set(
      name,
      !groups.includes(tool.group)
        ? `${name} is in the ${tool.group} group, which this server does not serve (--groups ${groups.join(',')})`
        : `${name} changes data, and this server was started without --allow-writes: it is not served and was not run`,
    );
  }
  // A served tool's spec comes from its command's declaration, loaded at its first call.
  const specs = new Map<string, Promise<ToolSpec | undefined>>();
  const tool = (name: string) => {
    const entry = served.find((t) => t.listing.name === name);
    if (!entry) return Promise.resolve(undefined);
    if (!specs.has(name))
      specs.set(
        name,
        import('./commands/mcp/tools.js').then(({ toolAt }) => toolAt(entry.path)),
      );
    return specs.get(name)!;
  };

  // The exit codes' topic as `venue help exit-codes` prints it, rendered from the facts (lib/facts.ts).
  const exitCodes = async () => (await import('./cli/help-topics.js')).helpTopics['exit-codes']!.text;
  const resources: McpResource[] = [
    { ...RESOURCES.exitCodes, read: exitCodes },
    { ...RESOURCES.profiles, read: async () => JSON.stringify(await profileList(profiles, run), null, 2) },
    {
      ...RESOURCES.rules,
      read: async () => JSON.stringify(Object.fromEntries(served.map((t) => [t.listing.name, t.rules])), null, 2),
    },
  ];

  shell.streams.stderr.write(
    `venue mcp: serving ${served.length} tools for ${profiles.join(', ')} (${groups.join(', ')}; writes ${allowWrites ? 'allowed, each confirmed' : 'not served'})\n`,
  );
  await serveMcp({
    version: shell.version,
    listings: served.map((t) => t.listing),
    resources,
    // What calls need is loaded at the first call: listing the tools needs none of it.
    calls: async () => {
      const { ToolCalls } = await import('./lib/mcp/tool-calls.js');
      return new ToolCalls({
        tool,
        withheld,
        profiles: async () => profiles,
        run,
        meanings: new Map(EXIT_CODES.map((fact) => [fact.code as number, fact.meaning])),
        log: (line) => void shell.streams.stderr.write(`venue mcp: ${line}\n`),
      });
    },
    stdin: shell.streams.stdin,
    stdout: shell.streams.stdout,
  });
  return ExitCode.ok;
}

interface ProfileRow {
  name: string;
  current: string;
  tags: string[];
  extends: string;
  sandbox: boolean;
}

/** The profiles served: those named by --profiles, else the one a command would use; each must exist. */
async function servedProfiles(
  invocation: Invocation,
  named: string[] | undefined,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const config = await ConfigStore.open(env);
  const profiles = named ?? [invocation.globals.profile ?? env.VENUE_PROFILE ?? config.currentProfile()];
  if (!profiles.length)
    throw new UsageError('--profiles names no profile', {
      hint: 'Name them with --profiles a,b, or leave it out to serve the current profile.',
    });
  for (const name of profiles)
    if (!config.profileExists(name))
      throw config.noSuchProfile(name, { said: named ? '--profiles: no profile' : 'no profile named' });
  return profiles;
}

/** The served profiles as venue's own config commands list them (never a secret). */
async function profileList(served: readonly string[], run: (argv: string[]) => Promise<RunResult>) {
  const listed = await run(['config', 'profiles', '--output', 'json', '--no-input']);
  if (listed.code !== 0) throw new Error(`the profiles cannot be listed: ${listed.stderr.trim()}`);
  const rows = (JSON.parse(listed.stdout) as ProfileRow[]).filter((r) => served.includes(r.name));
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
