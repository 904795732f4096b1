// What the importer's unit tests build their cases from: a document held in
// memory, the import plan of a few paths (or of tuning documents, when they
// are present: they are not committed), the routes it mapped, an operation
// it left unmapped, and the schema of a record of named field types.

import fs from 'node:fs';
import path from 'node:path';
import type { InventoryOperation } from '../../src/lib/inventory/routes.js';
import { loadDocument } from '../../src/lib/openapi/load.js';
import {
  planImport,
  type ImportPlan,
  type MappedOperation,
  type UnmappedOperation,
} from '../../src/lib/openapi/import.js';
import { repoRoot } from './venue.js';

export const vendors = path.join(repoRoot, 'test/fixtures/openapi/vendors');
export const noFetch = {
  fetchText: async (url: string) => Promise.reject(new Error(`no network in unit tests: ${url}`)),
};
/** Whether any of these vendor documents is missing (a case skipped where they are not kept). */
export const absent = (...files: string[]) => !files.every((f) => fs.existsSync(path.join(vendors, f)));

/** A loaded document made of this object. */
export function inMemory(document: Record<string, unknown>, label = 'memory') {
  return {
    document,
    label,
    form: 'OpenAPI 3.0.3',
    syntax: 'json' as const,
    externalFiles: [],
    bytes: 1,
    brokenRefs: [],
  };
}

/** The import plan of a document of these paths (and other top-level members). */
export function plan(
  paths: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  serverVars: Record<string, string> = {},
): ImportPlan {
  return planImport([inMemory({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths, ...extra })], {
    serverVars,
    inventoryUrl: 'https://inventory.example',
    overrides: new Map(),
  });
}

/** The import plan of vendor documents of test/fixtures/openapi/vendors. */
export async function tuning(files: string[], serverVars: Record<string, string> = {}): Promise<ImportPlan> {
  const docs = [];
  for (const file of files) docs.push(await loadDocument(path.join(vendors, file), noFetch));
  return planImport(docs, { serverVars, inventoryUrl: 'https://inventory.example', overrides: new Map() });
}

/** The route each mapped operation got. */
export const routesOf = (result: ImportPlan) =>
  Object.fromEntries(
    result.operations.filter((o): o is MappedOperation => o.matched).map((o) => [o.operation, o.route]),
  ) as Partial<Record<InventoryOperation, string>>;

/** An operation the plan left unmapped, with its candidates. */
export const unmapped = (result: ImportPlan, operation: InventoryOperation) =>
  result.operations.find((o): o is UnmappedOperation => o.operation === operation && !o.matched);

/** A record's schema of these field types; an "array" field holds records. */
export const schema = (fields: Record<string, string>) => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(fields).map(([k, t]) => [
      k,
      t === 'array' ? { type: 'array', items: { type: 'object', properties: {} } } : { type: t },
    ]),
  ),
});
/** A request body of these fields. */
export const body = (fields: Record<string, string>) => ({
  content: { 'application/json': { schema: schema(fields) } },
});
/** A 200 answer whose JSON body is this schema (a record, a list, an envelope written out). */
export const answerOf = (schema: unknown) => ({
  '200': { description: 'OK', content: { 'application/json': { schema } } },
});
/** A 200 answer: one record of these fields, or (list) an array of them. */
export const answer = (fields: Record<string, string>, list = false) => ({
  '200': {
    description: 'OK',
    content: { 'application/json': { schema: list ? { type: 'array', items: schema(fields) } : schema(fields) } },
  },
});
