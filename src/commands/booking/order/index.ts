import { defineGroup } from '../../define.js';
import create from './create.js';
import pay from './pay.js';
import cancel from './cancel.js';
import show from './show.js';

export default defineGroup({
  name: 'order',
  summary: 'Orders: create from held slots, record the payment, cancel, show',
  examples: [
    'venue booking order create --reservation res-000001 --first-name Ada --last-name Lovelace --email ada@example.com',
    'venue booking order pay ord-000001 --amount 60.00 --payment-ref PSP-8812',
  ],
  commands: [create, pay, cancel, show],
});
