// Replacing updates (docs/sandbox-routes.md): many vendors offer no partial
// update. Their update is a PUT (or a POST to the record's own path) that
// replaces the record: it requires every field it takes on every call, and
// refuses a body missing one. A layout that lists updateProduct in `replaces`
// serves it so: the body must hold every field of the contract's update that
// is a value of the record (the supplier link actions are none), each under
// its name, null where the record holds none. Reads of a product answer an
// ETag (of the record as stored), and an update sent with an If-Match that is
// not the product's ETag now is refused with 412, the record unchanged. A
// body that passes is then served as the contract's own update: fields that
// hold no value (null) where the record holds none are left out of it, and
// the contract and the emulator check the rest as they check venue's.

import { createHash } from 'node:crypto';
import { readOpenApiDocument } from './contract-files.js';
import { isObject } from './dialects/json.js';
import { SandboxHttpError } from './http-error.js';

type Json = Record<string, unknown>;

/** The operations a layout may serve as replacing updates. */
export const REPLACEABLE_OPERATIONS: readonly string[] = ['updateProduct'];

const schemaAt = (document: Json, name: string): Json | undefined => {
  const schemas = (document.components as Json | undefined)?.schemas as Json | undefined;
  const schema = schemas?.[name];
  return isObject(schema) ? (schema as Json) : undefined;
};

/** The fields a replacing product update takes: the contract's update fields that are values of the record. */
export function replacedFields(document: Json = readOpenApiDocument('inventory') as unknown as Json): string[] {
  const update = schemaAt(document, 'ProductUpdate');
  const product = schemaAt(document, 'Product');
  const own = (product?.properties ?? {}) as Json;
  return Object.keys((update?.properties ?? {}) as Json).filter((name) => name !== 'suppliers' && name in own);
}

/**
 * The published request schema of a replacing update: every field required, each of the contract update's schema,
 * taking null where the record may hold none (the product's own schema says which).
 */
export function replacingRequestSchema(document: Json): Json {
  const update = (schemaAt(document, 'ProductUpdate')?.properties ?? {}) as Json;
  const product = (schemaAt(document, 'Product')?.properties ?? {}) as Json;
  const fields = replacedFields(document);
  const properties: Json = {};
  for (const name of fields) {
    const schema = structuredClone(update[name]) as Json;
    const type = (product[name] as Json | undefined)?.type;
    if (Array.isArray(type) && type.includes('null') && typeof schema.type === 'string')
      schema.type = [schema.type, 'null'];
    properties[name] = schema;
  }
  return {
    type: 'object',
    additionalProperties: false,
    description: 'The whole product: every field is required, and replaces the value the product holds',
    required: fields,
    properties,
  };
}

/** A product's ETag: of the record as stored, its stock aside (stock moves by its own calls, not by an update). */
export function productEtag(product: Json): string {
  const { stock: _stock, averageUnitCost: _cost, lastPurchasePrice: _last, ...own } = product;
  return `"${createHash('sha256').update(JSON.stringify(own)).digest('base64url').slice(0, 22)}"`;
}

/** An If-Match that names none of the record's ETags (a list, W/ forms and * as RFC 9110 has them). */
function staleIfMatch(ifMatch: string | string[] | undefined, etag: string): boolean {
  if (ifMatch === undefined) return false;
  const tags = (Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch).split(',').map((t) => t.trim());
  if (tags.includes('*')) return false;
  return !tags.some((tag) => tag.replace(/^W\//, '') === etag);
}

/** An update sent with an If-Match that names none of the product's ETags now: 412, the record unchanged. */
export function checkIfMatch(product: Json, ifMatch: string | string[] | undefined): void {
  if (staleIfMatch(ifMatch, productEtag(product)))
    throw new SandboxHttpError(
      412,
      'precondition_failed',
      `product ${String(product.productId)} has changed since that ETag was read: the update was not applied`,
    );
}

/**
 * A replacing update's request, checked before the contract sees it: the If-Match first (412, nothing changed),
 * then every field (400 naming those missing); what passes is the contract's update, null where the record holds
 * none left out. `product` is the record as stored, undefined when there is none (the contract's 404 follows).
 */
export function replacingRequest(
  body: unknown,
  product: Json | undefined,
  ifMatch: string | string[] | undefined,
  fields: readonly string[],
): Json {
  if (product) checkIfMatch(product, ifMatch);
  if (!isObject(body)) return body as Json;
  const missing = fields.filter((name) => !Object.hasOwn(body, name));
  if (missing.length)
    throw new SandboxHttpError(
      400,
      'validation_failed',
      `this update replaces the whole product: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
      missing.map((field) => ({ field, rule: 'is required: the update replaces the whole product' })),
    );
  const own = body as Json;
  return Object.fromEntries(
    Object.entries(own).filter(([name, value]) => !(value === null && (product?.[name] ?? null) === null)),
  );
}
