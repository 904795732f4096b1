// The list `venue mcp`'s front answers tools/list with (dist/mcp.json, written
// by scripts/build-mcp.js) is what the declarations and the bundled SDK give
// now: every tool as the server lists it, with its group and use, and the
// protocol versions the SDK negotiates. A stale build fails here.
// Expects `npm run build` done (npm test builds first).

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { deriveTools, toolGroups } from '../../../src/commands/mcp/tools.js';
import { servedListings, toolListing, type PrebuiltList } from '../../../src/lib/mcp/wire.js';
import { repoRoot } from '../../support/in-process.js';

const file = path.join(repoRoot, 'dist/mcp.json');

describe('the prebuilt tool list', () => {
  it('is what the declarations and the SDK give now', async () => {
    expect(fs.existsSync(file), `${file} is missing: npm run build`).toBe(true);
    const prebuilt = JSON.parse(fs.readFileSync(file, 'utf8')) as PrebuiltList;
    const tools = await deriveTools([...toolGroups]);
    expect(prebuilt, 'dist/mcp.json is stale: npm run build').toEqual({
      groups: [...toolGroups],
      protocolVersions: { latest: LATEST_PROTOCOL_VERSION, supported: [...SUPPORTED_PROTOCOL_VERSIONS] },
      tools: tools.map((tool) => ({ group: tool.path[0], use: tool.use, listing: toolListing(tool) })),
    });
  });

  it('filtered by --groups and --allow-writes, serves what the server would', async () => {
    const prebuilt = JSON.parse(fs.readFileSync(file, 'utf8')) as PrebuiltList;
    const tools = await deriveTools([...toolGroups]);
    for (const [groups, allowWrites] of [
      [['wallet'], false],
      [['inventory', 'booking'], true],
      [[...toolGroups], false],
    ] as const) {
      const served = tools
        .filter((t) => (groups as readonly string[]).includes(t.path[0]!) && (t.use === 'read' || allowWrites))
        .map(toolListing);
      expect(servedListings(prebuilt, groups, allowWrites)).toEqual(served);
      expect(served.length).toBeGreaterThan(0);
    }
    expect(servedListings(prebuilt, ['inventory'], true).some((t) => t.annotations.destructiveHint)).toBe(true);
    expect(servedListings(prebuilt, ['inventory'], false).some((t) => t.annotations.destructiveHint)).toBe(false);
  });
});
