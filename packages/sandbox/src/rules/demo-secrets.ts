// The demo credentials the sandbox accepts (README, "Sandbox demo data").
// Public by design: they open only this emulator, which holds demo data. The
// CLI keeps its own copy to fill in a fresh sandbox profile; the two must
// agree, and the e2e tests log in with these values through the CLI.

export const sandboxDemoSecrets = {
  'wallet.clientSecret': 'sandbox-wallet-client-secret',
  'booking.clientSecret': 'sandbox-booking-client-secret',
  'inventory.apiKey': 'sandbox-inventory-api-key',
  'inventory.apiSecret': 'sandbox-inventory-api-secret',
} as const;
