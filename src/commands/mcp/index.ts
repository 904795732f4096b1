// `venue mcp`: what it is, declared like every command (help, completion,
// docs). main serves it (src/mcp.ts): it runs other commands in this process,
// which a command's run cannot; run is reached only if main did not.

import { defineCommand, option } from '../define.js';
import { VenueError } from '../../lib/errors.js';

const snippet = [
  '  {',
  '    "mcpServers": {',
  '      "venue": {',
  '        "command": "venue",',
  '        "args": ["mcp", "--profiles", "main", "--groups", "wallet,booking"]',
  '      }',
  '    }',
  '  }',
].join('\n');

export default defineCommand<{ profiles?: string; groups?: string; allowWrites?: boolean }>({
  name: 'mcp',
  summary: "Serve venue's services to an AI assistant (a Model Context Protocol server on stdio)",
  description:
    "An MCP server on standard input/output for a support engineer's assistant. One tool per command that reads (wallet_cards, " +
    "booking_availability, inventory_stock_levels, wallet_diagnose, …), its arguments the command's own; it answers the records " +
    "`-o json` prints, emails and card numbers always masked, lists a page at a time (cursor, limit), failures with venue's exit " +
    'code and its meaning. Writes are not served unless --allow-writes; then each runs its dry run first and applies only on a ' +
    "second call carrying the confirmation id, through the command's journal and outcome rule. Resources: venue://exit-codes, " +
    'venue://profiles, venue://rules.\n\nRegister it with your assistant (Claude Desktop, VS Code: an "mcpServers" entry):\n\n' +
    snippet,
  examples: [
    'venue mcp --groups wallet,booking # runs until stopped',
    'venue mcp --profiles sandbox --allow-writes # runs until stopped',
  ],
  options: [
    option(
      '--profiles <names>',
      'the profiles tools may use, comma-separated; the first is the default (default: the current profile)',
      { kind: 'profiles' },
    ),
    option(
      '--groups <names>',
      'the groups served, comma-separated: wallet, booking, inventory, webhooks (default: all four)',
      { kind: 'text', list: true },
    ),
    option(
      '--allow-writes',
      'serve the write tools too (each planned by its dry run, applied only with the confirmation id)',
    ),
  ],
  fleet: { refused: 'it is a server for one assistant: start it once, and name the venues it may use with --profiles' },
  async run() {
    throw new VenueError('usage', 'venue mcp is served by venue itself and cannot run inside another command');
  },
});
