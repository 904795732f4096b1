import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'webhooks',
  summary: 'Inventory webhook subscribers, a local listener, verify and replay',
  description:
    "Manage the inventory service's webhook subscribers, and receive, check and replay signed events locally. " +
    'Deliveries carry X-Inventory-Signature: sha256=<hex HMAC-SHA256 of the raw body>.',
  examples: [
    'venue webhooks create --url https://erp.example.com/hooks --events stock.adjusted,stock.received --generate-secret --yes',
    'venue webhooks listen --port 8787 --secret-env WH_SECRET --forward-to http://localhost:3000/hooks   # runs until stopped',
  ],
  commands: [
    {
      name: 'list',
      summary: 'List the active webhook subscribers (never their secrets)',
      load: () => import('./list.js'),
    },
    {
      name: 'events',
      summary: 'The inventory event types a subscriber can ask for, and what each means',
      load: () => import('./events.js'),
    },
    {
      name: 'create',
      summary: 'Add a webhook subscriber (the secret is generated and shown once, or read from stdin)',
      load: () => import('./create.js'),
    },
    { name: 'update', summary: "Change a subscriber's URL, event types or secret", load: () => import('./update.js') },
    {
      name: 'delete',
      summary: 'Delete a webhook subscriber (asks first; --yes without a terminal)',
      load: () => import('./delete.js'),
    },
    {
      name: 'listen',
      summary: 'Receive deliveries locally: verify signatures, print, forward, save',
      load: () => import('./listen.js'),
    },
    {
      name: 'verify',
      summary: "Check one payload's signature offline (exit 0 valid, 5 invalid)",
      load: () => import('./verify.js'),
    },
    {
      name: 'replay',
      summary: 'Resend events saved by `listen --save` to a local app, signed afresh',
      load: () => import('./replay.js'),
    },
  ],
});
