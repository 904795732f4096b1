// What the MCP server serves, as data: a tool (derived from a command's
// declaration by src/commands/mcp/tools.ts), its input schema, and how its
// arguments become the command's words. No commander, no terminal here.

export interface JsonSchema {
  type?: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
}

export interface ToolSpec {
  /** wallet_cards, inventory_stock_levels: the command's words joined by _. */
  name: string;
  title: string;
  /** The command's words: ['inventory', 'stock', 'levels']. */
  path: readonly string[];
  description: string;
  /** A read answers at once; a write plans first (its dry run) and applies on a second call with the confirmation id. */
  use: 'read' | 'write';
  inputSchema: JsonSchema & { type: 'object' };
  /** What the command checks before sending, as its declaration states it: its description, then each argument and option. */
  rules: { command: string; checks: string[] };
  /** Flags every run of the tool carries: --redact where the command has it. */
  alwaysFlags: readonly string[];
  /** The command declares --yes (it asks before applying): the applying call passes it. */
  hasYes: boolean;
  /**
   * The command's words for these arguments: its path, the flags the server
   * adds (`extra`: --limit, --dry-run, --yes), its options, then `--` and its
   * operands; the server puts the global options before them.
   */
  argv(input: Record<string, unknown>, extra?: readonly string[]): string[];
}

/** The arguments the server reads itself and never hands to the command. */
export const serverArguments = ['profile', 'limit', 'cursor', 'confirmationId'] as const;

/** The arguments without the server's own, for the command and for binding a confirmation. */
export function commandArguments(input: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input))
    if (!(serverArguments as readonly string[]).includes(key)) rest[key] = value;
  return rest;
}

/** Checks arguments against a tool's schema (the SDK's client may not have): the problems, said as exit 2 would. */
export function checkArguments(schema: ToolSpec['inputSchema'], input: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) if (input[name] === undefined) problems.push(`${name}: required`);
  for (const [name, value] of Object.entries(input)) {
    const property = properties[name];
    if (!property) {
      problems.push(`${name}: not an argument of this tool`);
      continue;
    }
    const problem = checkValue(property, value);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  return problems;
}

function checkValue(schema: JsonSchema, value: unknown): string | undefined {
  switch (schema.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
      if (schema.minimum !== undefined && value < schema.minimum) return `must be ${schema.minimum} or more`;
      if (schema.maximum !== undefined && value > schema.maximum) return `must be ${schema.maximum} or less`;
      return undefined;
    case 'array':
      if (!Array.isArray(value)) return 'must be a list';
      if (schema.minItems !== undefined && value.length < schema.minItems)
        return `must hold at least ${schema.minItems}`;
      for (const item of value) {
        const problem = schema.items ? checkValue(schema.items, item) : undefined;
        if (problem) return problem;
      }
      return undefined;
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (schema.minLength !== undefined && value.length < schema.minLength) return 'must not be empty';
      if (schema.enum && !schema.enum.includes(value)) return `must be one of ${schema.enum.join(', ')}`;
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) return `must match ${schema.pattern}`;
      return undefined;
    default:
      return undefined;
  }
}
