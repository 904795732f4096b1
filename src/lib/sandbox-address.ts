// Where the local sandbox listens, and the demo credentials it accepts. Kept
// apart from the sandbox itself so the CLI can find it without loading it.

import os from 'node:os';
import path from 'node:path';

export const DEFAULT_SANDBOX_PORT = 47800;

/** Where venue keeps its configuration: VENUE_CONFIG_DIR, else $XDG_CONFIG_HOME/venue, else ~/.config/venue. */
export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VENUE_CONFIG_DIR) return path.resolve(env.VENUE_CONFIG_DIR);
  const base = env.XDG_CONFIG_HOME || path.join(homeDirectory(env), '.config');
  return path.join(base, 'venue');
}

/** HOME of the environment given (os.homedir() reads the process's own). */
function homeDirectory(env: NodeJS.ProcessEnv): string {
  return env.HOME || os.homedir();
}

/**
 * Each config directory has its own sandbox (its own state), so each gets its
 * own port: 47800 for the usual directory (~/.config/venue), and for any
 * other one a port derived from its path (47801–48799). VENUE_SANDBOX_PORT
 * chooses one by hand.
 */
export function sandboxPort(env: NodeJS.ProcessEnv = process.env): number {
  const chosen = Number(env.VENUE_SANDBOX_PORT);
  if (chosen) return chosen;
  const dir = configDirectory(env);
  if (dir === path.join(homeDirectory(env), '.config', 'venue')) return DEFAULT_SANDBOX_PORT;
  let hash = 2166136261;
  for (const char of dir) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return DEFAULT_SANDBOX_PORT + 1 + (hash % 999);
}

/** The sandbox's origin: VENUE_SANDBOX_URL, else loopback on this config directory's port. */
export function sandboxOrigin(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VENUE_SANDBOX_URL) return env.VENUE_SANDBOX_URL.replace(/\/+$/, '');
  return `http://127.0.0.1:${sandboxPort(env)}`;
}

/** Whether url is served by the local emulator this configuration uses. */
export function isSandboxUrl(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const origin = sandboxOrigin(env);
  return url === origin || url.startsWith(`${origin}/`);
}

/**
 * Demo credentials, public by design: they open only the local sandbox, which
 * holds demo data. The README lists them.
 */
export const sandboxDemoSecrets = {
  'wallet.clientSecret': 'sandbox-wallet-client-secret',
  'booking.clientSecret': 'sandbox-booking-client-secret',
  'inventory.apiKey': 'sandbox-inventory-api-key',
  'inventory.apiSecret': 'sandbox-inventory-api-secret',
} as const;
