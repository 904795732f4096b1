// The MCP tools of `venue mcp`, derived from the command tree: one tool per
// command of the service groups that reads (fleet 'read') and, only when writes
// are allowed, one per command that writes and has a --dry-run (the first call
// of a write tool is that dry run). The input schema is built from the command's
// own declarations (arguments, options with their value kinds and choices), the
// description from its help. Nothing here is written per command.

import {
  argumentShape,
  argumentSpecs,
  flagNames,
  isGroupModule,
  optionNamed,
  type CommandModule,
  type OptionSpec,
  resourceOf,
  type ValueKind,
} from '../define.js';
import { fleetUseOf } from '../../lib/fleet/use.js';
import { confirmationWords, EXIT_CODES } from '../../lib/facts.js';
import { declarationAt, everyDeclaration } from '../argv-words.js';
import { commandGroups } from '../tree.js';
import type { JsonSchema, ToolSpec } from '../../lib/mcp/tools.js';

/** The groups whose commands become tools (the services'); --groups picks among them. */
export const toolGroups = ['wallet', 'booking', 'inventory', 'webhooks'] as const;

/** The flags the server passes itself: the plan of a write (--dry-run), and its applying call (--yes). */
const serverFlags = ['--dry-run', '--yes'];

/** A secret never reaches a tool: neither the way it enters (--secret-env, --password-stdin) nor its value. */
const isSecret = (kind: ValueKind | undefined) => kind === 'secret' || kind === 'secret-on-command-line';

/** A date as the commands take it (venue help dates). */
const DATE = '^(\\d{4}-\\d{2}-\\d{2}|today|tomorrow|[+-]\\d+d)$';

/** The schema of one value of a kind: the domain the command takes, typed as an assistant sends it. */
export function kindSchema(kind: ValueKind | undefined): JsonSchema {
  const resource = resourceOf(kind);
  if (resource) {
    const description = resource.what;
    if (resource.id === 'whole') return { type: 'integer', minimum: 0, description };
    if (resource.id === 'digits') return { type: 'string', pattern: '^\\d+$', description };
    return { type: 'string', minLength: 1, description };
  }
  switch (kind) {
    case 'integer':
      return { type: 'integer', description: 'a whole number; negative allowed' };
    case 'unsigned':
      return { type: 'integer', minimum: 0, description: 'a whole number, 0 or more' };
    case 'decimal':
      return { type: 'number', description: 'a number' };
    case 'money':
      return {
        type: 'string',
        pattern: '^\\d+(\\.\\d{1,2})?$',
        description: 'an amount, a decimal with at most two places: "3.50"',
      };
    case 'date':
      return { type: 'string', pattern: DATE, description: 'a day: YYYY-MM-DD, today, tomorrow, +Nd or -Nd' };
    case 'datetime':
      return { type: 'string', minLength: 1, description: 'a moment: ISO 8601 with its zone, or Unix seconds' };
    case 'duration':
      return {
        type: 'string',
        pattern: '^\\d+[smhd]?(\\d+[smhd])*$',
        description: 'a length of time: 90s, 30m, 2h, 1d',
      };
    case 'email':
      return { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$', description: 'an email address' };
    case 'url':
      return { type: 'string', pattern: '^https?://', description: 'an address, http(s)://…' };
    case 'file':
      return {
        type: 'string',
        pattern: '^(?!-$).+',
        description: 'a path to a file on this machine (not "-": tools have no standard input)',
      };
    case 'path':
      return { type: 'string', minLength: 1, description: 'a path on this machine, written to' };
    case 'assignment':
      return { type: 'string', pattern: '^[^=]+=', description: 'name=value' };
    default:
      return { type: 'string' };
  }
}

/** The schema of a value, a list of them (comma-separated on the command line), or an enum of its choices. */
function valueSchema(spot: { kind?: ValueKind; list?: boolean; choices?: readonly string[] }): JsonSchema {
  const one: JsonSchema = spot.choices ? { type: 'string', enum: [...spot.choices] } : kindSchema(spot.kind);
  if (!spot.list) return one;
  const { description, ...item } = one;
  return { type: 'array', items: item, minItems: 1, ...(description ? { description: `${description}s` } : {}) };
}

function describe(text: string | undefined, kindText: string | undefined): string | undefined {
  const parts = [text, kindText ? `(${kindText})` : undefined].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}

/** One option's property, or undefined when the tool withholds it. */
function optionProperty(spec: OptionSpec): { name: string; schema: JsonSchema; required: boolean } | undefined {
  const names = flagNames(spec.flags);
  if (spec.hidden || isSecret(spec.kind) || spec.paging || spec.withheldFromTools) return undefined;
  if (names.long && serverFlags.includes(names.long)) return undefined;
  const schema: JsonSchema = names.takesValue ? valueSchema(spec) : { type: 'boolean' };
  const description = describe(spec.description, schema.description);
  if (description) schema.description = names.negate ? `${description} (false gives ${names.long})` : description;
  else delete schema.description;
  return { name: names.attribute, schema, required: Boolean(spec.required) };
}

/** The words of the command line an option's value becomes. */
function optionWords(spec: OptionSpec, value: unknown): string[] {
  const names = flagNames(spec.flags);
  const flag = names.long ?? names.short!;
  if (!names.takesValue) {
    // A boolean: true gives the flag (false gives a --no- flag); the other value is the default.
    return value === (names.negate ? false : true) ? [flag] : [];
  }
  // --flag=value: a value that starts with a dash stays a value; a list is written as the command takes it, comma-separated.
  if (value === undefined || value === null) return [];
  const text = Array.isArray(value) ? value.map(String).join(',') : String(value);
  return names.long ? [`${names.long}=${text}`] : [flag, text];
}

/** "0 ok, 1 unexpected, …": each exit code in a few words (lib/facts.ts). */
function exitCodesInBrief(): string {
  return EXIT_CODES.map(({ code, short }) => `${code} ${short}`).join(', ');
}

function commandDescription(path: string[], command: CommandModule<any>, use: 'read' | 'write'): string {
  const lines = [command.summary];
  if (command.description && command.description !== command.summary) lines.push('', command.description);
  lines.push('', `As \`venue ${path.join(' ')}\` with -o json; the records it prints, emails and card numbers masked.`);
  if (use === 'read')
    lines.push(
      'A list is paged: pass the nextCursor of an answer as cursor for the next page (limit: records a page, default 50).',
    );
  else {
    lines.push(
      'A write in two calls: the first runs the dry run and returns the plan with a confirmationId; call again with the same arguments and that confirmationId to apply it.',
    );
    const asks = confirmationWords(command.confirmation);
    if (asks) lines.push(`On the command line it ${asks}: here the second call stands for that yes.`);
  }
  lines.push(`A failure carries venue's exit code and its meaning (venue://exit-codes): ${exitCodesInBrief()}.`);
  return lines.join('\n');
}

/** The tool a command gives, or undefined when it gives none (a write without --dry-run, a command with a secret argument). */
export function toolOf(path: string[], command: CommandModule<any>): ToolSpec | undefined {
  if (command.hidden || typeof command.fleet === 'function') return undefined;
  const declared = fleetUseOf(command.fleet).kind;
  if (declared === 'refused') return undefined;
  const use = declared;
  const options = command.options ?? [];
  const dryRun = optionNamed(options, '--dry-run');
  if (use === 'write' && !dryRun) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const args = argumentSpecs(command.args).map((spec) => ({ spec, shape: argumentShape(spec.spec) }));
  for (const { spec, shape } of args) {
    // A command whose argument is a secret gives no tool: a tool cannot leave it out.
    if (isSecret(spec.kind)) return undefined;
    const { description: kindText, ...item } = spec.choices
      ? ({ type: 'string', enum: [...spec.choices] } as JsonSchema)
      : kindSchema(spec.kind ?? 'text');
    if (item.type === 'string' && !item.enum && item.pattern === undefined) item.minLength = 1;
    const description = describe(`the ${shape.name}`, kindText);
    properties[shape.name] = shape.variadic
      ? { type: 'array', items: item, ...(shape.required ? { minItems: 1 } : {}), description }
      : { ...item, description };
    if (shape.required) required.push(shape.name);
  }
  const kept: Array<{ name: string; spec: OptionSpec }> = [];
  for (const spec of options) {
    const property = optionProperty(spec);
    if (!property) continue;
    // A withheld option that is required (none today) would make the tool unusable: no tool then.
    properties[property.name] = property.schema;
    if (property.required) required.push(property.name);
    kept.push({ name: property.name, spec });
  }
  for (const spec of options) if (spec.required && !kept.some((k) => k.spec === spec)) return undefined;
  properties.profile = {
    type: 'string',
    description: 'the profile (venue) to ask; default: the first one this server was started with',
  };
  if (use === 'read') {
    properties.limit = {
      type: 'integer',
      minimum: 1,
      maximum: 200,
      description: 'records a page when the answer is a list (default 50)',
    };
    properties.cursor = { type: 'string', description: 'the nextCursor of the previous page' };
  } else {
    properties.confirmationId = {
      type: 'string',
      description: 'the confirmationId the dry run returned: applies the write planned with these same arguments',
    };
  }
  const name = path.join('_').replace(/-/g, '_');
  // A command that can mask personal data itself always does (wallet diagnose --redact).
  const alwaysFlags = optionNamed(options, '--redact') ? ['--redact'] : [];
  const rules = {
    command: [command.summary, command.description].filter(Boolean).join('\n\n'),
    checks: [
      ...args.map(
        ({ spec, shape }) =>
          `${shape.name}${spec.choices ? `: one of ${spec.choices.join(', ')}` : ''}${shape.required ? ' (required)' : ''}`,
      ),
      ...kept.map(
        ({ name: key, spec }) =>
          `${key} (${spec.flags}): ${spec.description ?? ''}${spec.choices ? ` (one of ${spec.choices.join(', ')})` : ''}${spec.required ? ' (required)' : ''}`,
      ),
    ],
  };
  return {
    name,
    title: `venue ${path.join(' ')}`,
    rules,
    path,
    description: commandDescription(path, command, use),
    use,
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
    alwaysFlags,
    hasYes: optionNamed(options, '--yes') !== undefined,
    argv(input: Record<string, unknown>, extra: readonly string[] = []): string[] {
      const line = [...path, ...extra, ...alwaysFlags];
      for (const { name: key, spec } of kept) line.push(...optionWords(spec, input[key]));
      // After `--` every word is an operand: an argument that starts with a dash is never read as an option.
      const operands: string[] = [];
      for (const { shape } of args) {
        const value = input[shape.name];
        if (value === undefined) continue;
        if (Array.isArray(value)) operands.push(...value.map(String));
        else operands.push(String(value));
      }
      return operands.length ? [...line, '--', ...operands] : line;
    },
  };
}

/** Every tool of the groups named, in the tree's order (every command of theirs loaded: the build's catalogue, and tests). */
export async function deriveTools(groups: readonly string[]): Promise<ToolSpec[]> {
  const tools: ToolSpec[] = [];
  const declared = await everyDeclaration(commandGroups.filter((entry) => groups.includes(entry.name)));
  for (const { path, module } of declared) {
    if (isGroupModule(module)) continue;
    const tool = toolOf(path, module);
    if (tool) tools.push(tool);
  }
  return tools;
}

/** The tool of the command at `path` (a served tool's, at its first call), loading that command's declaration alone. */
export async function toolAt(path: readonly string[]): Promise<ToolSpec | undefined> {
  const module = await declarationAt(commandGroups, path);
  return module && !isGroupModule(module) ? toolOf([...path], module) : undefined;
}
