// The one pool of HTTP connections of the process (undici's Agent), apart
// from the HTTP layer so that main can close it after the last run without
// loading http.ts: a run that sent nothing (help, settings, the MCP server's
// start) never made one.

import type { Dispatcher } from 'undici';
import { undiciModule } from './lazy-modules.js';

/**
 * The one pool of the process, made once. It is the promise that is shared:
 * requests that start together (a fleet's venues, a listing's first pages)
 * all wait for the same agent, where a check before the import's await let
 * each make its own (their own pools, never closed).
 */
let sharedAgent: Promise<Dispatcher> | undefined;
export function defaultDispatcher(): Promise<Dispatcher> {
  sharedAgent ??= undiciModule().then(
    ({ Agent }) =>
      // Keep-alive with a generous pool: bulk commands page with bounded concurrency, and their flags are what
      // bound it (--concurrency, at most 16 a venue; --parallel venues). The pool's cap is per origin, and a
      // chain's venues may share one (a gateway routing by path, as the sandbox fleet does): at 16 it would
      // halve `--parallel 8` at the default 4 pages a venue. 64 is a safety net, not a throttle.
      new Agent({ keepAliveTimeout: 10_000, connections: 64, pipelining: 1 }),
  );
  return sharedAgent;
}

/** Close pooled connections so the process can exit promptly. */
export async function closeHttpConnections(): Promise<void> {
  const agent = sharedAgent;
  sharedAgent = undefined;
  await (await agent)?.close();
}
