import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'order',
  summary: 'Orders: create from held slots, record the payment, cancel, show',
  examples: [
    'venue booking order create --reservation res-000001 --first-name Ada --last-name Lovelace --email ada@example.com --yes',
    'venue booking order pay ord-000001 --amount 60.00 --payment-ref PSP-8812 --yes',
  ],
  commands: [
    {
      name: 'create',
      summary: 'Create an order from held reservations, with the guest details',
      load: () => import('./create.js'),
    },
    {
      name: 'pay',
      summary: 'Record the payment taken elsewhere against an order (confirms the booking)',
      load: () => import('./pay.js'),
    },
    {
      name: 'cancel',
      summary: 'Cancel an order and its reservations (asks first; --yes for scripts)',
      load: () => import('./cancel.js'),
    },
    {
      name: 'show',
      summary: 'Show an order and its payment (settles a payment whose answer was lost)',
      load: () => import('./show.js'),
    },
  ],
});
