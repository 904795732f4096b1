// Line-keyed stock writes (docs/sandbox-routes.md): many vendors key a stock
// write by a product in the path (`PUT /products/{productId}/stock` with
// `{"quantity": 12, "warehouseId": 3}`), one product's line per call. A
// layout route of stockTake, receiveStock or adjustStock may carry the
// productId and warehouseId in its path; it then takes a FLAT body (the
// operation's own fields and the one line's, without those in the path, in
// the layout's requestNames), which is made the canonical request here before
// any validation sees it, so the contract and the emulator's own rules check
// it as they check venue's. Their error details are named back as the flat
// body (or the path) names the field.

import { readOpenApiDocument } from './contract-files.js';
import { SandboxHttpError, type ErrorDetail } from './http-error.js';

/** The operations whose body a route may key by a product in its path. */
export const LINE_KEYED_OPERATIONS: readonly string[] = ['stockTake', 'receiveStock', 'adjustStock'];
/** The body fields a path parameter of such a route may carry. */
export const PATH_FIELDS: readonly string[] = ['productId', 'warehouseId'];

/** The canonical request of a line-keyed operation, as its flat body is laid out. */
export interface FlatShape {
  /** The list its lines go in ("items"); undefined when the body is one product's already (adjustStock). */
  lines?: string;
  /** The operation's own fields, the line list aside, in the schema's order. */
  top: string[];
  /** One line's fields (none without a line list). */
  line: string[];
}

/** How a layout route takes a flat body: its shape, the path fields and the vendor's words. */
export interface FlatRoute {
  operationId: string;
  shape: FlatShape;
  /** Path parameters as written in the route, each with the contract field it carries, in path order. */
  pathFields: Array<{ name: string; field: string }>;
  /** Query parameters of the route ("?sku={productId}"), each with the contract field it carries. */
  queryFields: Array<{ name: string; field: string }>;
  /** Contract field → the vendor's word, in the flat body (requestNames). */
  names: Record<string, string>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema with a local $ref followed (a few hops). */
function resolved(document: Json, node: unknown): Json | undefined {
  let at = node;
  for (let hops = 0; hops < 10 && isObject(at) && typeof at.$ref === 'string'; hops++) {
    if (!at.$ref.startsWith('#/')) return undefined;
    let target: unknown = document;
    for (const part of at.$ref.slice(2).split('/'))
      target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    at = target;
  }
  return isObject(at) ? at : undefined;
}

/** The JSON request schema of an operation of a document, and where its line list and line schema are. */
function requestSchemaOf(
  document: Json,
  operationId: string,
): { schema: Json; lines?: string; line?: Json } | undefined {
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    for (const operation of Object.values(isObject(item) ? item : {})) {
      if (!isObject(operation) || operation.operationId !== operationId) continue;
      const content = resolved(document, operation.requestBody)?.content;
      const json = isObject(content) ? Object.keys(content).find((type) => /json/i.test(type)) : undefined;
      const media = isObject(content) && json ? content[json] : undefined;
      const schema = isObject(media) ? resolved(document, media.schema) : undefined;
      if (!schema || !isObject(schema.properties)) return undefined;
      // The line list: the one property that is a list of objects.
      for (const [name, property] of Object.entries(schema.properties)) {
        const list = resolved(document, property);
        const line = list?.type === 'array' ? resolved(document, list.items) : undefined;
        if (line && isObject(line.properties)) return { schema, lines: name, line };
      }
      return { schema };
    }
  }
  return undefined;
}

const shapes = new Map<string, FlatShape | undefined>();

/** The flat shape of a line-keyed operation, read from the sandbox's openapi/inventory.json. */
export function flatShapeOf(operationId: string): FlatShape | undefined {
  if (!LINE_KEYED_OPERATIONS.includes(operationId)) return undefined;
  if (!shapes.has(operationId)) {
    const found = requestSchemaOf(readOpenApiDocument('inventory') as unknown as Json, operationId);
    shapes.set(
      operationId,
      found && {
        ...(found.lines ? { lines: found.lines } : {}),
        top: Object.keys(found.schema.properties as Json).filter((name) => name !== found.lines),
        line: Object.keys((found.line?.properties as Json | undefined) ?? {}),
      },
    );
  }
  return shapes.get(operationId);
}

/** Every field a flat body (or the path) may name, in the contract's names. */
export const flatFields = (shape: FlatShape): string[] => [...shape.top, ...shape.line];

/** The fields the request's URL carries, the path's then the query's: the order of their values. */
export const keyFields = (route: FlatRoute) => [...route.pathFields, ...route.queryFields];

/** The vendor's word for a contract field of a flat body. */
const wordOf = (route: FlatRoute, field: string) => route.names[field] ?? field;

/** The fields the flat body itself carries (the path's aside), as [contract field, vendor's word]. */
function bodyFields(route: FlatRoute): Array<[string, string]> {
  const inPath = new Set(keyFields(route).map((p) => p.field));
  return flatFields(route.shape)
    .filter((field) => !inPath.has(field))
    .map((field) => [field, wordOf(route, field)]);
}

const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A path segment as the value of an id field: a whole number where it reads as one, else the text (the contract refuses it). */
function pathValue(text: string): unknown {
  let value = text;
  try {
    value = decodeURIComponent(text);
  } catch {
    // left as sent
  }
  return /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value;
}

/**
 * The canonical request of a flat body on a line-keyed route: the operation's
 * fields at the top, the line's in the one line, the path's values in their
 * fields. Keys are matched to the vendor's words exactly, or ignoring case and
 * separators where the dialect binds names so (pascal). A key that is no field
 * of the flat body (one the path carries, the line list itself) is returned
 * as unknown: the caller refuses it.
 */
export function unflattenBody(
  body: unknown,
  route: FlatRoute,
  pathValues: readonly string[],
  folded = false,
): { body: unknown } | { unknown: string[] } {
  if (body !== undefined && !isObject(body)) return { body };
  const fields = bodyFields(route);
  const top: Json = {};
  const line: Json = {};
  const unknown: string[] = [];
  const lineFields = new Set(route.shape.line);
  for (const [key, value] of Object.entries(body ?? {})) {
    const found =
      fields.find(([, word]) => word === key) ??
      (folded ? fields.find(([, word]) => fold(word) === fold(key)) : undefined);
    if (!found) {
      unknown.push(key);
      continue;
    }
    (lineFields.has(found[0]) ? line : top)[found[0]] = value;
  }
  if (unknown.length) return { unknown };
  keyFields(route).forEach(({ field }, index) => {
    (lineFields.has(field) ? line : top)[field] = pathValue(pathValues[index] ?? '');
  });
  return { body: route.shape.lines ? { ...top, [route.shape.lines]: [line] } : top };
}

/** The 400 for keys a flat body does not take, in the contract's wording. */
export function unknownFieldsError(keys: string[]): SandboxHttpError {
  const details = keys.map((field) => ({ field, rule: 'is not a known field' }));
  return new SandboxHttpError(
    400,
    'validation_failed',
    `the request does not meet the inventory contract (openapi/inventory.json): ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`,
    details,
  );
}

/** A canonical error field ("items[0].countedQuantity", "warehouseId") as the flat body or the path names it. */
export function flatFieldName(route: FlatRoute, field: string): string {
  const lines = route.shape.lines;
  const inLine = lines
    ? new RegExp(`^${lines.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\[0\\]|\\.0)\\.`).exec(field)
    : null;
  const rest = inLine ? field.slice(inLine[0].length) : field;
  const name = /^[^.[]+/.exec(rest)?.[0];
  if (!name || !(inLine ? route.shape.line : route.shape.top).includes(name)) return field;
  const inPath = keyFields(route).find((p) => p.field === name);
  return (inPath ? inPath.name : wordOf(route, name)) + rest.slice(name.length);
}

/** An error of the canonical request with its fields named as the flat body (or the path) names them. */
export function relabelError(error: SandboxHttpError, route: FlatRoute): SandboxHttpError {
  if (!error.details.length) return error;
  let message = error.message;
  const details: ErrorDetail[] = error.details.map((detail) => {
    const field = flatFieldName(route, detail.field);
    return field === detail.field ? detail : { ...detail, field };
  });
  // The longest first, so "items[0].productId" is not half-replaced by a shorter one.
  const changed = error.details
    .map((detail, index) => [detail.field, details[index]!.field] as const)
    .filter(([from, to]) => from !== to)
    .sort((a, b) => b[0].length - a[0].length);
  for (const [from, to] of changed) message = message.split(from).join(to);
  return new SandboxHttpError(error.status, error.code, message, details, error.headers);
}

/**
 * The flat request schema a line-keyed route publishes, built from the
 * operation's canonical one in the document: its own fields and the line's,
 * without those in the path, in the vendor's words.
 */
export function flatRequestSchema(document: Json, route: FlatRoute): Json | undefined {
  const found = requestSchemaOf(document, route.operationId);
  if (!found) return undefined;
  const inPath = new Set(keyFields(route).map((p) => p.field));
  const properties: Json = {};
  const required: string[] = [];
  const take = (schema: Json, names: string[]) => {
    const own = schema.properties as Json;
    const needed = Array.isArray(schema.required) ? schema.required : [];
    for (const name of names) {
      if (inPath.has(name) || !(name in own)) continue;
      properties[wordOf(route, name)] = structuredClone(own[name]);
      if (needed.includes(name)) required.push(wordOf(route, name));
    }
  };
  take(found.schema, route.shape.top);
  if (found.line) take(found.line, route.shape.line);
  return {
    type: 'object',
    additionalProperties: false,
    ...(required.length ? { required } : {}),
    properties,
  };
}

/** The schema of a path (or query) field's parameter, from the canonical request. */
export function pathFieldSchema(document: Json, route: FlatRoute, field: string): Json {
  const found = requestSchemaOf(document, route.operationId);
  const own = (route.shape.line.includes(field) ? found?.line : found?.schema)?.properties;
  return isObject(own) && isObject(own[field]) ? structuredClone(own[field]) : { type: 'integer', minimum: 1 };
}
