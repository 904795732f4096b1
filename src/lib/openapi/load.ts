// Reading a vendor's OpenAPI document in whatever form it comes: JSON or
// YAML, OpenAPI 3.0 to 3.2, or Swagger 2.0 (converted by swagger2openapi),
// in one file or split over several ($refs to other files and URLs, resolved
// by @apidevtools/json-schema-ref-parser). What comes out is one OpenAPI 3.x
// document whose $refs are internal. A $ref that cannot be read (a file not
// kept, an address not reachable, a pointer to nothing) leaves what it stands
// for unknown: it is named in the review, what it stands for is no evidence,
// and the rest of the document is read. No terminal here: progress goes to a
// callback the command gives.

import { UsageError, VenueError } from '../errors.js';
import { findRefs, isObject, pointerTarget } from './pointer.js';
import * as path from 'node:path';
import * as fs from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { refParserModule, swagger2openapiModule, yamlModule } from '../lazy-modules.js';

export type LoadPhase = 'read' | 'parse' | 'resolve' | 'convert' | 'check';

export interface LoadOptions {
  /** Reads a URL's text (the command's HTTP layer: deadline, redaction, https only). */
  fetchText: (url: string) => Promise<string>;
  /** Called as each phase starts, with a word on its size. */
  progress?: (phase: LoadPhase, detail: string) => void;
}

export interface LoadedDocument {
  /** OpenAPI 3.x; every $ref in it is internal ("#/…") and resolves. */
  document: Record<string, unknown>;
  /** The file's absolute path or the URL, as the user will recognise it. */
  label: string;
  /** What it was before conversion: "Swagger 2.0", "OpenAPI 3.0.3". */
  form: string;
  /** The text was JSON or YAML. */
  syntax: 'json' | 'yaml';
  /** Files or URLs other than the root that its $refs pulled in. */
  externalFiles: string[];
  /** Bytes of the root text. */
  bytes: number;
  /** What was read otherwise than written (a key written twice in one object): named in the review. */
  faults?: string[];
  /**
   * $refs that could not be read (a file or address not reachable, a pointer
   * to nothing), each with where it is written and what is unknown for it:
   * named in the review, and what they stand for is no evidence.
   */
  brokenRefs: string[];
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const isUrl = (source: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(source);

/**
 * YAML text read with js-yaml's core schema (dates stay strings, as in JSON). A key written twice in one object is
 * read as JSON.parse reads it, the later value standing (generated documents repeat a summary or a response code),
 * and said in `faults`, not a reason to read nothing.
 */
export function loadYaml(
  yaml: Awaited<ReturnType<typeof yamlModule>>,
  text: string,
  source: string,
  faults: string[],
): unknown {
  try {
    return yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: source });
  } catch (error) {
    if (!/duplicated mapping key/.test((error as Error).message)) throw error;
    const line = (error as { mark?: { line?: number } }).mark?.line;
    faults.push(
      `${source}: a key is written twice in one object${line !== undefined ? ` (at line ${line + 1})` : ''}; the later value is read, as JSON reads it`,
    );
    return yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: source, json: true });
  }
}

/** A JSON string literal, escapes and all. */
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * JSON, with one leniency: a control character written raw inside a string (a tab pasted into a description) is
 * refused by JSON but can mean one thing only, so it is read as its escape would be, and the review says where. A text
 * broken any other way is refused as before.
 */
function parseJsonLeniently(text: string, source: string, faults: string[]): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    let first: number | undefined;
    const escaped = text.replace(JSON_STRING, (literal, at: number) =>
      // eslint-disable-next-line no-control-regex
      literal.replace(/[\u0000-\u001f]/g, (c, offset: number) => {
        first ??= at + offset;
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
      }),
    );
    if (first === undefined) throw error;
    let value: unknown;
    try {
      value = JSON.parse(escaped) as unknown;
    } catch {
      throw error;
    }
    const line = text.slice(0, first).split('\n').length;
    faults.push(
      `${source}: a string holds a control character written raw (a tab or a line break, first at line ${line}), which JSON does not allow; it is read as written`,
    );
    return value;
  }
}

/** JSON when it looks like JSON, else YAML (js-yaml's core schema: dates stay strings, as in JSON). */
export async function parseDocumentText(
  body: string,
  source: string,
  faults: string[] = [],
): Promise<{ value: unknown; syntax: 'json' | 'yaml' }> {
  const trimmed = body.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw new VenueError('server', `${source} is empty`);
  try {
    if (trimmed.startsWith('{') || trimmed.startsWith('['))
      return { value: parseJsonLeniently(trimmed, source, faults), syntax: 'json' };
    const yaml = await yamlModule();
    return { value: loadYaml(yaml, trimmed, source, faults), syntax: 'yaml' };
  } catch (error) {
    throw new VenueError(
      'server',
      `cannot read ${source} as JSON or YAML: ${(error as Error).message.split('\n')[0]}`,
      { cause: error },
    );
  }
}

/**
 * The document's own version field, or a usage error saying why it is not one venue reads. A version written as a
 * YAML number (`swagger: 2.0`, `openapi: 3.1`, read as 2 and 3.1) is that version. OpenAPI 3.2 is read as 3.1, whose
 * form it keeps (what it adds, such as the QUERY method, is no route of venue's).
 */
export function documentForm(document: unknown): { kind: 'swagger2' | 'openapi3'; version: string } {
  if (!isObject(document))
    throw new UsageError('the document is not an OpenAPI document (it is not a JSON or YAML object)');
  const written = (value: unknown) =>
    typeof value === 'number' ? (Number.isInteger(value) ? value.toFixed(1) : String(value)) : value;
  if (document.swagger !== undefined) {
    const version = String(written(document.swagger)).trim();
    if (version === '2.0') return { kind: 'swagger2', version };
    throw new UsageError(`the document is Swagger ${version}: venue reads Swagger 2.0 and OpenAPI 3.x`);
  }
  const openapi = written(document.openapi);
  const version = typeof openapi === 'string' ? openapi.trim() : undefined;
  if (!version)
    throw new UsageError('the document is not an OpenAPI document: it has no "openapi" (or "swagger") version field');
  if (!/^3\.[012](\.\d+)?(-[\w.]+)?$/.test(version))
    throw new UsageError(`the document is OpenAPI ${version}: venue reads Swagger 2.0 and OpenAPI 3.0 to 3.2`);
  return { kind: 'openapi3', version };
}

/** Reads, parses, resolves and converts one document. */
export async function loadDocument(source: string, options: LoadOptions): Promise<LoadedDocument> {
  const progress = options.progress ?? (() => {});
  const remote = isUrl(source);
  const label = remote ? source : path.resolve(source);

  progress('read', label);
  const body = remote ? await options.fetchText(label) : await readLocalFile(label);
  progress('parse', `${(Buffer.byteLength(body) / 1e6).toFixed(1)} MB`);
  const faults: string[] = [];
  const parsed = await parseDocumentText(body, label, faults);
  let document = parsed.value;
  const form = documentForm(document);
  // The version as swagger2openapi and the readers expect it: a string.
  if (form.kind === 'swagger2') (document as Record<string, unknown>).swagger = form.version;
  else (document as Record<string, unknown>).openapi = form.version;

  let externalFiles: string[] = [];
  let unread: UnreadRef[] = [];
  // Found once; found again only when resolving or converting changed the document.
  let refs: Array<{ ref: string; at: string }> | undefined = findRefs(document);
  const external = refs.filter((ref) => !ref.ref.startsWith('#'));
  if (external.length) {
    progress('resolve', `${external.length} $ref${external.length === 1 ? '' : 's'} to other files`);
    ({ document, externalFiles, unread } = await resolveExternalRefs(
      document as Record<string, unknown>,
      label,
      remote,
      options,
      faults,
    ));
    refs = undefined;
  }

  // A Swagger 2.0 document's $refs are checked as written, before converting: the converter drops a parameter whose
  // $ref points nowhere, and moves the rest to where the person who reads the warning never wrote them.
  let brokenRefs: string[] | undefined;
  if (form.kind === 'swagger2') {
    progress('check', '$refs');
    const written = document as Record<string, unknown>;
    brokenRefs = checkRefs(written, refs ?? findRefs(written), unread, remote);
    progress('convert', 'Swagger 2.0 to OpenAPI 3.0');
    document = await convertSwagger2(swaggerServer(written, faults, label), label);
  } else {
    progress('check', '$refs');
    brokenRefs = checkRefs(document as Record<string, unknown>, refs ?? findRefs(document), unread, remote);
  }
  const doc = document as Record<string, unknown>;
  if (!isObject(doc.paths) || (typeof doc.paths.$ref === 'string' && Object.keys(doc.paths).length === 1))
    throw new UsageError(
      `${label} has no "paths"${isObject(doc.paths) ? ` it can read (${brokenRefs[0] ?? `$ref "${String(doc.paths.$ref)}"`})` : ''}: it describes no operations`,
    );
  doc.paths = pathsFromRoot(doc, faults, label);
  serversOfRoutes(doc, faults, label);
  return {
    document: doc,
    label,
    form: form.kind === 'swagger2' ? 'Swagger 2.0' : `OpenAPI ${form.version}`,
    syntax: parsed.syntax,
    externalFiles,
    bytes: Buffer.byteLength(body),
    brokenRefs,
    ...(faults.length ? { faults } : {}),
  };
}

/**
 * A path is written from the root ("/products"). One written without its leading slash ("products") or as a whole
 * address ("https://api.example.com/v1/products", under a server of the document or not) is the same route, read
 * from the root: the server's part of the address is the base, the rest the path. Each is named in `faults`; where
 * the path so read is written as well, the one written from the root stands.
 */
function pathsFromRoot(document: Record<string, unknown>, faults: string[], label: string): Record<string, unknown> {
  const paths = document.paths as Record<string, unknown>;
  const keys = Object.keys(paths);
  if (keys.every((key) => key.startsWith('/'))) return paths;
  const servers = (Array.isArray(document.servers) ? document.servers : [])
    .map((server) => (isObject(server) && typeof server.url === 'string' ? server.url.replace(/\/+$/, '') : ''))
    .filter((url) => isUrl(url))
    .sort((a, b) => b.length - a.length);
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key.startsWith('/')) out[key] = paths[key];
  for (const key of keys) {
    if (key.startsWith('/') || key.startsWith('x-')) {
      if (!key.startsWith('/')) out[key] = paths[key];
      continue;
    }
    const server = servers.find((url) => key.startsWith(`${url}/`) || key === url);
    const address = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(key);
    const read = server !== undefined ? key.slice(server.length) || '/' : address ? (address[1] ?? '/') : `/${key}`;
    const how = server !== undefined || address ? 'as a whole address' : 'without its leading "/"';
    if (read in out) {
      faults.push(`${label}: path "${key}" is written ${how}; ${read} is written as well, and stands`);
      continue;
    }
    out[read] = paths[key];
    faults.push(`${label}: path "${key}" is written ${how}: read as ${read}`);
  }
  return out;
}

/**
 * A document that names no servers of its own but whose routes do (each path item or operation its `servers`) is
 * served where its routes say: the server most of its routes name is the document's, as if written at the top (a
 * route served elsewhere is still one venue does not call at its base). Said in `faults`.
 */
function serversOfRoutes(document: Record<string, unknown>, faults: string[], label: string): void {
  if (Array.isArray(document.servers) && document.servers.length) return;
  const counts = new Map<string, { server: unknown; routes: number }>();
  let routes = 0;
  for (const item of Object.values(document.paths as Record<string, unknown>)) {
    if (!isObject(item)) continue;
    for (const [key, operation] of Object.entries(item)) {
      if (!/^(get|put|post|patch|delete)$/i.test(key) || !isObject(operation)) continue;
      routes++;
      const servers = [operation.servers, item.servers].find((s) => Array.isArray(s) && s.length) as
        unknown[] | undefined;
      const first = servers?.[0];
      if (!isObject(first) || typeof first.url !== 'string') continue;
      const seen = counts.get(first.url) ?? { server: first, routes: 0 };
      seen.routes++;
      counts.set(first.url, seen);
    }
  }
  const top = [...counts].sort((a, b) => b[1].routes - a[1].routes)[0];
  if (!top) return;
  document.servers = [top[1].server];
  faults.push(
    `${label}: the document names no servers; the server ${top[1].routes} of its ${routes} routes name (${top[0]}) is read as its own`,
  );
}

/**
 * A Swagger 2.0 server is a host (a name and a port) and a base path from the root. A host written as an address
 * ("https://api.example.com/", its scheme then the scheme it is served by) or a base path written without its leading
 * slash ("api/v1") is the same server: read so, and said in `faults`, where the converter would join them into
 * "//https://api.example.comapi/v1".
 */
function swaggerServer(document: Record<string, unknown>, faults: string[], label: string): Record<string, unknown> {
  const out = { ...document };
  if (typeof document.host === 'string') {
    const written = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(\/.*)?$/i.exec(document.host.trim());
    if (written) {
      out.host = written[2];
      if (!Array.isArray(document.schemes) || !document.schemes.length) out.schemes = [written[1]!.toLowerCase()];
      const rest = (written[3] ?? '').replace(/\/+$/, '');
      if (rest && document.basePath === undefined) out.basePath = rest;
      faults.push(`${label}: host "${document.host}" is written as an address: read as host ${written[2]}`);
    } else if (document.host.endsWith('/')) out.host = document.host.replace(/\/+$/, '');
  }
  if (typeof out.basePath === 'string' && out.basePath !== '' && !out.basePath.startsWith('/')) {
    faults.push(`${label}: basePath "${out.basePath}" is written without its leading "/": read as /${out.basePath}`);
    out.basePath = `/${out.basePath}`;
  }
  return out;
}

async function readLocalFile(file: string): Promise<string> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new VenueError(
      'server',
      code === 'ENOENT' ? `no file ${file}` : `cannot read ${file}: ${(error as Error).message}`,
      {
        hint: "Give the path of the vendor's OpenAPI document (JSON or YAML), or its https:// address.",
      },
    );
  }
}

/** A file or address a $ref names that could not be read, and why. */
interface UnreadRef {
  /** An absolute path for a file, else the address. */
  target: string;
  why: string;
}

/**
 * $refs to other files or URLs, pulled into the one document as internal
 * $refs (json-schema-ref-parser's bundle). Files are read beside a local root;
 * a document read from a URL reaches only URLs, through the command's HTTP
 * layer, never this machine's files. A $ref that cannot be read (a vendor's
 * schema on its website with no copy kept, a file a download left out, a
 * pointer its file lacks) stays as it is written, and why is kept: what it
 * stands for is unknown, and the rest of the document is read. Only an error
 * that is no $ref's fails the load.
 */
async function resolveExternalRefs(
  document: Record<string, unknown>,
  label: string,
  remote: boolean,
  options: LoadOptions,
  faults: string[],
): Promise<{ document: Record<string, unknown>; externalFiles: string[]; unread: UnreadRef[] }> {
  const { $RefParser, ResolverError } = await refParserModule();
  const yaml = await yamlModule();
  const files = new Set<string>();
  const unread: UnreadRef[] = [];
  /** Reads one file or address; a failure is kept with its reason and passed on as the parser's own. */
  const reading = async (target: string, read: () => Promise<string | Buffer>) => {
    try {
      const data = await read();
      files.add(target);
      return data;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const message = (error as Error).message.split('\n')[0]!;
      const why =
        code === 'ENOENT'
          ? `no file ${target}`
          : message.includes(target)
            ? message
            : `cannot read ${target}: ${message}`;
      unread.push({ target, why });
      throw new ResolverError(Object.assign(new Error(why), { code }), target);
    }
  };
  const root = remote ? label : pathToFileURL(label).href;
  const parser = new $RefParser();
  /** Parses one file read for a $ref; a failure is kept with its reason, as a read's is. */
  const parsing = (file: { url: string; data: string | Buffer }, as: 'JSON' | 'YAML') => {
    const target = safeDecode(file.url.replace(/^file:\/\//, ''));
    const text = (typeof file.data === 'string' ? file.data : file.data.toString('utf8')).replace(/^\uFEFF/, '');
    try {
      return as === 'JSON' ? (JSON.parse(text) as unknown) : loadYaml(yaml, text, target, faults);
    } catch (error) {
      // A file of another or no extension is tried with every parser in turn: only its own parser's failure says.
      if ((as === 'JSON' ? /\.json$/i : /\.ya?ml$/i).test(target))
        unread.push({ target, why: `cannot read ${target} as ${as}: ${(error as Error).message.split('\n')[0]}` });
      throw error;
    }
  };
  const yamlParser = {
    order: 200,
    canParse: /\.(ya?ml)$/i,
    parse: (file: { url: string; data: string | Buffer }) => parsing(file, 'YAML'),
  };
  const jsonParser = {
    order: 100,
    canParse: /\.json$/i,
    parse: (file: { url: string; data: string | Buffer }) => parsing(file, 'JSON'),
  };
  try {
    const bundled = await parser.bundle(root, structuredClone(document), {
      continueOnError: true,
      parse: { json: jsonParser, yaml: yamlParser },
      resolve: {
        external: true,
        file: {
          order: 100,
          canRead: (file: { url: string }) => !remote && file.url.startsWith('file:'),
          read: (file: { url: string }) => {
            const at = fileURLToPath(file.url);
            return reading(at, () => fs.readFile(at));
          },
        },
        http: {
          order: 200,
          canRead: (file: { url: string }) => /^https?:/i.test(file.url),
          read: async (file: { url: string }) => {
            const kept = remote ? undefined : await keptCopy(file.url, path.dirname(label));
            return reading(kept ?? file.url, () => (kept ? fs.readFile(kept) : options.fetchText(file.url)));
          },
        },
      },
    } as never);
    return {
      document: bundled as Record<string, unknown>,
      externalFiles: [...files].filter((f) => f !== label),
      unread,
    };
  } catch (error) {
    const failures = (error as { errors?: unknown }).errors;
    // With continueOnError the bundle is whole but for the $refs that failed, which stay as written.
    if (!Array.isArray(failures) || !failures.length || !isObject(parser.schema))
      throw unresolvedRefError(error, document, label, remote);
    for (const failure of failures as RefFailure[]) {
      const message = String(failure.message ?? '').split('\n')[0]!;
      if (unread.some((u) => u.why === message)) continue;
      const target = safeDecode(String(failure.source ?? '').replace(/^file:\/\//, ''));
      const pointer = /Missing \$ref pointer "([^"]+)"/.exec(message)?.[1];
      unread.push({ target, why: pointer ? `${target} has no ${pointer}` : `${target}: ${message}` });
    }
    return {
      document: parser.schema as Record<string, unknown>,
      externalFiles: [...files].filter((f) => f !== label),
      unread,
    };
  }
}

/**
 * A $ref by absolute URL from a local document is read from the copy kept
 * beside it, in the layout it is published in: the file at the URL's path, or
 * at the longest tail of that path, under the root document's folder
 * (`https://host/org/repo/main/schemas/a.json` is `schemas/a.json` there, or
 * `repo/main/schemas/a.json`). Vendors publish split documents whose parts
 * name each other by the address they are served at; a person who downloads
 * them keeps the tree, not the host. Only where no such file is kept is the
 * address read.
 */
async function keptCopy(url: string, rootDir: string): Promise<string | undefined> {
  let segments: string[];
  try {
    segments = new URL(url).pathname
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
  if (segments.some((s) => s === '..' || s === '.' || s.includes('/') || s.includes('\\'))) return undefined;
  for (let i = 0; i < segments.length; i++) {
    const candidate = path.join(rootDir, ...segments.slice(i));
    const stat = await fs.stat(candidate).catch(() => undefined);
    if (stat?.isFile()) return candidate;
  }
  return undefined;
}

interface RefFailure {
  message?: string;
  source?: string;
  path?: Array<string | number> | null;
  code?: string;
}

/** The $refs that failed, each as "<ref> (at <where>): <why>". */
function unresolvedRefError(
  error: unknown,
  document: Record<string, unknown>,
  label: string,
  remote: boolean,
): VenueError {
  const failures: RefFailure[] = Array.isArray((error as { errors?: unknown[] }).errors)
    ? (error as { errors: RefFailure[] }).errors
    : [error as RefFailure];
  const written = findRefs(document);
  const lines = failures.slice(0, 8).map((failure) => {
    const target = decodeURIComponent(String(failure.source ?? '').replace(/^file:\/\//, ''));
    const where = failure.path?.length
      ? `#/${failure.path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`
      : undefined;
    const named =
      written.find((r) => where !== undefined && r.at === where) ??
      written.find(
        (r) => target && !r.ref.startsWith('#') && target.endsWith(r.ref.replace(/^\.\//, '').split('#')[0]!),
      );
    const why = String(failure.message ?? error)
      .split('\n')[0]!
      .replace(/^Error (opening|reading) file [^:]+: /, '');
    return `$ref "${named?.ref ?? target}"${named ? ` at ${named.at}` : where ? ` at ${where}` : ''}${target ? ` (${target})` : ''}: ${why}`;
  });
  const more = failures.length > lines.length ? [`and ${failures.length - lines.length} more`] : [];
  const first = lines[0] ?? String((error as Error).message);
  return new VenueError(
    'server',
    `cannot resolve ${failures.length === 1 ? 'a $ref' : `${failures.length} $refs`} of ${label}: ${first}`,
    {
      details: [...lines.slice(1), ...more],
      hint: remote
        ? 'A document read from an address can reach other addresses, never files on this machine: download the files beside each other and import the local copy.'
        : 'Keep the files the document refers to beside it, as the vendor published them, and import again. Nothing was stored.',
      cause: error,
    },
  );
}

/** Swagger 2.0 → OpenAPI 3.0 with swagger2openapi, patching small faults rather than failing on them. */
async function convertSwagger2(document: Record<string, unknown>, label: string): Promise<Record<string, unknown>> {
  const { convertObj } = (await swagger2openapiModule()).default ?? (await swagger2openapiModule());
  try {
    // text: anything, or the converter spends seconds writing the whole document as YAML it never uses.
    const result = await convertObj(
      document as never,
      { patch: true, warnOnly: true, resolve: false, text: '-' } as never,
    );
    return (result as unknown as { openapi: Record<string, unknown> }).openapi;
  } catch (error) {
    throw new VenueError(
      'server',
      `cannot convert ${label} from Swagger 2.0 to OpenAPI 3: ${(error as Error).message.split('\n')[0]}`,
      { cause: error },
    );
  }
}

/**
 * After loading, the $refs still naming another file or address are those
 * that could not be read, and an internal one may point to a place the
 * document lacks (Square's own document has a few). Either is a fault that
 * touches only what the $ref stands for: each is named with where it is
 * written and what is unknown for it, what it stands for is no evidence, and
 * the import goes on.
 */
function checkRefs(
  document: Record<string, unknown>,
  refs: Array<{ ref: string; at: string }>,
  unread: UnreadRef[],
  remote: boolean,
): string[] {
  const broken = new Map<string, string[]>();
  const resolves = new Map<string, boolean>();
  for (const ref of refs) {
    let found = resolves.get(ref.ref);
    if (found === undefined) resolves.set(ref.ref, (found = pointerTarget(document, ref.ref) !== undefined));
    if (found) continue;
    broken.set(ref.ref, [...(broken.get(ref.ref) ?? []), ref.at]);
  }
  return [...broken].map(([ref, at]) => {
    const where = `at ${at[0]}${at.length > 1 ? ` and ${at.length - 1} more` : ''}`;
    const unknown = whatIsUnknown(at[0]!);
    if (ref.startsWith('#')) return `$ref "${ref}" points nowhere (${where})${unknown}`;
    const file = safeDecode(ref.split('#')[0]!.replace(/^(\.{1,2}\/)+/, ''));
    const failure = unread.find((u) => file !== '' && u.target.endsWith(file));
    const why =
      failure?.why ?? (remote && !isUrl(ref) ? 'a document read from an address reads no files' : 'not resolved');
    return `$ref "${ref}" cannot be read (${where}): ${why}${unknown}`;
  });
}

/** What is unknown for a $ref written at this place: a path's operations, an operation, or a schema (or a part such as a parameter). */
function whatIsUnknown(at: string): string {
  const tokens = at
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (tokens.at(-2) === 'parameters' && /^\d+$/.test(tokens.at(-1)!)) return '; that parameter is not read';
  if (tokens[0] === 'paths' && tokens.length === 1) return '; no route is read';
  if (tokens[0] === 'paths' && tokens.length === 2) return `; the operations of ${tokens[1]} are not read`;
  if (tokens[0] === 'paths' && tokens.length === 3) return `; ${tokens[2]!.toUpperCase()} ${tokens[1]} is not read`;
  return '; that schema is no evidence';
}
