// What a service client is given: its profile, HTTP client, tokens, state
// directory and clock. It lives apart from the context (src/cli/context.ts
// builds one per service) so that the clients never import the context.

import type { HttpClient } from './http.js';
import type { TokenSource } from './http.js';
import type { InventoryRouteMap } from './inventory/routes.js';
import type { SecretRegistry } from './redact.js';
import type { WriteInterruption } from './writes/send.js';

/** What a service client needs: no terminal, no commander, no config. */
export interface ServiceDeps {
  profile: string;
  http: HttpClient;
  /** The service-level token (for the wallet: the admin token). */
  token: TokenSource;
  /**
   * The same token, newly obtained on every call: the wallet's admin token
   * before a guest's login (its seed asks for a fresh one), so that a 401 to
   * the login is the guest's credentials and never a spent admin token.
   */
  freshToken?: TokenSource;
  /** Private per-user state (sessions, journals). */
  stateDir: string;
  now: () => number;
  /** Inventory only: the profile's route map (method, path, base path, auth scheme per operation). */
  routes?: InventoryRouteMap;
  /** The run's secrets: journals mask them in what they record. */
  secrets?: SecretRegistry;
  /** Ctrl-C: a journalled write holds the process open until its outcome is recorded (writes/send.ts). */
  interruption?: WriteInterruption;
}
