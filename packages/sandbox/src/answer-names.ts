// A route layout's `answerNames` (docs/sandbox-routes.md): inventory answers
// that call some fields by the vendor's own words (`sku_code` for
// productCode, `on_hand_qty` for quantity), in the answers (after the
// dialect) and in the response schemas of the published document, never in
// requests: those keep the contract's names, and the contract checks them.

import type { FastifyInstance } from 'fastify';
import { pascalCase } from './dialects/core.js';
import type { DialectName } from './types.js';

/** venue's contract name → the vendor's word. */
export type AnswerNames = Readonly<Record<string, string>>;

/** Per operationId of the contract: the answer names of that operation. */
export type OperationAnswerNames = Readonly<Record<string, AnswerNames>>;

const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function renamer(names: AnswerNames): (key: string) => string {
  const byKey = new Map(Object.entries(names).map(([contract, vendor]) => [fold(contract), vendor]));
  // Any casing of the contract's name (ProductCode in the pascal dialect) takes the vendor's word.
  return (key) => byKey.get(fold(key)) ?? key;
}

/** The body with the named keys in the vendor's words, at every depth. */
export function renameAnswer(body: unknown, names: AnswerNames): unknown {
  const rename = renamer(names);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [rename(key), walk(inner)]));
  };
  return walk(body);
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType);

/**
 * Renames the 2xx JSON answers of the named operations (by the canonical
 * method and path the request was rewritten to); registered after the
 * dialect, so it sees the dialect's answer.
 */
export function installAnswerNames(
  app: FastifyInstance,
  names: OperationAnswerNames,
  operations: ReadonlyArray<{ operationId: string; method: string; path: string }>,
  dialect: DialectName,
): void {
  // The pascal dialect's vendor writes its own words in PascalCase too, as its published document does.
  const spelled = (own: AnswerNames): AnswerNames =>
    dialect === 'pascal'
      ? Object.fromEntries(Object.entries(own).map(([field, word]) => [field, pascalCase(word)]))
      : own;
  const routes = operations
    .filter((o) => names[o.operationId] && Object.keys(names[o.operationId]!).length)
    .map((o) => ({
      method: o.method.toUpperCase(),
      pattern: new RegExp(`^/inventory${o.path.replace(/\{[^{}/]+\}/g, '[^/]+')}$`),
      names: spelled(names[o.operationId]!),
    }));
  if (!routes.length) return;
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?')[0]!;
    const route = routes.find((r) => r.method === request.method && r.pattern.test(path));
    if (
      !route ||
      reply.statusCode >= 300 ||
      typeof payload !== 'string' ||
      payload === '' ||
      !isJson(reply.getHeader('content-type'))
    )
      return done(null, payload);
    try {
      done(null, JSON.stringify(renameAnswer(JSON.parse(payload), route.names)));
    } catch {
      done(null, payload);
    }
  });
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schemas a node reaches (through $ref, properties, items, allOf/oneOf/anyOf), each once. */
function reached(document: Json, root: unknown, into: Set<Json>): void {
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node) || into.has(node)) return;
    into.add(node);
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
      let target: unknown = document;
      for (const part of node.$ref.slice(2).split('/'))
        target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      visit(target);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(root);
}

/**
 * The published document's answers in the vendor's words: for each named
 * operation (by operationId, before the published document renames them),
 * the property names (and required lists) of every schema its 2xx response
 * reaches and no request body does, in place.
 */
export function renameResponseSchemas(document: Json, names: OperationAnswerNames): void {
  const requests = new Set<Json>();
  const operations: Json[] = [];
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation)) continue;
      operations.push(operation);
      if (operation.requestBody !== undefined) reached(document, operation.requestBody, requests);
    }
  }
  for (const operation of operations) {
    const own = typeof operation.operationId === 'string' ? names[operation.operationId] : undefined;
    if (!own || !Object.keys(own).length) continue;
    const answers = new Set<Json>();
    for (const [code, response] of Object.entries(isObject(operation.responses) ? operation.responses : {}))
      if (/^2/.test(code)) reached(document, response, answers);
    const rename = renamer(own);
    for (const schema of answers) {
      if (requests.has(schema) || !isObject(schema.properties)) continue;
      schema.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([name, inner]) => [rename(name), inner]),
      );
      if (Array.isArray(schema.required))
        schema.required = schema.required.map((name) => (typeof name === 'string' ? rename(name) : name));
    }
  }
}
