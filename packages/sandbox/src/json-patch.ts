// JSON Patch updates (docs/sandbox-routes.md): some vendors take a record's
// update as a JSON Patch (RFC 6902), `PATCH /v1/catalogs/products/{id}` with
// Content-Type application/json-patch+json and a list of operations on the
// record's fields, `[{"op": "replace", "path": "/description", "value": "…"}]`.
// A layout that lists updateProduct in `jsonPatch` serves it so: the route
// takes only that media type (another is 415), an array of add, replace,
// remove and test operations whose paths are JSON Pointers (RFC 6901) to a
// field of the contract's update, named as the record's read shows it (a JSON
// Patch applies to the resource as read, RFC 6902 §3: the plain dialect's
// `sku`, a layout's answer names) or by the update's own name; applied in
// order to the record's update fields (a test that fails is 409, nothing
// changed; a malformed operation or pointer is 400 naming it), and the result
// is served as the contract's own update: each field that changed, the new
// barcodes, a removed field as the update clears it (an empty code), so the
// contract and the emulator check it as they check venue's. Reads of a product
// answer an ETag and a stale If-Match is 412, as for a replacing update. A
// layout may serve the webhook subscriber's update so too (its URL, event
// types and write-only secret; no ETag: the vendor has no read of one).

import { readOpenApiDocument } from './contract-files.js';
import { isObject } from './dialects/json.js';
import { canonicalRequestName } from './dialects/request-names.js';
import { notFound, SandboxHttpError } from './http-error.js';
import { checkIfMatch, replacedFields } from './replacing.js';

type Json = Record<string, unknown>;

/** The operations a layout may serve as JSON Patch updates. */
export const JSON_PATCH_OPERATIONS: readonly string[] = ['updateProduct', 'updateWebhook'];

/** What a JSON Patch update changes: a record's fields, as the contract's update of it names them. */
export interface PatchTarget {
  /** "product", "webhook subscriber": for messages. */
  what: string;
  /** The fields a pointer may name: the contract update's that are values of the record. */
  fields: readonly string[];
  /** Lists whose items may be added (an index or "-" after the field), never removed: a product's barcodes. */
  lists: readonly string[];
  /** Fields a removal clears (the contract's update takes an empty text for them). */
  clearable: readonly string[];
  /** Fields never shown, so never held (a secret): an add sets them. */
  hidden: readonly string[];
}

const updateSchema = (name: string, document: Json = readOpenApiDocument('inventory') as unknown as Json) =>
  ((((document.components as Json | undefined)?.schemas as Json | undefined)?.[name] as Json | undefined)?.properties ??
    {}) as Record<string, Json>;

/** The fields a removal clears: those the update's schema takes an empty text for (a code); others a record always has. */
const clearableOf = (properties: Record<string, Json>) =>
  Object.entries(properties)
    .filter(
      ([, schema]) =>
        schema.type === 'string' &&
        (schema.minLength === undefined || schema.minLength === 0) &&
        schema.pattern === undefined &&
        schema.format === undefined,
    )
    .map(([name]) => name);

/** The product's update: its fields that are values of the record (replacing.ts), barcodes added only. */
export function productPatchTarget(): PatchTarget {
  return {
    what: 'product',
    fields: replacedFields(),
    lists: ['barcodes'],
    clearable: clearableOf(updateSchema('ProductUpdate')),
    hidden: [],
  };
}

/** A webhook subscriber's update: its URL, event types and secret (write-only, never shown). */
export function subscriberPatchTarget(): PatchTarget {
  const properties = updateSchema('WebhookSubscriberUpdate');
  return {
    what: 'webhook subscriber',
    fields: Object.keys(properties),
    lists: [],
    clearable: clearableOf(properties),
    hidden: Object.keys(properties).filter((name) => properties[name]!.writeOnly === true),
  };
}

/** The media type of a JSON Patch (RFC 6902 §6). */
export const JSON_PATCH_MEDIA_TYPE = 'application/json-patch+json';

const OPS = ['add', 'replace', 'remove', 'test'] as const;
type Op = (typeof OPS)[number];

/** The published request schema of a JSON Patch update: an array of {op, path, value}. */
export function jsonPatchRequestSchema(): Json {
  return {
    type: 'array',
    description:
      "A JSON Patch (RFC 6902): operations applied in order to the product's fields, each path a JSON Pointer to one of them",
    items: {
      type: 'object',
      required: ['op', 'path'],
      properties: {
        op: { type: 'string', enum: [...OPS] },
        path: { type: 'string', description: 'A JSON Pointer (RFC 6901) to a field of the product: /sellPrice' },
        value: { description: 'The value, for add, replace and test' },
      },
    },
  };
}

/** A JSON Pointer's segments (RFC 6901): "" is the whole document; a ~ not followed by 0 or 1 is malformed. */
function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/') || /~(?![01])/.test(pointer)) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const malformed = (at: number, rule: string) =>
  new SandboxHttpError(400, 'validation_failed', `operation ${at} of the JSON Patch ${rule}`, [
    { field: `[${at}]`, rule },
  ]);

const conflict = (at: number, message: string, code = 'conflict') =>
  new SandboxHttpError(409, code, `operation ${at} of the JSON Patch: ${message}; nothing was changed`);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The record's update fields as a document: each it holds a value of (null and an empty text are none). */
function documentOf(record: Json, target: PatchTarget): Json {
  const document: Json = {};
  for (const field of target.fields) {
    if (target.hidden.includes(field)) continue;
    const value = record[field];
    if (value !== undefined && value !== null && value !== '')
      document[field] = Array.isArray(value) ? [...value] : value;
  }
  return document;
}

/**
 * A JSON Patch update's request, checked before the contract sees it: the media type (415), the If-Match (412), each
 * operation (400 naming a malformed one), applied in order to the record's update fields (409 for a test that fails
 * or a path the record holds nothing at); what passes is the contract's update of the fields that changed. `product`
 * is the record as stored, undefined when there is none (the contract's 404 follows). In the pascal dialect a
 * pointer's field binds ignoring case, as its bodies' names do.
 */
export function jsonPatchRequest(
  body: unknown,
  record: Json | undefined,
  request: {
    id: string;
    contentType?: string;
    ifMatch?: string | string[];
    pascal: boolean;
    /** The contract's field → the name the record's read shows it by, where the read renames it (plain, answerNames). */
    readNames?: Readonly<Record<string, string>>;
  },
  target: PatchTarget,
): Json {
  const media = (request.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (media !== JSON_PATCH_MEDIA_TYPE)
    throw new SandboxHttpError(
      415,
      'unsupported_media_type',
      `this update takes a JSON Patch (Content-Type: ${JSON_PATCH_MEDIA_TYPE}), not ${media || 'a body without a media type'}`,
    );
  if (record && request.ifMatch !== undefined) checkIfMatch(record, request.ifMatch);
  if (!Array.isArray(body))
    throw new SandboxHttpError(
      400,
      'validation_failed',
      'the body must be a JSON Patch: an array of operations ({"op": "replace", "path": "/sellPrice", "value": 4.5})',
    );
  if (!record) throw notFound(`no ${target.what} ${request.id}`);
  const { fields, lists } = target;
  const fieldOf = (segment: string) =>
    fields.find(
      (field) =>
        field === (request.pascal ? canonicalRequestName(segment) : segment) ||
        (request.readNames?.[field] !== undefined && request.readNames[field]!.toLowerCase() === segment.toLowerCase()),
    );
  const before = documentOf(record, target);
  const document: Json = structuredClone(before);
  body.forEach((operation: unknown, at) => {
    if (!isObject(operation)) throw malformed(at, 'must be an object with op and path');
    const op = operation.op;
    if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op))
      throw malformed(
        at,
        `has op ${JSON.stringify(op)}: this server takes ${OPS.join(', ')}${op === 'move' || op === 'copy' ? ` (not ${op})` : ''}`,
      );
    if (typeof operation.path !== 'string') throw malformed(at, 'has no path (a JSON Pointer such as /sellPrice)');
    const segments = pointerSegments(operation.path);
    if (segments === undefined)
      throw malformed(at, `has path ${JSON.stringify(operation.path)}, which is not a JSON Pointer (RFC 6901)`);
    const field = segments.length ? fieldOf(segments[0]!) : undefined;
    if (field === undefined || segments.length > 2 || (segments.length === 2 && !lists.includes(field)))
      throw malformed(
        at,
        `has path ${JSON.stringify(operation.path)}, which is no field of the ${target.what}'s update (${fields.join(', ')}${lists.map((list) => `, or /${list}/- and /${list}/<index>`).join('')})`,
      );
    if (op !== 'remove' && !Object.hasOwn(operation, 'value')) throw malformed(at, `is ${op} without a value`);
    apply(document, op as Op, field, segments[1], operation.value, at, operation.path, target.what);
  });
  return contractUpdate(before, document, target, record);
}

/** One operation applied to the document (RFC 6902 §4); an index only in the barcodes. */
function apply(
  document: Json,
  op: Op,
  field: string,
  index: string | undefined,
  value: unknown,
  at: number,
  path: string,
  what: string,
): void {
  const holds = Object.hasOwn(document, field);
  if (index === undefined) {
    if (op === 'test') {
      if (!holds || !same(document[field], value))
        throw conflict(
          at,
          `the test of ${path} failed: the ${what} holds ${holds ? JSON.stringify(document[field]) : 'none'}`,
          'test_failed',
        );
    } else if (op !== 'add' && !holds) throw conflict(at, `the ${what} holds no ${field} to ${op}`);
    else if (op === 'remove') delete document[field];
    else document[field] = value;
    return;
  }
  const list = (holds ? document[field] : undefined) as unknown[] | undefined;
  if (!Array.isArray(list)) throw conflict(at, `the ${what} holds no ${field} to ${op} in`);
  const end = index === '-';
  if (!end && !/^(0|[1-9]\d*)$/.test(index))
    throw malformed(at, `has path ${JSON.stringify(path)}: ${index} is no index`);
  const position = end ? list.length : Number(index);
  if ((end && op !== 'add') || position > list.length || (op !== 'add' && position === list.length))
    throw conflict(at, `${path} is past the end of the ${what}'s ${field}`);
  if (op === 'test') {
    if (!same(list[position], value)) throw conflict(at, `the test of ${path} failed`, 'test_failed');
  } else if (op === 'add') list.splice(position, 0, value);
  else if (op === 'remove') list.splice(position, 1);
  else list[position] = value;
}

/** The contract's update of the fields that changed; a patch that changes nothing is the update of one to what it holds. */
function contractUpdate(before: Json, after: Json, target: PatchTarget, record: Json): Json {
  const update: Json = {};
  for (const field of target.fields) {
    const had = Object.hasOwn(before, field);
    const has = Object.hasOwn(after, field);
    if (target.lists.includes(field)) {
      const old = (had ? before[field] : []) as unknown[];
      const now = has && Array.isArray(after[field]) ? (after[field] as unknown[]) : has ? [after[field]] : [];
      const lost = old.filter((item) => !now.some((b) => same(b, item)));
      if (lost.length)
        throw new SandboxHttpError(
          400,
          'validation_failed',
          `${field} cannot be removed: the ${target.what} keeps every one it had (${lost.map(String).join(', ')})`,
          [{ field, rule: 'cannot be removed' }],
        );
      const added = now.filter((item) => !old.some((b) => same(b, item)));
      if (added.length) update[field] = added;
    } else if (had && !has) {
      if (!target.clearable.includes(field))
        throw new SandboxHttpError(
          400,
          'validation_failed',
          `${field} cannot be removed: a ${target.what} always has one`,
          [{ field, rule: 'cannot be removed' }],
        );
      update[field] = '';
    } else if (has && (!had || !same(before[field], after[field]))) update[field] = after[field];
  }
  if (!Object.keys(update).length) {
    const held = target.fields.find((field) => !target.lists.includes(field) && Object.hasOwn(before, field));
    if (held !== undefined) update[held] = record[held];
  }
  return update;
}
