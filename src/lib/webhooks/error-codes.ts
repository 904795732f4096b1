// The inventory service's error answers to its webhook subscriber routes:
// what each means and the error a person reads. The seed gives no statuses
// for them; venue's contract (packages/sandbox/openapi/inventory.json) answers 404 for a
// subscriber it does not have. The rest of the inventory service:
// inventory/error-codes.ts. How rows are read: src/lib/service-errors.ts.

import { ExitCode, NotFoundError } from '../errors.js';
import { ErrorTable, type ErrorRow } from '../service-errors.js';
import { venueHint } from '../hint-command.js';

/** The inventory operations of the webhook subscriber routes. */
export const webhookCalls = ['listWebhooks', 'createWebhook', 'updateWebhook', 'deleteWebhook'] as const;
export type WebhookCall = (typeof webhookCalls)[number];
export type WebhookMeaning = 'no-such-subscriber' | 'bad-request';

export interface WebhookErrorContext {
  webhookId?: string;
}

const rows: ErrorRow<WebhookCall, WebhookMeaning, WebhookErrorContext>[] = [
  // A deleted subscriber is gone too: the service lists only active ones.
  {
    means: 'no-such-subscriber',
    status: [404],
    codes: 'any',
    calls: ['updateWebhook', 'deleteWebhook'],
    exit: ExitCode.notFound,
    error: ({ error }, c) =>
      new NotFoundError(`no active webhook subscriber ${c.webhookId}`, {
        hint: `List them with ${venueHint(['webhooks', 'list'])}.`,
        cause: error,
      }),
  },
  {
    means: 'bad-request',
    status: [400],
    codes: 'any',
    exit: ExitCode.usage,
    note: "venue checks the seed's rules (a secret of 16 characters or more) before sending; a 400 is the service's own rule, in its words",
  },
];

export const webhookErrors = new ErrorTable<WebhookCall, WebhookMeaning, WebhookErrorContext>('webhooks', rows);
