// The request log: what clients sent to the services (not the control API),
// as they sent it: the method and path before any layout rewrite, the
// headers, and the body as parsed from the wire, before a dialect renames
// anything. Tests read it (GET /_sandbox/requests) to check every body a
// client sent against the document the sandbox serves, and which credential
// headers it used. Kept in memory, the newest MAX_ENTRIES.

import type { FastifyRequest } from 'fastify';

export interface LoggedRequest {
  at: string;
  method: string;
  /** The path and query the client sent. */
  url: string;
  headers: Record<string, string>;
  /** undefined when the request had no body. */
  body?: unknown;
  status: number;
}

const MAX_ENTRIES = 2000;

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private readonly bodies = new WeakMap<FastifyRequest, unknown>();

  /** The body as parsed from the wire (called by the body parsers). */
  rememberBody(request: FastifyRequest, body: unknown): void {
    this.bodies.set(request, body);
  }

  record(request: FastifyRequest, method: string, status: number, at: Date): void {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const entry: LoggedRequest = { at: at.toISOString(), method, url: request.originalUrl, headers, status };
    if (this.bodies.has(request)) entry.body = this.bodies.get(request);
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }

  clear(): number {
    const count = this.entries.length;
    this.entries = [];
    return count;
  }
}
