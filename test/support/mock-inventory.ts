// An inventory service answered by undici's MockAgent, for unit tests of the
// clients: a fresh agent per call (no network), the HTTP layer on it with no
// retries or waits, and the deps a client takes. The agent is closed after
// each test of the file that asks for the factory.
import { MockAgent } from 'undici';
import { afterEach } from 'vitest';
import { HttpClient, type TokenSource } from '../../src/lib/http.js';
import type { InventoryRouteMap } from '../../src/lib/inventory/routes.js';

export const inventoryOrigin = 'https://inventory.test';

/** A token that is always 'jwt', never cached. */
export const jwtToken: TokenSource = {
  get: async () => ({ token: 'jwt', fromCache: false }),
  invalidate: async () => {},
};

/** Registers the agent's closing after each test; the factory gives a client's deps and the agent's pool for the origin. */
export function mockInventoryService() {
  let agent: MockAgent | undefined;
  afterEach(async () => {
    await agent?.close().catch(() => undefined);
    agent = undefined;
  });
  return (options: { routes?: InventoryRouteMap; authHeader?: { name: string; prefix: string } } = {}) => {
    agent = new MockAgent();
    agent.disableNetConnect();
    const http = new HttpClient({
      service: 'inventory',
      baseUrl: inventoryOrigin,
      dispatcher: agent,
      retries: 0,
      sleep: async () => {},
      authHeader: options.authHeader,
    });
    const deps = {
      profile: 'p',
      http,
      token: jwtToken,
      stateDir: '/nonexistent',
      now: () => Date.now(),
      routes: options.routes,
    };
    return { deps, pool: agent.get(inventoryOrigin) };
  };
}
