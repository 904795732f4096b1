// Where the local sandbox listens, and the demo credentials it accepts. Kept
// apart from the sandbox itself so the CLI can find it without loading it.

export const DEFAULT_SANDBOX_PORT = 47800;

/** The sandbox's origin: VENUE_SANDBOX_URL, else loopback on VENUE_SANDBOX_PORT or the default port. */
export function sandboxOrigin(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VENUE_SANDBOX_URL) return env.VENUE_SANDBOX_URL.replace(/\/+$/, '');
  const port = Number(env.VENUE_SANDBOX_PORT) || DEFAULT_SANDBOX_PORT;
  return `http://127.0.0.1:${port}`;
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
