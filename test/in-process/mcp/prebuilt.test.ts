// The catalogue `venue mcp` lists its tools from (dist/mcp.json, written by
// scripts/build-mcp.js) is what the declarations give now: every tool as its
// command's declaration lists it, with its group, path, use and rules. A
// stale build fails here. Expects `npm run build` done (npm test builds first).

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveTools, toolAt, toolGroups } from '../../../src/commands/mcp/tools.js';
import { catalogueTool, servedTools, toolListing, type ToolCatalogue } from '../../../src/lib/mcp/wire.js';
import { repoRoot } from '../../support/in-process.js';

const file = path.join(repoRoot, 'dist/mcp.json');

describe('the tool catalogue', () => {
  it('is what the declarations give now', async () => {
    expect(fs.existsSync(file), `${file} is missing: npm run build`).toBe(true);
    const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as ToolCatalogue;
    const tools = await deriveTools([...toolGroups]);
    expect(catalogue, 'dist/mcp.json is stale: npm run build').toEqual({
      groups: [...toolGroups],
      tools: tools.map(catalogueTool),
    });
  });

  it('each entry is the tool its command, loaded alone, gives (what a call runs)', async () => {
    const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as ToolCatalogue;
    for (const entry of catalogue.tools) {
      const tool = await toolAt(entry.path);
      expect(tool && toolListing(tool), entry.listing.name).toEqual(entry.listing);
    }
  });

  it('filtered by --groups and --allow-writes, serves what the declarations would', async () => {
    const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as ToolCatalogue;
    const tools = await deriveTools([...toolGroups]);
    for (const [groups, allowWrites] of [
      [['wallet'], false],
      [['inventory', 'booking'], true],
      [[...toolGroups], false],
    ] as const) {
      const served = tools
        .filter((t) => (groups as readonly string[]).includes(t.path[0]!) && (t.use === 'read' || allowWrites))
        .map(toolListing);
      expect(servedTools(catalogue, groups, allowWrites).map((t) => t.listing)).toEqual(served);
      expect(served.length).toBeGreaterThan(0);
    }
    expect(servedTools(catalogue, ['inventory'], true).some((t) => t.listing.annotations.destructiveHint)).toBe(true);
    expect(servedTools(catalogue, ['inventory'], false).some((t) => t.listing.annotations.destructiveHint)).toBe(false);
  });
});
