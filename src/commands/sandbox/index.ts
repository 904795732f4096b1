import { defineGroup } from '../define.js';

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
    { name: 'serve', summary: 'Run the sandbox in the foreground until interrupted', load: () => import('./serve.js') },
    {
      name: 'start',
      summary: 'Start the sandbox in the background (nothing to do if it is running)',
      load: () => import('./start.js'),
    },
    { name: 'stop', summary: 'Stop the background sandbox (its state is kept)', load: () => import('./stop.js') },
    {
      name: 'status',
      summary: 'Whether the sandbox is running, where, and its settings',
      load: () => import('./status.js'),
    },
    {
      name: 'reset',
      summary: 'Restore the demo data of every service, empty the outbox, restore the settings',
      load: () => import('./reset.js'),
    },
    {
      name: 'seed',
      summary: 'Fill the sandbox inventory with a large generated catalogue',
      load: () => import('./seed.js'),
    },
    {
      name: 'settings',
      summary: 'Show or change the running sandbox settings (token lifetimes, hold time, inventory health)',
      load: () => import('./settings.js'),
    },
    {
      name: 'faults',
      summary: 'Show, set or clear the faults the sandbox injects (for reliability tests)',
      load: () => import('./faults.js'),
    },
    {
      name: 'outbox',
      summary: 'Mails the sandbox sent (password reset codes), newest first',
      load: () => import('./outbox.js'),
    },
    {
      name: 'trigger',
      summary: 'Simulate venue activity that sends an inventory webhook event',
      load: () => import('./trigger.js'),
    },
    {
      name: 'deliveries',
      summary: 'Webhook deliveries the sandbox made, with their attempts',
      load: () => import('./deliveries.js'),
    },
    {
      name: 'activate-card',
      summary: 'Activate a guest card, as any in-store activity does (sandbox only)',
      load: () => import('./activate-card.js'),
    },
    {
      name: 'play',
      summary:
        'Simulate in-store activity on a card: a game, a ticket win, a prize redemption or a counter reload (sandbox only)',
      load: () => import('./play.js'),
    },
    {
      name: 'fleet',
      summary: 'Emulate a chain of venues: N venue inventories in the sandbox, one profile each',
      load: () => import('./fleet.js'),
    },
  ],
});
