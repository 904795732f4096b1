// Checks a sandbox answer against the service's OpenAPI 3.1 document in
// openapi/<service>.json (the package's contract): the operation must
// document that status, and the body must match its JSON schema (2020-12,
// with formats). venue's end-to-end tests use it too (test/support/contract.ts).

import fs from 'node:fs';
import { contractFile } from '../../src/contract-files.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export type { ContractService } from '../../src/contract-files.js';
import type { ContractService } from '../../src/contract-files.js';

type Json = Record<string, any>;
type ValidateFn = ((data: unknown) => boolean) & {
  errors?: Array<{ instancePath: string; message?: string; params?: unknown }> | null;
};

const Ajv2020 = ((Ajv2020Module as any).default ?? Ajv2020Module) as new (options: Json) => any;
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: any) => void;

const servicePrefixes: Record<string, string> = { wallet: '/wallet', booking: '/booking', inventory: '/inventory' };
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
  }
}

/** A checker for one OpenAPI document. */
export class Contract {
  private readonly ajv: any;
  private readonly id: string;
  private readonly compiled = new Map<string, ValidateFn>();
  private readonly templates: Array<{ template: string; pattern: RegExp }>;

  constructor(
    readonly doc: Json,
    readonly name: string,
  ) {
    this.id = `urn:venue:contract:${name}`;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats(this.ajv);
    // OpenAPI's own format names: accepted as documentation, nothing to check.
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'])
      this.ajv.addFormat(format, true);
    this.ajv.addSchema({ ...doc, $id: this.id });
    this.templates = Object.keys(doc.paths ?? {}).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    }));
  }

  /** The documented path a request path (template, concrete, with or without the service prefix) stands for. */
  resolvePath(requestPath: string): string | undefined {
    const bare = requestPath.split('?')[0]!;
    const prefix = servicePrefixes[this.name];
    const candidates = [bare];
    if (prefix && bare.startsWith(`${prefix}/`)) candidates.push(bare.slice(prefix.length));
    for (const candidate of candidates) if (this.doc.paths?.[candidate]) return candidate;
    for (const candidate of candidates) {
      const hit = this.templates.find((t) => t.pattern.test(candidate));
      if (hit) return hit.template;
    }
    return undefined;
  }

  private deref(node: Json | undefined): Json | undefined {
    let current = node;
    for (
      let hops = 0;
      current && typeof current.$ref === 'string' && current.$ref.startsWith('#/') && hops < 20;
      hops++
    ) {
      current = current.$ref
        .slice(2)
        .split('/')
        .map((part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((at: any, key: string) => at?.[key], this.doc);
    }
    return current;
  }

  /** Throws ContractError when the answer is not what the document states. */
  check(method: string, requestPath: string, status: number, body: unknown): void {
    const where = `${this.name}: ${method.toUpperCase()} ${requestPath} → ${status}`;
    const template = this.resolvePath(requestPath);
    if (!template) throw new ContractError(`${where}: the document has no path ${requestPath}`);
    const verb = method.toLowerCase();
    if (!methods.includes(verb) || !this.doc.paths[template][verb]) {
      throw new ContractError(`${where}: the document has no ${method.toUpperCase()} on ${template}`);
    }
    const responses: Json = this.doc.paths[template][verb].responses ?? {};
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
    if (!key) {
      throw new ContractError(
        `${where}: ${method.toUpperCase()} ${template} documents no ${status} answer (it has ${Object.keys(responses).join(', ') || 'none'})`,
      );
    }
    const response = this.deref(responses[key]) ?? {};
    const content: Json | undefined = response.content;
    const jsonType = content && Object.keys(content).find((type) => /json/i.test(type));
    if (!content || Object.keys(content).length === 0) {
      const empty = body === undefined || body === null || body === '' || (Buffer.isBuffer(body) && body.length === 0);
      if (!empty) throw new ContractError(`${where}: the document says no body, but there was one: ${preview(body)}`);
      return;
    }
    // A non-JSON answer (a pass file): the document gives no JSON schema to check.
    if (!jsonType || !content[jsonType]?.schema) return;
    const pointer = ['paths', template, verb, 'responses', key];
    const schemaPath = responses[key].$ref
      ? `${responses[key].$ref.slice(1)}/content/${escape(jsonType)}/schema`
      : `/${pointer.map(escape).join('/')}/content/${escape(jsonType)}/schema`;
    let validate = this.compiled.get(schemaPath);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${this.id}#${schemaPath}` }) as ValidateFn;
      this.compiled.set(schemaPath, validate);
    }
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map(
        (e) =>
          `  ${e.instancePath || '(body)'} ${e.message ?? 'is invalid'} ${e.params ? JSON.stringify(e.params) : ''}`,
      );
      throw new ContractError(
        `${where}: the body does not match the document:\n${problems.join('\n')}\nbody: ${preview(body)}`,
      );
    }
  }
}

function escape(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function preview(body: unknown): string {
  const text =
    typeof body === 'string' ? body : Buffer.isBuffer(body) ? `<${body.length} bytes>` : JSON.stringify(body);
  return text && text.length > 600 ? `${text.slice(0, 600)}…` : String(text);
}

const contracts = new Map<string, Contract>();

export function loadContract(service: ContractService): Contract {
  const cached = contracts.get(service);
  if (cached) return cached;
  const file = contractFile(service);
  let doc: Json;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContractError(`no usable OpenAPI document for ${service} at ${file}: ${(error as Error).message}`);
  }
  const contract = new Contract(doc, service);
  contracts.set(service, contract);
  return contract;
}

/**
 * Fails (throws) unless openapi/<service>.json documents status for
 * method on pathTemplate and body matches its schema. pathTemplate may be the
 * documented template ("/products/{productId}"), a concrete path, and may
 * carry the sandbox prefix ("/inventory/products/ABC").
 */
export function expectContract(
  service: ContractService,
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
): void {
  loadContract(service).check(method, pathTemplate, status, body);
}
