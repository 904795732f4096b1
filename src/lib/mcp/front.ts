// The front of `venue mcp` on stdio (newline-delimited JSON-RPC): it answers
// a session's first messages (initialize, notifications/initialized, ping,
// tools/list, resources/list) from data it is given, without the SDK, zod or
// the command tree, because start-up time is a product feature: an assistant
// starts the server and lists its tools before the person sees anything. The
// first message it does not answer itself (tools/call, resources/read, a
// malformed line, anything else) hands the session to the SDK's server: the
// front replays the initialize it answered (under an id of its own, and drops
// that answer), then forwards every message both ways unchanged. What
// arrives before the server reads is held, in order, by the stream to it.

import { PassThrough, type Readable, type Writable } from 'node:stream';
import { CAPABILITIES, INSTRUCTIONS, SERVER_NAME, type ResourceListing, type ToolListing } from './wire.js';

/** The id of the replayed initialize: the SDK's answer to it is the front's to drop. */
export const REPLAY_ID = 'venue-front:initialize';

export interface FrontOptions {
  /** The client's messages (the process's stdin). */
  input: Readable;
  /** To the client (the process's stdout). */
  output: Writable;
  version: string;
  /** The protocol versions the SDK's server negotiates: the one asked for when supported, else the latest. */
  protocolVersions: { latest: string; supported: readonly string[] };
  tools: readonly ToolListing[];
  resources: readonly ResourceListing[];
}

type Message = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, is: (v: unknown) => boolean) => value === undefined || is(value);
const isString = (value: unknown) => typeof value === 'string';
/** A JSON-RPC request id as the SDK reads one: a string or a whole number. */
const isId = (value: unknown) => typeof value === 'string' || Number.isInteger(value);

/** Params the SDK reads the same way: none, or an object whose _meta (and cursor, for a list) have their types. */
function plainParams(params: unknown, paged: boolean): boolean {
  if (params === undefined) return true;
  return isObject(params) && optional(params._meta, isObject) && (!paged || optional(params.cursor, isString));
}

/** initialize params the SDK's schema accepts (anything else goes to it, and it answers). */
function initializeParams(params: unknown): params is { protocolVersion: string } {
  if (
    !isObject(params) ||
    !isString(params.protocolVersion) ||
    !isObject(params.capabilities) ||
    !optional(params._meta, isObject)
  )
    return false;
  const info = params.clientInfo;
  if (!isObject(info) || !isString(info.name) || !isString(info.version)) return false;
  if (
    ![info.title, info.websiteUrl, info.description].every((v) => optional(v, isString)) ||
    !optional(info.icons, Array.isArray)
  )
    return false;
  return Object.values(params.capabilities).every((v) => isObject(v));
}

/**
 * A byte stream read line by line (each with its newline) while the reader
 * takes lines, then, once it has opened, passed through as it comes.
 */
class LineGate {
  private pending: Buffer = Buffer.alloc(0);
  private opened = false;

  constructor(
    /** Takes one line; true opens the gate (the rest passes through). */
    private readonly take: (line: Buffer) => boolean,
    private readonly through: (chunk: Buffer) => void,
  ) {}

  get isOpen(): boolean {
    return this.opened;
  }

  open(): void {
    this.opened = true;
  }

  push(chunk: Buffer): void {
    if (this.opened) {
      this.through(chunk);
      return;
    }
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let at: number;
    while (!this.opened && (at = this.pending.indexOf(0x0a)) >= 0) {
      const line = this.pending.subarray(0, at + 1);
      this.pending = this.pending.subarray(at + 1);
      if (this.take(line)) this.opened = true;
    }
    if (this.opened && this.pending.length) {
      this.through(this.pending);
      this.pending = Buffer.alloc(0);
    }
  }
}

export class McpFront {
  /** What the SDK's server reads: the replayed initialize, then every message from the first one forwarded. */
  readonly toServer = new PassThrough();
  /** What the SDK's server writes: forwarded to the client, but for the answer to the replay. */
  readonly fromServer = new PassThrough();
  /** Resolves at the first message forwarded: the SDK's server is wanted. */
  readonly forwarding: Promise<void>;
  /** Resolves when the client's input ends. */
  readonly ended: Promise<void>;
  private forwardingStarted?: () => void;
  private initialize?: Message;
  private initialized?: string;
  /** The client's lines, answered here until the first the server must have; then all of it to the server. */
  private readonly fromClient = new LineGate(
    (line) => {
      if (this.answer(line)) return false;
      this.forward(line);
      return true;
    },
    (chunk) => void this.toServer.write(chunk),
  );
  /** The server's lines: its answer to the replayed initialize dropped, everything else to the client as it came. */
  private readonly toClient = new LineGate(
    (line) => {
      let id: unknown;
      try {
        id = (JSON.parse(line.toString('utf8')) as { id?: unknown }).id;
      } catch {}
      if (id === REPLAY_ID) return true;
      this.options.output.write(line);
      return false;
    },
    (chunk) => void this.options.output.write(chunk),
  );
  private readonly listeners: Array<(method: string) => void> = [];

  constructor(private readonly options: FrontOptions) {
    this.forwarding = new Promise((resolve) => (this.forwardingStarted = resolve));
    this.ended = new Promise((resolve) => {
      options.input.once('end', () => {
        this.toServer.end();
        resolve();
      });
    });
    options.input.on('data', (chunk: Buffer | string) =>
      this.fromClient.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk),
    );
    this.fromServer.on('data', (chunk: Buffer) => this.toClient.push(chunk));
  }

  /** Called with each method the front answers (or notes: notifications/initialized), after its answer was written. */
  onAnswered(listener: (method: string) => void): void {
    this.listeners.push(listener);
  }

  /** Whether the session has been handed to the SDK's server. */
  get isForwarding(): boolean {
    return this.forwardingStarted === undefined;
  }

  /** Answers one line (with its newline) if it is the front's to answer; false when it is the server's. */
  private answer(line: Buffer): boolean {
    let message: unknown;
    try {
      message = JSON.parse(line.toString('utf8'));
    } catch {
      return false;
    }
    if (
      !isObject(message) ||
      message.jsonrpc !== '2.0' ||
      !isString(message.method) ||
      'result' in message ||
      'error' in message
    )
      return false;
    const method = message.method as string;
    if (this.initialize === undefined) {
      if (method !== 'initialize' || !isId(message.id) || !initializeParams(message.params)) return false;
      this.initialize = message;
      const { latest, supported } = this.options.protocolVersions;
      const asked = message.params.protocolVersion;
      const protocolVersion = supported.includes(asked) ? asked : latest;
      return this.reply(method, message.id, {
        protocolVersion,
        capabilities: CAPABILITIES,
        serverInfo: { name: SERVER_NAME, version: this.options.version },
        instructions: INSTRUCTIONS,
      });
    }
    if (!('id' in message)) {
      if (
        method !== 'notifications/initialized' ||
        this.initialized !== undefined ||
        !plainParams(message.params, false)
      )
        return false;
      this.initialized = line.toString('utf8');
      this.noted(method);
      return true;
    }
    if (!isId(message.id)) return false;
    switch (method) {
      case 'ping':
        return plainParams(message.params, false) && this.reply(method, message.id, {});
      case 'tools/list':
        return plainParams(message.params, true) && this.reply(method, message.id, { tools: this.options.tools });
      case 'resources/list':
        return (
          plainParams(message.params, true) && this.reply(method, message.id, { resources: this.options.resources })
        );
      default:
        return false;
    }
  }

  /** Writes an answer as the SDK's transport does (its key order: result, jsonrpc, id). */
  private reply(method: string, id: unknown, result: unknown): true {
    this.options.output.write(`${JSON.stringify({ result, jsonrpc: '2.0', id })}\n`);
    this.noted(method);
    return true;
  }

  private noted(method: string): void {
    for (const listener of this.listeners) listener(method);
  }

  /** Hands the session to the server: the replay, then this line and all that follows, as they came. */
  private forward(line: Buffer): void {
    const started = this.forwardingStarted!;
    this.forwardingStarted = undefined;
    if (this.initialize) this.toServer.write(`${JSON.stringify({ ...this.initialize, id: REPLAY_ID })}\n`);
    else this.toClient.open();
    if (this.initialized !== undefined) this.toServer.write(this.initialized);
    this.toServer.write(line);
    started();
  }

  /** Resolves once everything the server wrote has gone to the client (call when the server has ended). */
  flushed(): Promise<void> {
    return new Promise((resolve) => {
      this.fromServer.once('end', resolve);
      this.fromServer.end();
    });
  }
}
