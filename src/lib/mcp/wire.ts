// What `venue mcp` says about itself on the wire, as data: the protocol
// versions it speaks, its name, capabilities and instructions, each tool as
// tools/list lists it, and the resources. The tool list is the catalogue
// prebuilt at build time (dist/mcp.json, scripts/build-mcp.js, from the
// command declarations), so that listing the tools loads no command module:
// start-up time is a product feature. No command tree here.

import type { ToolSpec } from './tools.js';

export const SERVER_NAME = 'venue';

/**
 * The MCP revisions this server speaks, newest first: initialize gets the
 * revision the client asks for when it is one of these, else the newest
 * (the client then decides whether it can go on). What venue serves (tools,
 * resources, ping, cancellation) is the same in each.
 */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;

export const CAPABILITIES = { tools: {}, resources: {} } as const;

export const INSTRUCTIONS =
  "venue's guest wallet, booking and inventory services. Answers are the records `venue … -o json` prints, guest emails and card numbers masked. " +
  "Lists are paged (cursor, limit). A failure carries venue's exit code and its meaning (resource venue://exit-codes). " +
  'Write tools (only when the server allows writes) plan first and apply only on a second call with the confirmationId; an unknown outcome is settled by a person.';

/** A resource as resources/list lists it. */
export interface ResourceListing {
  uri: string;
  name: string;
  description: string;
  mimeType: 'application/json' | 'text/plain';
}

/** The resources, in the order they are listed (the runner, src/mcp.ts, gives each its reading). */
export const RESOURCES = {
  exitCodes: {
    uri: 'venue://exit-codes',
    name: 'exit-codes',
    description: "venue's exit codes, what each means, and the outcome rule every write follows",
    mimeType: 'text/plain',
  },
  profiles: {
    uri: 'venue://profiles',
    name: 'profiles',
    description:
      "The profiles (venues) this server serves: name, tags, the profile it extends, and each service's address; never a secret",
    mimeType: 'application/json',
  },
  rules: {
    uri: 'venue://rules',
    name: 'rules',
    description:
      "What each tool's command checks before sending (the seeds' rules: lengths, formats, allowed values), as its declaration states them; a value that breaks one is refused with exit 2, nothing sent",
    mimeType: 'application/json',
  },
} as const satisfies Record<string, ResourceListing>;

/** A tool as tools/list lists it. */
export interface ToolListing {
  name: string;
  title: string;
  description: string;
  inputSchema: ToolSpec['inputSchema'];
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
}

export function toolListing(tool: ToolSpec): ToolListing {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: {
      title: tool.title,
      readOnlyHint: tool.use === 'read',
      destructiveHint: tool.use === 'write',
      idempotentHint: tool.use === 'read',
      openWorldHint: true,
    },
  };
}

/** A tool of the catalogue: where its command is, what it is, how it is listed, what its command checks. */
export interface CatalogueTool {
  group: string;
  /** The command's words: ['inventory', 'stock', 'levels']. */
  path: string[];
  use: 'read' | 'write';
  listing: ToolListing;
  rules: ToolSpec['rules'];
}

/**
 * The tool catalogue (dist/mcp.json, written by scripts/build-mcp.js from
 * the declarations): every tool of every service group, with what --groups
 * and --allow-writes filter on. A call loads its own command's declaration.
 */
export interface ToolCatalogue {
  /** The groups --groups may name (the service groups, in the tree's order). */
  groups: string[];
  tools: CatalogueTool[];
}

/** The catalogue entry of a tool: what a command's ToolSpec is listed as. */
export function catalogueTool(tool: ToolSpec): CatalogueTool {
  return { group: tool.path[0]!, path: [...tool.path], use: tool.use, listing: toolListing(tool), rules: tool.rules };
}

/** Whether a tool of this group and use is served under --groups and --allow-writes. */
export function isServed(
  tool: { group: string; use: 'read' | 'write' },
  groups: readonly string[],
  allowWrites: boolean,
): boolean {
  return groups.includes(tool.group) && (tool.use === 'read' || allowWrites);
}

/** The tools served by --groups and --allow-writes, in the catalogue's order (the tree's). */
export function servedTools(
  catalogue: ToolCatalogue,
  groups: readonly string[],
  allowWrites: boolean,
): CatalogueTool[] {
  return catalogue.tools.filter((t) => isServed(t, groups, allowWrites));
}
