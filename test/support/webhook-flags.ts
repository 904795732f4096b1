// The webhook subscriber the inventory tests make: its `webhooks create` flags, and the id it is created under.

/** Flags for an unattended `webhooks create` of one subscriber to stock.received, its secret generated; `extra` after. */
export function webhookCreateFlags(extra: string[] = []): string[] {
  return [
    'webhooks',
    'create',
    '--yes',
    '--url',
    'https://erp.example.com/hooks',
    '--events',
    'stock.received',
    '--generate-secret',
    ...extra,
  ];
}

/** The id `webhooks create` says on stderr the subscriber was created under. */
export const createdWebhookId = (stderr: string): string | undefined =>
  /webhook subscriber (\S+) created/.exec(stderr)?.[1];
