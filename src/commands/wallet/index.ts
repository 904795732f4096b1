import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'wallet',
  summary: 'Guest wallet: accounts, cards, balances, reloads, passes',
  description:
    'Guest accounts, game cards, balances, activity, online reloads and phone wallet passes. Sign-up and login use the admin token; ' +
    'card calls use the guest session kept by `venue wallet login` (pick one with --as when several are stored).',
  examples: [
    'venue wallet login ava@example.com --password-stdin < password.txt',
    'venue wallet balance 6001000000000000001',
    'venue wallet diagnose ava@example.com',
  ],
  commands: [
    {
      name: 'signup',
      summary: 'Register a guest account with an activated game card',
      load: () => import('./signup.js'),
    },
    {
      name: 'login',
      summary: "Log a guest in and keep the guest's session for later calls",
      load: () => import('./login.js'),
    },
    { name: 'logout', summary: "Forget a guest's stored session", load: () => import('./logout.js') },
    {
      name: 'sessions',
      summary: 'Stored guest sessions of this profile: emails, hosts and expiries, never tokens',
      load: () => import('./sessions.js'),
    },
    {
      name: 'reset-password',
      summary: 'Start a password reset: the guest is mailed a confirmation code',
      load: () => import('./reset-password.js'),
    },
    {
      name: 'confirm-reset',
      summary: 'Finish a password reset with the mailed code and a new password',
      load: () => import('./confirm-reset.js'),
    },
    {
      name: 'cards',
      summary: "The guest's game cards, with type, nickname and status",
      load: () => import('./cards.js'),
    },
    {
      name: 'balance',
      summary: 'Play balance (dollars or tokens, as the location counts it), bonus and tickets of a card',
      load: () => import('./balance.js'),
    },
    {
      name: 'activity',
      summary: 'Recent transactions of a card, newest first: reloads, game plays, ticket wins, redemptions',
      load: () => import('./activity.js'),
    },
    {
      name: 'products',
      summary: 'Quick-reload products, in the display order guests see',
      load: () => import('./products.js'),
    },
    {
      name: 'reload',
      summary: 'Record an online reload sale on a card, then show its balance',
      load: () => import('./reload.js'),
    },
    {
      name: 'reloads',
      summary: 'The reload sales venue sent from this machine, and which are still unsettled',
      load: () => import('./reloads.js'),
    },
    {
      name: 'pass',
      summary: 'Get a phone wallet pass for a card: a pass file, or a link to save it',
      load: () => import('./pass.js'),
    },
    {
      name: 'diagnose',
      summary:
        "One view of a guest's wallet for a support ticket: session, cards, balances, recent transactions, findings",
      load: () => import('./diagnose.js'),
    },
  ],
});
