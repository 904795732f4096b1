// The root of the command tree: one entry a group (or a single command such as
// api), loaded only when named, so `venue --help` and every command load only
// their share. Each group's index.ts lists its commands the same way (name,
// summary, loader), so the words load the declarations on their path and no
// others. An entry's name and summary are its module's own (a unit test holds
// every entry of the tree equal to its module); everything else is declared in
// the module's file.

import type { TreeEntry } from './define.js';

/** An entry of the root: a group of commands, or a single command (api, doctor, completion). */
export type GroupEntry = TreeEntry;

/** Every group but completion's own hidden command (src/commands/index.ts adds it: it reads this tree). */
export const commandGroups: readonly GroupEntry[] = [
  { name: 'config', summary: 'Profiles, settings and secrets', load: () => import('./config/index.js') },
  { name: 'auth', summary: 'Service tokens: status, token, logout', load: () => import('./auth/index.js') },
  {
    name: 'wallet',
    summary: 'Guest wallet: accounts, cards, balances, reloads, passes',
    load: () => import('./wallet/index.js'),
  },
  {
    name: 'booking',
    summary: 'Experience booking: slots, holds, orders, payments, reports',
    load: () => import('./booking/index.js'),
  },
  {
    name: 'inventory',
    summary: 'Inventory: products, suppliers, stock takes, receipts, adjustments',
    load: () => import('./inventory/index.js'),
  },
  {
    name: 'webhooks',
    summary: 'Inventory webhook subscribers, a local listener, verify and replay',
    load: () => import('./webhooks/index.js'),
  },
  { name: 'sandbox', summary: 'The local emulator of the three services', load: () => import('./sandbox/index.js') },
  { name: 'api', summary: 'A raw authenticated call to a service', load: () => import('./api/index.js') },
  {
    name: 'mcp',
    summary: "Serve venue's services to an AI assistant (a Model Context Protocol server on stdio)",
    load: () => import('./mcp/index.js'),
  },
  {
    name: 'doctor',
    summary: 'Check each configured service and say how to fix what is wrong',
    load: () => import('./doctor/index.js'),
  },
  { name: 'version', summary: 'Versions and config folder, for bug reports', load: () => import('./version/index.js') },
  {
    name: 'completion',
    summary: 'Shell completion for bash, zsh or fish',
    load: () => import('./completion/index.js'),
  },
];

/** The help topics of `venue help <topic>` (src/cli/help-topics.ts holds their text). */
export const helpTopicNames = ['environment', 'exit-codes', 'formatting', 'dates', 'fleet'] as const;
