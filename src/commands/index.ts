// The whole root of the command tree: every group, and the completion scripts'
// own hidden command, which reads the others (src/commands/tree.ts) itself.

import { commandGroups, type GroupEntry } from './tree.js';

export const rootGroups: readonly GroupEntry[] = [
  ...commandGroups,
  {
    name: '__complete',
    summary: 'Completion candidates (called by the completion scripts)',
    hidden: true,
    rawWords: true,
    load: () => import('./completion/complete.js'),
  },
];
