import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'booking',
  summary: 'Experience booking: slots, holds, orders, payments, reports',
  description:
    'Experience booking: what is bookable, holding a slot, creating an order, recording the payment taken elsewhere, cancelling, and the sales report. ' +
    'Dates accept YYYY-MM-DD, today, tomorrow and +Nd.',
  examples: [
    'venue booking book   # needs a terminal',
    'venue booking sessions exp-laser-tag --date tomorrow',
    'venue booking report --from -7d -o csv > sales.csv',
  ],
  // Reserve, see the holds, order them, release what is left: the examples run in this order.
  commands: [
    { name: 'locations', summary: 'List the locations that sell experiences', load: () => import('./locations.js') },
    { name: 'experiences', summary: 'List the experiences of a location', load: () => import('./experiences.js') },
    {
      name: 'availability',
      summary: 'Places left per day for an experience (a calendar on a terminal, rows otherwise)',
      load: () => import('./availability.js'),
    },
    {
      name: 'sessions',
      summary: 'List the session slots of an experience on a day, with the places left',
      load: () => import('./sessions.js'),
    },
    {
      name: 'reserve',
      summary: 'Hold places in a session slot (held until released, ordered or paid)',
      load: () => import('./reserve.js'),
    },
    {
      name: 'holds',
      summary: 'List the holds venue placed and has not seen released, cancelled or paid',
      load: () => import('./holds.js'),
    },
    {
      name: 'order',
      summary: 'Orders: create from held slots, record the payment, cancel, show',
      load: () => import('./order/index.js'),
    },
    {
      name: 'release',
      summary: 'Release a held slot before payment (gives the places back); --all releases every hold venue recorded',
      load: () => import('./release.js'),
    },
    {
      name: 'report',
      summary: 'Sales of experiences per day and experience, with totals',
      load: () => import('./report.js'),
    },
    {
      name: 'book',
      summary: 'The guided booking journey: pick, hold, order, record the payment',
      load: () => import('./book.js'),
    },
  ],
});
