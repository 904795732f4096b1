#!/usr/bin/env node
// Writes dist/mcp.json: what `venue mcp`'s front (src/lib/mcp/front.ts) answers
// a session's first messages with, before main, the command tree or the SDK is
// loaded (the launcher prints prebuilt help the same way: scripts/build-help.js).
// Every tool of every service group as tools/list lists it, derived from the
// command declarations as the server derives them (src/commands/mcp/tools.ts),
// with its group and use for --groups and --allow-writes to filter on; and the
// protocol versions the bundled SDK negotiates. A test compares it with what
// the declarations and the SDK give now (test/unit/mcp/prebuilt.test.ts).

import { renameSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const { toolGroups, deriveTools } = await import(new URL('commands/mcp/tools.js', dist).href);
const { toolListing } = await import(new URL('lib/mcp/wire.js', dist).href);
const { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } = await import('@modelcontextprotocol/sdk/types.js');

const tools = await deriveTools([...toolGroups]);
const list = {
  groups: [...toolGroups],
  protocolVersions: { latest: LATEST_PROTOCOL_VERSION, supported: [...SUPPORTED_PROTOCOL_VERSIONS] },
  tools: tools.map((tool) => ({ group: tool.path[0], use: tool.use, listing: toolListing(tool) })),
};
const next = new URL(`mcp.json.next-${process.pid}`, dist);
writeFileSync(next, `${JSON.stringify(list)}\n`);
renameSync(next, new URL('mcp.json', dist));
console.log(`mcp tools prebuilt: ${tools.length} in ${toolGroups.length} groups`);
