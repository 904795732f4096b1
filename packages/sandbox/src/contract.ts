// The sandbox checks every request against venue's API contract,
// openapi/<service>.json (the package's own copy), at run time: request bodies, query strings and
// path parameters of the documented operations. A violation answers 400
// validation_failed. The services' own rules still run, and win: when both
// object to a field, the service's wording is the one given (it is usually
// more precise), and a few problems are left to the service altogether (a weak
// password is 422 password_rules, not a 400 from a length limit).
//
// ajv is loaded on the first request, never while the CLI starts.

import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractFile, openApiDir as packageOpenApiDir, type ContractService } from './contract-files.js';
import { SandboxHttpError, type ErrorDetail } from './http-error.js';
import type { SandboxContext, SandboxLogger, TokenKind } from './types.js';

export type { ContractService } from './contract-files.js';
type Json = Record<string, any>;
type Where = 'body' | 'query' | 'path';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Json;
  message?: string;
  schema?: unknown;
}
type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** One problem the contract finds, before it is worded. */
export interface ContractProblem extends ErrorDetail {
  where: Where;
  keyword: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A JSON pointer segment inside a URI fragment. */
const segment = (part: string) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));

interface Operation {
  key: string;
  security: Array<Record<string, unknown>>;
  documents400: boolean;
  pathParams: string[];
  body?: Validate;
  query?: Validate;
  path?: Validate;
}

/** One service's document, with its operations' validators compiled on first use. */
export class ServiceContract {
  private readonly id: string;
  private readonly operations = new Map<string, Operation | null>();
  /** "/card/{}/balance" → "/card/{cardNumber}/balance": parameter names do not have to match the routes'. */
  private readonly templates = new Map<string, string>();

  constructor(
    readonly service: ContractService,
    private readonly doc: Json,
    private readonly bodies: { compile(schema: Json): Validate },
    private readonly params: { compile(schema: Json): Validate },
  ) {
    this.id = `urn:venue:sandbox-contract:${service}`;
    for (const template of Object.keys(doc.paths ?? {}))
      this.templates.set(template.replace(/\{[^}]+\}/g, '{}'), template);
  }

  /** The document's id for ajv; the caller adds the document under it. */
  get schemaId(): string {
    return this.id;
  }

  /** The operation for a route ("/api/v1/card/:cardNumber/balance", without the prefix), or undefined. */
  operation(method: string, routeUrl: string): Operation | undefined {
    const verb = method.toLowerCase();
    const shape = routeUrl.replace(/:[^/]+/g, '{}').replace(/(.)\/$/, '$1');
    const cacheKey = `${verb} ${shape}`;
    if (!this.operations.has(cacheKey)) this.operations.set(cacheKey, this.compile(verb, shape));
    return this.operations.get(cacheKey) ?? undefined;
  }

  private compile(verb: string, shape: string): Operation | null {
    const template = this.templates.get(shape);
    if (!template || !METHODS.includes(verb)) return null;
    const item: Json = this.doc.paths[template];
    const op: Json | undefined = item[verb];
    if (!op) return null;
    const base = `/paths/${segment(template)}`;
    const responses: Json = op.responses ?? {};
    const operation: Operation = {
      key: `${verb.toUpperCase()} ${template}`,
      security: op.security ?? this.doc.security ?? [],
      documents400: ['400', '4XX', 'default'].some((status) => responses[status] !== undefined),
      pathParams: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
    };

    // Path-item parameters, overridden by the operation's own of the same name and place.
    const params = new Map<string, { pointer: string; spec: Json }>();
    const collect = (list: unknown, pointer: string) => {
      (Array.isArray(list) ? list : []).forEach((_, index) => {
        const resolved = this.resolve(`${pointer}/parameters/${index}`);
        if (resolved?.node.schema && (resolved.node.in === 'query' || resolved.node.in === 'path')) {
          params.set(`${resolved.node.in}:${resolved.node.name}`, { pointer: resolved.pointer, spec: resolved.node });
        }
      });
    };
    collect(item.parameters, base);
    collect(op.parameters, `${base}/${verb}`);
    for (const where of ['query', 'path'] as const) {
      const mine = [...params.values()].filter((p) => p.spec.in === where);
      if (mine.length === 0) continue;
      operation[where] = this.params.compile({
        type: 'object',
        properties: Object.fromEntries(mine.map((p) => [p.spec.name, { $ref: `${this.id}#${p.pointer}/schema` }])),
        required: mine.filter((p) => p.spec.required || where === 'path').map((p) => p.spec.name),
      });
    }

    const body = op.requestBody ? this.resolve(`${base}/${verb}/requestBody`) : undefined;
    const json = body && Object.keys(body.node.content ?? {}).find((type) => /json/i.test(type));
    if (body && json && body.node.content[json].schema) {
      operation.body = this.bodies.compile({ $ref: `${this.id}#${body.pointer}/content/${segment(json)}/schema` });
    }
    return operation;
  }

  /** The node at a pointer, following $refs within the document. */
  private resolve(pointer: string): { pointer: string; node: Json } | undefined {
    let at = pointer;
    for (let hops = 0; hops < 20; hops++) {
      const node = at
        .split('/')
        .slice(1)
        .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<any>((value, key) => value?.[key], this.doc);
      if (!node || typeof node.$ref !== 'string') return node ? { pointer: at, node } : undefined;
      if (!node.$ref.startsWith('#/')) return undefined;
      at = node.$ref.slice(1);
    }
    return undefined;
  }
}

const loading = new Map<string, Promise<ServiceContract | undefined>>();

/**
 * The service's contract, loaded once; undefined when the document cannot be
 * used (said once, through the logger of the sandbox that asked first).
 */
export function loadContract(
  service: ContractService,
  openApiDir = packageOpenApiDir(),
  log?: SandboxLogger,
): Promise<ServiceContract | undefined> {
  const key = `${service} ${openApiDir}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = build(service, openApiDir).catch((error: unknown) => {
      log?.warn(`requests to ${service} are not checked against its contract: ${(error as Error).message}`);
      return undefined;
    });
    loading.set(key, promise);
  }
  return promise;
}

async function build(service: ContractService, openApiDir: string): Promise<ServiceContract> {
  const file = contractFile(service, openApiDir);
  const doc = JSON.parse(await fs.promises.readFile(file, 'utf8')) as Json;
  const [ajvModule, formatsModule] = await Promise.all([import('ajv/dist/2020.js'), import('ajv-formats')]);
  const Ajv2020 = ((ajvModule as any).default ?? ajvModule) as new (options: Json) => any;
  const addFormats = ((formatsModule as any).default ?? formatsModule) as (ajv: any) => void;
  const make = (coerceTypes: boolean) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, logger: false, coerceTypes });
    addFormats(ajv);
    // OpenAPI's own format names document a value; there is nothing to check.
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'])
      ajv.addFormat(format, true);
    return ajv;
  };
  // Query and path values arrive as text: their checker converts "2" to 2 (on a copy).
  const bodies = make(false);
  const params = make(true);
  const contract = new ServiceContract(service, doc, bodies, params);
  for (const ajv of [bodies, params]) ajv.addSchema({ ...doc, $id: contract.schemaId });
  return contract;
}

// ---------------------------------------------------------------- wording

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address',
  uuid: 'a UUID',
  date: 'a date written YYYY-MM-DD',
  'date-time': 'a date and time (RFC 3339)',
  uri: 'an absolute URL',
};

function ruleOf(error: AjvError, where: Where): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'type': {
      const types = (Array.isArray(p.type) ? p.type : String(p.type).split(',')) as string[];
      if (where === 'body' && error.instancePath === '' && types.includes('object')) return 'must be a JSON object';
      return `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`;
    case 'maxLength':
      return `must be at most ${p.limit} characters`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${p.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${p.limit}`;
    case 'minItems':
      return `must list at least ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must list at most ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'minProperties':
      return p.limit === 1 ? 'must change at least one field' : `must have at least ${p.limit} fields`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'not': {
      const banned = error.schema as Json | undefined;
      return banned && 'const' in banned ? `must not be ${JSON.stringify(banned.const)}` : 'is not allowed';
    }
    case 'pattern': {
      const digits = /^\^\\d\{(\d+)\}\$$/.exec(String(p.pattern));
      if (digits) return `must be ${digits[1]} digits`;
      if (p.pattern === '^https://') return 'must use https://';
      return `must match ${p.pattern}`;
    }
    case 'format':
      return `must be ${FORMAT_WORDS[p.format] ?? `a valid ${p.format}`}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/** /items/0/quantity → items[0].quantity */
function fieldOf(error: AjvError): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  return out;
}

/** Every problem of one part of the request, the first per field. */
function problemsOf(validate: Validate | undefined, value: unknown, where: Where): ContractProblem[] {
  if (!validate || validate(value)) return [];
  const seen = new Set<string>();
  const problems: ContractProblem[] = [];
  for (const error of validate.errors ?? []) {
    // anyOf/oneOf/if only summarise the errors of their branches.
    if (['anyOf', 'oneOf', 'if'].includes(error.keyword) && (validate.errors?.length ?? 0) > 1) continue;
    const field = fieldOf(error) || (where === 'body' ? 'body' : where);
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push({ field, rule: ruleOf(error, where), where, keyword: error.keyword });
  }
  return problems;
}

// ---------------------------------------------------------------- the hook

type OwnCheck = (request: FastifyRequest) => unknown;

export interface ContractOptions {
  service: ContractService;
  /** The service's URL prefix ("/wallet"), taken off the matched route. */
  prefix: string;
  /** The document's security schemes as the sandbox's token kinds. */
  security: Record<string, TokenKind[]>;
  /** Problems the service's own rules answer instead (true: leave it to the service). */
  defer?(problem: ContractProblem, request: FastifyRequest): boolean;
  /**
   * The service's own input checks per operation ("POST /products"): run
   * only when the contract objects, so the answer names every problem in the
   * service's wording first. They throw SandboxHttpError like the routes do;
   * a list runs every check (the path's and the body's).
   */
  ownChecks?: Record<string, OwnCheck | OwnCheck[]>;
  /** Where the documents are; tests may point elsewhere. */
  openApiDir?: string;
}

/** Whether the request passes any one of the operation's security requirements. */
async function authorised(
  operation: Operation,
  options: ContractOptions,
  sandbox: SandboxContext,
  request: FastifyRequest,
): Promise<boolean> {
  const requirements = operation.security.filter((r) => Object.keys(r).length > 0);
  if (requirements.length === 0 || requirements.length < operation.security.length) return true;
  for (const requirement of requirements) {
    const kinds = Object.keys(requirement).flatMap((scheme) => options.security[scheme] ?? []);
    try {
      await sandbox.tokens.require(request, kinds);
      return true;
    } catch {
      // try the next requirement
    }
  }
  return false;
}

/**
 * Adds the contract check to a service's scope (call it from the service's
 * register(), before its routes). It runs as a preHandler, so it sees the body
 * as the routes do, after any renaming done while the request was read.
 */
export function checkRequestsAgainstContract(
  app: FastifyInstance,
  sandbox: SandboxContext,
  options: ContractOptions,
): void {
  // Read the document and load ajv while the server starts, not on its first request.
  void loadContract(options.service, options.openApiDir, sandbox.log);
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith(options.prefix)) return;
    const contract = await loadContract(options.service, options.openApiDir, sandbox.log);
    const operation = contract?.operation(request.method, url.slice(options.prefix.length) || '/');
    if (!operation || !operation.documents400) return;

    const values = Object.values((request.params ?? {}) as Record<string, string>);
    const pathValues = Object.fromEntries(operation.pathParams.map((name, i) => [name, values[i]]));
    const problems = [
      ...problemsOf(operation.path, pathValues, 'path'),
      ...problemsOf(operation.query, { ...(request.query as object) }, 'query'),
      // The sandbox reads an empty body as no body, and its services as {}.
      ...problemsOf(operation.body, request.body ?? {}, 'body'),
    ].filter((problem) => !options.defer?.(problem, request));
    if (problems.length === 0) return;
    // A request that would be refused for its token hears that first, from the route.
    if (!(await authorised(operation, options, sandbox, request))) return;

    const own: ErrorDetail[] = [];
    for (const check of [options.ownChecks?.[operation.key] ?? []].flat()) {
      try {
        check(request);
      } catch (error) {
        if (!(error instanceof SandboxHttpError) || error.status !== 400) throw error;
        own.push(...error.details);
      }
    }
    const covered = (field: string) =>
      own.some((d) => d.field === field || field.startsWith(`${d.field}.`) || field.startsWith(`${d.field}[`));
    const details = [...own, ...problems.filter((p) => !covered(p.field)).map(({ field, rule }) => ({ field, rule }))];
    throw new SandboxHttpError(
      400,
      'validation_failed',
      `the request does not meet the ${options.service} contract (openapi/${options.service}.json): ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`,
      details,
    );
  });
}
