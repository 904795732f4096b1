// What `venue mcp` says about itself on the wire, as data: its name, its
// capabilities and instructions, each tool as tools/list lists it, and the
// resources. The SDK's server (server.ts) and the front that answers a
// session's first messages without it (front.ts, from the list prebuilt at
// build time: scripts/build-mcp.js) both take them from here, so the two
// answer alike. No SDK, no command tree here: the front loads this.

import type { ToolSpec } from './tools.js';

export const SERVER_NAME = 'venue';

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

/**
 * The prebuilt list (dist/mcp.json, written by scripts/build-mcp.js): every
 * tool of every service group with what --groups and --allow-writes filter
 * on, and the protocol versions the bundled SDK negotiates.
 */
export interface PrebuiltList {
  /** The groups --groups may name (the service groups, in the tree's order). */
  groups: string[];
  protocolVersions: { latest: string; supported: string[] };
  tools: Array<{ group: string; use: 'read' | 'write'; listing: ToolListing }>;
}

/** Whether a tool of this group and use is served under --groups and --allow-writes. */
export function isServed(
  tool: { group: string; use: 'read' | 'write' },
  groups: readonly string[],
  allowWrites: boolean,
): boolean {
  return groups.includes(tool.group) && (tool.use === 'read' || allowWrites);
}

/** The tools served by --groups and --allow-writes, in the prebuilt list's order (the tree's). */
export function servedListings(list: PrebuiltList, groups: readonly string[], allowWrites: boolean): ToolListing[] {
  return list.tools.filter((t) => isServed(t, groups, allowWrites)).map((t) => t.listing);
}
