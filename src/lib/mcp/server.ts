// `venue mcp`'s server: MCP over stdio (newline-delimited JSON-RPC 2.0,
// json-rpc.ts), venue's own, small enough to answer at once: initialize (the
// revision negotiated), ping, tools/list, tools/call, resources/list,
// resources/read, and cancellation. The tools are listed from the catalogue
// prebuilt from the declarations (wire.ts); the calls (tool-calls.ts: each a
// venue command run with -o json, answers masked, writes confirmed) are
// loaded at the first call or resource read, so listing needs none of them.

import type { Readable, Writable } from 'node:stream';
import { RpcError, RpcErrorCode, serveJsonRpc } from './json-rpc.js';
import type { McpResource, ToolCalls } from './tool-calls.js';
import { CAPABILITIES, INSTRUCTIONS, PROTOCOL_VERSIONS, SERVER_NAME, type ToolListing } from './wire.js';

export type { McpResource, RunResult } from './tool-calls.js';

export interface McpServerOptions {
  version: string;
  /** The tools served, as tools/list lists them. */
  listings: readonly ToolListing[];
  resources: readonly McpResource[];
  /** The calls' logic, made at the first call or resource read. */
  calls(): Promise<ToolCalls>;
  stdin: Readable;
  stdout: Writable;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function invalid(message: string): RpcError {
  return new RpcError(RpcErrorCode.invalidParams, `Invalid params: ${message}`);
}

/** A method's params as MCP gives them: an object (or none, where all are optional), its _meta an object. */
function paramsOf(params: unknown, required: boolean): Record<string, unknown> {
  if (params === undefined && !required) return {};
  if (!isObject(params)) throw invalid('params must be an object');
  if (params._meta !== undefined && !isObject(params._meta)) throw invalid('_meta must be an object');
  return params;
}

/** A list's params: a cursor, when given, is text. Every list fits one page: there is never a next cursor. */
function listParams(params: unknown): void {
  const { cursor } = paramsOf(params, false);
  if (cursor !== undefined && typeof cursor !== 'string') throw invalid('cursor must be a string');
}

/** initialize's params, checked as the specification states them; the revision agreed on. */
function negotiate(params: unknown): string {
  const { protocolVersion, capabilities, clientInfo } = paramsOf(params, true);
  if (typeof protocolVersion !== 'string') throw invalid('protocolVersion must be a string');
  if (!isObject(capabilities)) throw invalid('capabilities must be an object');
  if (!isObject(clientInfo) || typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string')
    throw invalid('clientInfo must have a name and a version');
  return (PROTOCOL_VERSIONS as readonly string[]).includes(protocolVersion) ? protocolVersion : PROTOCOL_VERSIONS[0];
}

/** Serves until the client closes standard input and every request it sent is answered; resolves then. */
export async function serveMcp(options: McpServerOptions): Promise<void> {
  let made: Promise<ToolCalls> | undefined;
  const calls = () => (made ??= options.calls());
  await serveJsonRpc(options.stdin, options.stdout, {
    async request(method, params, { signal }) {
      switch (method) {
        case 'initialize':
          return {
            protocolVersion: negotiate(params),
            capabilities: CAPABILITIES,
            serverInfo: { name: SERVER_NAME, version: options.version },
            instructions: INSTRUCTIONS,
          };
        case 'ping':
          paramsOf(params, false);
          return {};
        case 'tools/list':
          listParams(params);
          return { tools: options.listings };
        case 'tools/call': {
          const { name, arguments: input } = paramsOf(params, true);
          if (typeof name !== 'string') throw invalid('name must be a string');
          if (input !== undefined && !isObject(input)) throw invalid('arguments must be an object');
          return (await calls()).call(name, input ?? {}, signal);
        }
        case 'resources/list':
          listParams(params);
          return {
            resources: options.resources.map(({ uri, name, description, mimeType }) => ({
              uri,
              name,
              description,
              mimeType,
            })),
          };
        case 'resources/read': {
          const { uri } = paramsOf(params, true);
          if (typeof uri !== 'string') throw invalid('uri must be a string');
          const resource = options.resources.find((r) => r.uri === uri);
          // MCP's code for a resource that does not exist in the revisions spoken here (2025-11-25 and before; SEP-2164 makes it -32602 from 2026-07-28).
          if (!resource) throw new RpcError(-32002, `Resource not found: ${uri}`, { uri });
          const text = await (await calls()).readResource(resource);
          return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text }] };
        }
        default:
          throw new RpcError(RpcErrorCode.methodNotFound, `Method not found: ${method}`);
      }
    },
    // notifications/initialized and any other notification ask for nothing: the server serves from the first request.
    notification() {},
  });
  if (made) await (await made).whenIdle();
}
