// The tool calls of `venue mcp`, apart from the protocol (server.ts, which
// loads this module at the first call): every call runs a venue command
// through `run` (main() in this process with its own streams, -o json, no
// input), one at a time; a read answers a page of what it printed (a cursor
// bound to the query), a write plans (its dry run) and applies only on a
// second call carrying the one-time confirmation id. Every answer is masked
// (emails, card numbers, names) after each run's secrets were. A unit test
// drives it with a fake run.

import { createHash } from 'node:crypto';
import { Confirmations } from './confirmations.js';
import { RpcError, RpcErrorCode } from './json-rpc.js';
import { maskText, maskValue } from './masking.js';
import { checkArguments, commandArguments, type ToolSpec } from './tools.js';
import type { ResourceListing } from './wire.js';

/** What one run of a command gave. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface McpResource extends ResourceListing {
  read(): Promise<string>;
}

export interface ToolCallsOptions {
  /** A served tool's spec (its command's declaration, loaded at its first call); undefined for a name not served. */
  tool(name: string): Promise<ToolSpec | undefined>;
  /** Names of tools venue has but this server does not serve (no --allow-writes, or a group not served): a direct call is refused, saying why. */
  withheld: ReadonlyMap<string, string>;
  /** The profiles a call may name, the first the default (checked before the server started). */
  profiles(): Promise<readonly string[]>;
  /** Runs `venue <argv>` and resolves with its exit code and output. */
  run(argv: string[]): Promise<RunResult>;
  /** Exit code → its meaning (venue help exit-codes). */
  meanings: ReadonlyMap<number, string>;
  /** Where the server says what it does (each call's tool and exit code; never arguments or answers). */
  log(line: string): void;
  /** How long a write's confirmation id stays valid. */
  confirmationTtlMs?: number;
}

const DEFAULT_LIMIT = 50;

type ToolAnswer = {
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
};

function answer(body: Record<string, unknown>, isError = false): ToolAnswer {
  const masked = maskValue(body) as Record<string, unknown>;
  return {
    content: [{ type: 'text', text: JSON.stringify(masked, null, 2) }],
    ...(isError ? { isError: true } : {}),
    structuredContent: masked,
  };
}

/** The messages a run wrote to stderr, one a line, masked; the JSON error object read apart. */
function messagesOf(stderr: string): { messages: string[]; error?: Record<string, unknown> } {
  const messages: string[] = [];
  let error: Record<string, unknown> | undefined;
  for (const line of stderr.split('\n')) {
    if (!line.trim()) continue;
    if (line.startsWith('{')) {
      try {
        const parsed = JSON.parse(line) as { error?: Record<string, unknown> };
        if (parsed.error) {
          error = parsed.error;
          continue;
        }
      } catch {}
    }
    messages.push(maskText(line));
  }
  return { messages, error };
}

/** The venue commands a message names (`venue inventory receipts resolve …`): how an unknown outcome is settled. */
function commandsNamed(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(/`(venue [^`]+)`/g)) found.add(match[1]!);
  return [...found];
}

function bindingOf(tool: string, profile: string, args: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(args).sort(([a], [b]) => (a < b ? -1 : 1)));
  return createHash('sha256')
    .update(JSON.stringify({ tool, profile, args: sorted }))
    .digest('hex')
    .slice(0, 16);
}

function encodeCursor(offset: number, binding: string): string {
  return Buffer.from(JSON.stringify({ o: offset, b: binding })).toString('base64url');
}

function decodeCursor(cursor: string, binding: string): number | string {
  try {
    const { o, b } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o: unknown; b: unknown };
    if (b !== binding) return 'this cursor belongs to another tool, profile or other arguments';
    if (typeof o !== 'number' || !Number.isInteger(o) || o < 0) return 'this cursor cannot be read';
    return o;
  } catch {
    return 'this cursor cannot be read';
  }
}

/** The tool calls' logic, apart from the transport (a unit test drives it with a fake run). */
export class ToolCalls {
  private readonly confirmations: Confirmations;
  /** Calls run one at a time: each is a whole command run, with its journal and locks. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ToolCallsOptions) {
    this.confirmations = new Confirmations(options.confirmationTtlMs ?? 5 * 60_000);
  }

  /** Resolves once every call made so far has ended. */
  whenIdle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** A call, run after every call made before it; one the client cancels before its turn is not run. */
  call(name: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<ToolAnswer> {
    return this.enqueue(() => {
      if (signal?.aborted) {
        this.options.log(`${name}: cancelled before it ran`);
        return Promise.resolve(answer({ cancelled: true }, true));
      }
      return this.callNow(name, input);
    });
  }

  /** A resource's text, read after every call made so far (a resource read runs commands too), masked. */
  async readResource(resource: McpResource): Promise<string> {
    return maskText(await this.enqueue(() => resource.read()));
  }

  /** Runs work after every call made so far. */
  enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private failure(code: number, body: Record<string, unknown>): ToolAnswer {
    return answer(
      { exitCode: code, meaning: this.options.meanings.get(code) ?? 'see venue help exit-codes', ...body },
      true,
    );
  }

  private async callNow(name: string, input: Record<string, unknown>): Promise<ToolAnswer> {
    const tool = await this.options.tool(name);
    if (!tool) {
      const why = this.options.withheld.get(name);
      this.options.log(`refused ${name}: ${why ?? 'no such tool'}`);
      // A name venue does not have is the protocol's error; a tool venue has but does not serve here says why.
      if (why === undefined)
        throw new RpcError(RpcErrorCode.invalidParams, `Unknown tool: ${name}`, {
          hint: 'tools/list gives the tools this server serves.',
        });
      return this.failure(2, {
        error: { message: why, hint: 'tools/list gives the tools this server serves.' },
        sent: false,
      });
    }
    const problems = checkArguments(tool.inputSchema, input);
    if (problems.length)
      return this.failure(2, { error: { message: `invalid arguments for ${name}`, details: problems }, sent: false });
    const served = await this.options.profiles();
    const profile = (input.profile as string | undefined) ?? served[0]!;
    if (!served.includes(profile)) {
      return this.failure(2, {
        error: {
          message: `profile "${profile}" is not served`,
          hint: `venue mcp serves ${served.join(', ')} (--profiles).`,
        },
        sent: false,
      });
    }
    const args = commandArguments(input);
    return tool.use === 'read' ? this.read(tool, profile, input, args) : this.write(tool, profile, input, args);
  }

  private async runLogged(tool: ToolSpec, argv: string[]): Promise<RunResult> {
    const result = await this.options.run(argv);
    this.options.log(`${tool.name}: exit ${result.code}`);
    return result;
  }

  private async read(
    tool: ToolSpec,
    profile: string,
    input: Record<string, unknown>,
    args: Record<string, unknown>,
  ): Promise<ToolAnswer> {
    const limit = (input.limit as number | undefined) ?? DEFAULT_LIMIT;
    const binding = bindingOf(tool.name, profile, args);
    const offset = input.cursor === undefined ? 0 : decodeCursor(input.cursor as string, binding);
    if (typeof offset === 'string')
      return this.failure(2, {
        error: { message: offset, hint: 'Pass the nextCursor of an answer with the same arguments.' },
        sent: false,
      });
    // One more than the page: whether a next page exists is seen, never guessed.
    const argv = [
      '--profile',
      profile,
      '--output',
      'json',
      '--no-input',
      ...tool.argv(args, [`--limit=${offset + limit + 1}`]),
    ];
    const result = await this.runLogged(tool, argv);
    const { messages, error } = messagesOf(result.stderr);
    // A command may print its data and still fail (inventory health reporting the service unhealthy): both are told.
    if (result.code !== 0)
      return this.failure(result.code, {
        error: error ?? { message: messages.join('\n') },
        ...(result.stdout.trim() ? { printed: parseOr(result.stdout) } : {}),
        ...(messages.length ? { messages } : {}),
      });
    let data: unknown;
    try {
      data = result.stdout.trim() === '' ? null : JSON.parse(result.stdout);
    } catch {
      return this.failure(6, { error: { message: 'the command printed something that is not JSON' } });
    }
    if (!Array.isArray(data)) return answer({ record: data, ...(messages.length ? { messages } : {}) });
    const page = data.slice(offset, offset + limit);
    const more = data.length > offset + limit;
    return answer({
      records: page,
      count: page.length,
      ...(more ? { nextCursor: encodeCursor(offset + limit, binding) } : { complete: true }),
      ...(messages.length ? { messages } : {}),
    });
  }

  private async write(
    tool: ToolSpec,
    profile: string,
    input: Record<string, unknown>,
    args: Record<string, unknown>,
  ): Promise<ToolAnswer> {
    const base = ['--profile', profile, '--output', 'json', '--no-input'];
    const confirmationId = input.confirmationId as string | undefined;
    if (confirmationId === undefined) {
      const result = await this.runLogged(tool, [...base, ...tool.argv(args, ['--dry-run'])]);
      const { messages, error } = messagesOf(result.stderr);
      if (result.code !== 0)
        return this.failure(result.code, {
          stage: 'dry run',
          error: error ?? { message: messages.join('\n') },
          ...(messages.length ? { messages } : {}),
          sent: false,
        });
      const confirmation = this.confirmations.issue(tool.name, profile, args);
      return answer({
        stage: 'planned',
        applied: false,
        plan: parseOr(result.stdout),
        ...(messages.length ? { messages } : {}),
        confirmationId: confirmation.id,
        expiresAt: new Date(confirmation.expiresAt).toISOString(),
        next: `Show this plan to the person. To apply it, call ${tool.name} again with the same arguments and confirmationId "${confirmation.id}" (used once).`,
      });
    }
    const redeemed = this.confirmations.redeem(confirmationId, tool.name, profile, args);
    if (!redeemed.ok)
      return this.failure(2, {
        stage: 'apply',
        error: { message: redeemed.why, hint: 'Call the tool without confirmationId to plan again.' },
        sent: false,
      });
    const result = await this.runLogged(tool, [...base, ...tool.argv(args, tool.hasYes ? ['--yes'] : [])]);
    const { messages, error } = messagesOf(result.stderr);
    if (result.code === 0)
      return answer({
        stage: 'applied',
        outcome: 'applied',
        result: parseOr(result.stdout),
        ...(messages.length ? { messages } : {}),
      });
    const texts = [
      ...messages,
      String(error?.message ?? ''),
      String(error?.hint ?? ''),
      ...((error?.details as string[] | undefined) ?? []),
    ];
    if (result.code === 7) {
      return this.failure(7, {
        stage: 'apply',
        outcome: 'unknown',
        error: error ?? { message: messages.join('\n') },
        settleWith: commandsNamed(texts),
        next: "Do not call this tool again for the same write: a person checks what happened and settles it (settleWith). The write is in venue's journal.",
        ...(messages.length ? { messages } : {}),
      });
    }
    return this.failure(result.code, {
      stage: 'apply',
      outcome: 'not applied',
      error: error ?? { message: messages.join('\n') },
      ...(messages.length ? { messages } : {}),
    });
  }
}

function parseOr(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
