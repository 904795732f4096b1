#!/usr/bin/env node
// Writes dist/mcp.json, the catalogue `venue mcp` lists its tools from
// (src/lib/mcp/wire.ts), so that listing them loads no command module:
// start-up time is a product feature (bench/mcp-startup.js). Every tool of
// every service group as tools/list lists it, derived from the command
// declarations (src/commands/mcp/tools.ts), with its group, path and use for
// --groups and --allow-writes, and the rules venue://rules serves. A test
// compares it with what the declarations give now (test/in-process/mcp/prebuilt.test.ts).

import { renameSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const { toolGroups, deriveTools } = await import(new URL('commands/mcp/tools.js', dist).href);
const { catalogueTool } = await import(new URL('lib/mcp/wire.js', dist).href);

const tools = await deriveTools([...toolGroups]);
const catalogue = { groups: [...toolGroups], tools: tools.map(catalogueTool) };
const next = new URL(`mcp.json.next-${process.pid}`, dist);
writeFileSync(next, `${JSON.stringify(catalogue)}\n`);
renameSync(next, new URL('mcp.json', dist));
console.log(`mcp tools prebuilt: ${tools.length} in ${toolGroups.length} groups`);
