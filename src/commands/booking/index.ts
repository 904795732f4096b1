import { defineGroup } from '../define.js';
import locations from './locations.js';
import experiences from './experiences.js';
import availability from './availability.js';
import sessions from './sessions.js';
import reserve from './reserve.js';
import release from './release.js';
import holds from './holds.js';
import order from './order/index.js';
import report from './report.js';
import book from './book.js';

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
  commands: [locations, experiences, availability, sessions, reserve, holds, order, release, report, book],
});
