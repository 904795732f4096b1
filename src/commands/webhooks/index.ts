import { defineGroup } from '../define.js';
import list from './list.js';
import events from './events.js';
import create from './create.js';
import update from './update.js';
import remove from './delete.js';
import listen from './listen.js';
import verify from './verify.js';
import replay from './replay.js';

export default defineGroup({
  name: 'webhooks',
  summary: 'Inventory webhook subscribers, a local listener, verify and replay',
  description:
    "Manage the inventory service's webhook subscribers, and receive, check and replay signed events locally. " +
    'Deliveries carry X-Inventory-Signature: sha256=<hex HMAC-SHA256 of the raw body>.',
  examples: [
    'venue webhooks create --url https://erp.example.com/hooks --events stock.adjusted,stock.received --generate-secret',
    'venue webhooks listen --port 8787 --secret-env WH_SECRET --forward-to http://localhost:3000/hooks   # runs until stopped',
  ],
  commands: [list, events, create, update, remove, listen, verify, replay],
});
