// Reading a vendor's OpenAPI document in whatever form it comes: JSON or
// YAML, OpenAPI 3.0 or 3.1, or Swagger 2.0 (converted by swagger2openapi),
// in one file or split over several ($refs to other files and URLs, resolved
// by @apidevtools/json-schema-ref-parser). What comes out is one OpenAPI 3.x
// document whose every $ref is internal and known to resolve; a $ref that
// cannot be resolved is named in the error, never skipped. No terminal here:
// progress goes to a callback the command gives.

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
  /** Internal $refs that point nowhere, each with where it is written: named, and their schemas are no evidence. */
  brokenRefs: string[];
}

const isUrl = (source: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(source);

/** JSON when it looks like JSON, else YAML (js-yaml's core schema: dates stay strings, as in JSON). */
export async function parseDocumentText(
  body: string,
  source: string,
): Promise<{ value: unknown; syntax: 'json' | 'yaml' }> {
  const trimmed = body.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw new VenueError('server', `${source} is empty`);
  try {
    if (trimmed.startsWith('{') || trimmed.startsWith('['))
      return { value: JSON.parse(trimmed) as unknown, syntax: 'json' };
    const yaml = await yamlModule();
    return { value: yaml.load(trimmed, { schema: yaml.CORE_SCHEMA, filename: source }), syntax: 'yaml' };
  } catch (error) {
    throw new VenueError(
      'server',
      `cannot read ${source} as JSON or YAML: ${(error as Error).message.split('\n')[0]}`,
      { cause: error },
    );
  }
}

/** The document's own version field, or a usage error saying why it is not one venue reads. */
export function documentForm(document: unknown): { kind: 'swagger2' | 'openapi3'; version: string } {
  if (!isObject(document))
    throw new UsageError('the document is not an OpenAPI document (it is not a JSON or YAML object)');
  if (document.swagger !== undefined) {
    const version = String(document.swagger);
    if (version === '2.0') return { kind: 'swagger2', version };
    throw new UsageError(`the document is Swagger ${version}: venue reads Swagger 2.0 and OpenAPI 3.x`);
  }
  const version = typeof document.openapi === 'string' ? document.openapi.trim() : undefined;
  if (!version)
    throw new UsageError('the document is not an OpenAPI document: it has no "openapi" (or "swagger") version field');
  if (!/^3\.[01](\.\d+)?(-[\w.]+)?$/.test(version))
    throw new UsageError(`the document is OpenAPI ${version}: venue reads Swagger 2.0 and OpenAPI 3.0 and 3.1`);
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
  const parsed = await parseDocumentText(body, label);
  let document = parsed.value;
  const form = documentForm(document);

  let externalFiles: string[] = [];
  // Found once; found again only when resolving or converting changed the document.
  let refs: Array<{ ref: string; at: string }> | undefined = findRefs(document);
  const external = refs.filter((ref) => !ref.ref.startsWith('#'));
  if (external.length) {
    progress('resolve', `${external.length} $ref${external.length === 1 ? '' : 's'} to other files`);
    ({ document, externalFiles } = await resolveExternalRefs(
      document as Record<string, unknown>,
      label,
      remote,
      options,
    ));
    refs = undefined;
  }

  if (form.kind === 'swagger2') {
    progress('convert', 'Swagger 2.0 to OpenAPI 3.0');
    document = await convertSwagger2(document as Record<string, unknown>, label);
    refs = undefined;
  }

  progress('check', 'internal $refs');
  const doc = document as Record<string, unknown>;
  const brokenRefs = checkRefs(doc, label, refs ?? findRefs(doc));
  if (!isObject(doc.paths)) throw new UsageError(`${label} has no "paths": it describes no operations`);
  return {
    document: doc,
    label,
    form: form.kind === 'swagger2' ? 'Swagger 2.0' : `OpenAPI ${form.version}`,
    syntax: parsed.syntax,
    externalFiles,
    bytes: Buffer.byteLength(body),
    brokenRefs,
  };
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

/**
 * $refs to other files or URLs, pulled into the one document as internal
 * $refs (json-schema-ref-parser's bundle). Files are read beside a local root;
 * a document read from a URL reaches only URLs, through the command's HTTP
 * layer, never this machine's files. Every $ref that cannot be resolved is
 * listed in the error with where it was written.
 */
async function resolveExternalRefs(
  document: Record<string, unknown>,
  label: string,
  remote: boolean,
  options: LoadOptions,
): Promise<{ document: Record<string, unknown>; externalFiles: string[] }> {
  const { $RefParser } = await refParserModule();
  const yaml = await yamlModule();
  const files = new Set<string>();
  const root = remote ? label : pathToFileURL(label).href;
  const parser = new $RefParser();
  const yamlParser = {
    order: 200,
    canParse: /\.(ya?ml)$/i,
    parse: (file: { url: string; data: string | Buffer }) => {
      const text = typeof file.data === 'string' ? file.data : file.data.toString('utf8');
      return yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: file.url });
    },
  };
  try {
    const bundled = await parser.bundle(root, structuredClone(document), {
      continueOnError: true,
      parse: { yaml: yamlParser },
      resolve: {
        external: true,
        file: {
          order: 100,
          canRead: (file: { url: string }) => !remote && file.url.startsWith('file:'),
          read: async (file: { url: string }) => {
            const at = fileURLToPath(file.url);
            files.add(at);
            return fs.readFile(at);
          },
        },
        http: {
          order: 200,
          canRead: (file: { url: string }) => /^https?:/i.test(file.url),
          read: async (file: { url: string }) => {
            const kept = remote ? undefined : await keptCopy(file.url, path.dirname(label));
            files.add(kept ?? file.url);
            return kept ? fs.readFile(kept) : options.fetchText(file.url);
          },
        },
      },
    } as never);
    return { document: bundled as Record<string, unknown>, externalFiles: [...files].filter((f) => f !== label) };
  } catch (error) {
    throw unresolvedRefError(error, document, label, remote);
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
 * After loading, every $ref is internal. One to another file that is still
 * there was not resolved: an error. One to a place in the document where
 * nothing is (Square's own document has a few) is a fault of the vendor's that
 * touches only that schema: it is named in the review, its schema counts as
 * no evidence, and the import goes on.
 */
function checkRefs(
  document: Record<string, unknown>,
  label: string,
  refs: Array<{ ref: string; at: string }>,
): string[] {
  const external = refs.filter((ref) => !ref.ref.startsWith('#'));
  if (external.length) {
    throw new VenueError('server', `cannot resolve $ref "${external[0]!.ref}" at ${external[0]!.at} of ${label}`, {
      details: external.slice(1, 8).map((ref) => `$ref "${ref.ref}" at ${ref.at}`),
      hint: 'Keep the files the document refers to beside it, as the vendor published them, and import again. Nothing was stored.',
    });
  }
  const broken = new Map<string, string[]>();
  const resolves = new Map<string, boolean>();
  for (const ref of refs) {
    let found = resolves.get(ref.ref);
    if (found === undefined) resolves.set(ref.ref, (found = pointerTarget(document, ref.ref) !== undefined));
    if (found) continue;
    broken.set(ref.ref, [...(broken.get(ref.ref) ?? []), ref.at]);
  }
  return [...broken].map(
    ([ref, at]) => `$ref "${ref}" points nowhere (at ${at[0]}${at.length > 1 ? ` and ${at.length - 1} more` : ''})`,
  );
}
