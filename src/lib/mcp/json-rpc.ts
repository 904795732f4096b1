// JSON-RPC 2.0 over a byte stream of newline-delimited messages, as MCP's
// stdio transport carries it: each line one message (no batches), requests
// answered with their id, notifications never. A line that is not JSON is a
// parse error (-32700, id null); JSON that is no request or notification is
// an invalid request (-32600); a method nobody handles is -32601; a handler
// refuses params with -32602 (RpcError) and anything it throws otherwise is
// an internal error (-32603), its message alone. A request the client cancels
// (notifications/cancelled) gets no answer, as MCP's cancellation asks; its
// handler sees its signal aborted. Serving ends when the input ends and every
// request read has been answered.

import type { Readable, Writable } from 'node:stream';

export const RpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** A JSON-RPC error a handler answers with. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export type RequestId = string | number;

export interface RequestContext {
  id: RequestId;
  /** Aborted when the client cancels the request. */
  signal: AbortSignal;
}

export interface RpcHandlers {
  /** A request's result; throws RpcError to answer with an error. */
  request(method: string, params: unknown, context: RequestContext): Promise<unknown>;
  /** A notification (cancellation is handled here, before it). */
  notification(method: string, params: unknown): void;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A request id as MCP allows one: a string or a whole number (never null). */
const isId = (value: unknown): value is RequestId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

/** Serves the handlers over the streams until the input ends and every request read has been answered. */
export async function serveJsonRpc(input: Readable, output: Writable, handlers: RpcHandlers): Promise<void> {
  const inFlight = new Map<RequestId, AbortController>();
  const answers = new Set<Promise<void>>();
  const send = (message: Record<string, unknown>) => void output.write(`${JSON.stringify(message)}\n`);
  const error = (id: RequestId | null, code: number, message: string, data?: unknown) =>
    send({ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } });

  const take = (line: string) => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      error(null, RpcErrorCode.parseError, 'Parse error: the line is not JSON');
      return;
    }
    if (Array.isArray(message)) {
      error(null, RpcErrorCode.invalidRequest, 'Invalid request: batches are not supported; send one message a line');
      return;
    }
    if (!isObject(message) || message.jsonrpc !== '2.0') {
      const id = isObject(message) && isId(message.id) ? message.id : null;
      error(id, RpcErrorCode.invalidRequest, 'Invalid request: not a JSON-RPC 2.0 message');
      return;
    }
    const { method, params } = message;
    if (typeof method !== 'string') {
      // A response (the server sends no requests, so none is awaited) is taken and dropped.
      if (('result' in message || 'error' in message) && 'id' in message) return;
      error(isId(message.id) ? message.id : null, RpcErrorCode.invalidRequest, 'Invalid request: no method');
      return;
    }
    if (!('id' in message)) {
      if (method === 'notifications/cancelled') {
        const requestId = isObject(params) ? params.requestId : undefined;
        if (isId(requestId)) inFlight.get(requestId)?.abort();
        return;
      }
      handlers.notification(method, params);
      return;
    }
    const { id } = message;
    if (!isId(id)) {
      error(null, RpcErrorCode.invalidRequest, 'Invalid request: an id is a string or a whole number');
      return;
    }
    if (params !== undefined && !isObject(params) && !Array.isArray(params)) {
      error(id, RpcErrorCode.invalidParams, 'Invalid params: params is an object');
      return;
    }
    const cancel = new AbortController();
    inFlight.set(id, cancel);
    const answered = handlers
      .request(method, params, { id, signal: cancel.signal })
      .then(
        (result) => {
          if (!cancel.signal.aborted) send({ jsonrpc: '2.0', id, result });
        },
        (failure: unknown) => {
          if (cancel.signal.aborted) return;
          if (failure instanceof RpcError) error(id, failure.code, failure.message, failure.data);
          else
            error(id, RpcErrorCode.internalError, `Internal error: ${(failure as Error)?.message ?? String(failure)}`);
        },
      )
      .finally(() => {
        if (inFlight.get(id) === cancel) inFlight.delete(id);
        answers.delete(answered);
      });
    answers.add(answered);
  };

  await new Promise<void>((resolve, reject) => {
    let pending = '';
    input.setEncoding?.('utf8');
    input.on('data', (chunk: string | Buffer) => {
      pending += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      let at: number;
      while ((at = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, at).replace(/\r$/, '');
        pending = pending.slice(at + 1);
        take(line);
      }
    });
    input.once('end', () => {
      // A last message without its newline is still read.
      if (pending) take(pending.replace(/\r$/, ''));
      resolve();
    });
    input.once('error', reject);
  });
  while (answers.size) await Promise.all([...answers]);
}
