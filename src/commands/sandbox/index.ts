import { defineGroup } from '../define.js';
import serve from './serve.js';
import start from './start.js';
import stop from './stop.js';
import status from './status.js';
import reset from './reset.js';
import seed from './seed.js';
import outbox from './outbox.js';
import faults from './faults.js';
import settings from './settings.js';
import trigger from './trigger.js';
import deliveries from './deliveries.js';
import activateCard from './activate-card.js';
import play from './play.js';
import fleet from './fleet.js';

export default defineGroup({
  name: 'sandbox',
  summary: 'The local emulator of the three services',
  description:
    'The sandbox emulates the guest wallet, booking and inventory services on loopback, with demo data. ' +
    'The sandbox profile starts it by itself when needed; these commands manage it.',
  examples: [
    'venue sandbox status',
    'venue sandbox serve --port 0 --state-dir ./sandbox-state   # runs until stopped',
    'venue sandbox outbox --to guest@example.com',
  ],
  commands: [
    serve,
    start,
    stop,
    status,
    reset,
    seed,
    settings,
    faults,
    outbox,
    trigger,
    deliveries,
    activateCard,
    play,
    fleet,
  ],
});
