// The parts of undici venue uses: its Agent (a pool of connections per origin)
// and its request API. undici's index loads all of undici besides (fetch,
// WebSocket, cookies, mocks, caches, and through node:util's lazy getters
// Node's own copy of undici too): 165 ms against 45 ms in a bare require,
// paid before the first request of every command that makes one.
// undici is CommonJS: imported statically here, and this module lazily
// everywhere else, its exports stay intact in the bundled build.
// wasm-tiering.js first: it sets how V8 compiles undici's parser, before undici loads.
import './wasm-tiering.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import requestOn from 'undici/lib/api/api-request.js';
import type { Dispatcher } from 'undici';

export { Agent };

/** undici's request(url, options) as its index makes it, for a dispatcher given (venue always gives one). An origin and path already known are not parsed again. */
export function request(
  url: string | { origin: string; path: string },
  options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher },
): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  if (typeof url !== 'string') return requestOn.call(dispatcher, { ...rest, origin: url.origin, path: url.path });
  const target = new URL(url);
  return requestOn.call(dispatcher, { ...rest, origin: target.origin, path: `${target.pathname}${target.search}` });
}
