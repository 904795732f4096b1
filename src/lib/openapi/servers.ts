// The server a document names, as venue needs it: the path its routes sit
// under (the base path), with every variable in that path filled by a value
// the user gave (--server-var, or asked on a terminal), never by its name and
// never silently by a default. Variables of the host part say nothing venue
// needs: the host is the profile's inventory.url.

import { UsageError } from '../errors.js';
import { checkFieldVarValue, normaliseBasePath } from '../inventory/routes.js';
import { isObject } from './pointer.js';

export interface ServerVariable {
  name: string;
  default?: string;
  enum?: string[];
  description?: string;
  /** It stands in the URL's path (so the base path needs it); otherwise in the host. */
  inPath: boolean;
}

export interface ServerFinding {
  /** servers[0].url as written; undefined when the document names none. */
  url?: string;
  /** Other servers the document names, not used. */
  others: string[];
  /** The URL's path with the variables given filled in: "/stores/abc123/v3". */
  path: string;
  variables: ServerVariable[];
  /** Variables of the path that no value was given for: the path still holds {name}. */
  unresolved: string[];
  /** What was fixed in a URL that is not one (a space in it), in words. */
  repaired?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * "https://h/stores/{store_hash}/v3" → its host part and its path part, without parsing it as a URL (it may hold braces
 * or spaces). The scheme may itself be a variable ("{protocol}://{host}/webapp/api/v1"): what comes before "//" is the
 * scheme and the host, never part of the path.
 */
export function splitServerUrl(
  url: string,
  startsPath: (name: string) => boolean = () => false,
): { host: string; path: string } {
  const match = /^(?:(?:[a-z][a-z0-9+.-]*|\{[^{}/]+\}):)?\/\/([^/?#]*)([^?#]*)/i.exec(url);
  if (match) {
    // A variable written onto the host whose value is a path ("https://api.ebay.com{basePath}", basePath "/sell/…")
    // begins the path.
    const glued = [...match[1]!.matchAll(/\{([^{}]+)\}/g)].find((m) => startsPath(m[1]!));
    if (glued) return { host: match[1]!.slice(0, glued.index), path: match[1]!.slice(glued.index) + match[2]! };
    return { host: match[1]!, path: match[2]! };
  }
  const path = url.split(/[?#]/)[0]!;
  // Written without its scheme, an address still begins with its host: a name with a port (localhost:8080), localhost,
  // an IP address, a dotted name ending in letters (api.example.com), or a variable that stands for the address
  // ({{baseUrl}}, {host}). Anything else ("api/v1") is a path.
  const first = path.split('/')[0]!;
  if (HOST.test(first) || ADDRESS_VARIABLE.test(first)) return { host: first, path: path.slice(first.length) };
  return { host: '', path: path.startsWith('/') ? path : `/${path}` };
}

const HOST = /^(localhost|\d{1,3}(\.\d{1,3}){3}|([a-z0-9-]+\.)+[a-z]{2,}|[a-z0-9.-]+:\d+)(:\d+)?$/i;
const ADDRESS_VARIABLE = /^\{\{?[^{}/]*(url|uri|host|server|domain|origin|address)[^{}/]*\}\}?$/i;

export function serverOf(document: Record<string, unknown>, given: Record<string, string>): ServerFinding {
  const servers = Array.isArray(document.servers) ? document.servers.filter(isObject) : [];
  const first = servers[0];
  const url = first ? text(first.url) : undefined;
  const others = servers
    .slice(1)
    .map((s) => text(s.url))
    .filter((u): u is string => u !== undefined);
  if (!url) return { others, path: '', variables: [], unresolved: [] };
  const declared = isObject(first!.variables) ? first!.variables : {};
  const startsPath = (name: string) => {
    const spec = declared[name];
    return isObject(spec) && typeof spec.default === 'string' && spec.default.startsWith('/');
  };
  const { host, path: rawPath } = splitServerUrl(url, startsPath);
  const names = [...new Set([...url.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!))];
  const variables: ServerVariable[] = names.map((name) => {
    const spec = isObject(declared[name]) ? (declared[name] as Record<string, unknown>) : {};
    const fallback = spec.default;
    return {
      name,
      default: typeof fallback === 'string' || typeof fallback === 'number' ? String(fallback) : undefined,
      enum: Array.isArray(spec.enum) ? spec.enum.map(String) : undefined,
      description: text(spec.description),
      inPath: rawPath.includes(`{${name}}`),
    };
  });
  void host;
  const unresolved: string[] = [];
  let path = rawPath.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = given[name];
    if (value === undefined) {
      unresolved.push(name);
      return whole;
    }
    return value;
  });
  // A variable that begins the path is given without its leading slash (checkServerVariable).
  if (path && !path.startsWith('/')) path = `/${path}`;
  try {
    path = decodeURI(path);
  } catch {
    // A stray % is kept as written.
  }
  let repaired: string | undefined;
  if (/\s/.test(path)) {
    path = path.trim().replace(/\s/g, '%20');
    repaired = `the server URL "${url}" holds a space; its path is read as ${path}`;
  }
  // Whole segments only: an empty segment ("//") says nothing, and the base path is cut between segments, never in one.
  path = path.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return { url, others, path: path === '/' ? '' : path, variables, unresolved: [...new Set(unresolved)], repaired };
}

/** A value for a server variable: no braces, slashes or spaces (it goes into the base path). */
export function checkServerVariable(name: string, value: string): string {
  // One leading slash is the value's own way of saying it is a path ("/sell/inventory/v1"): it is dropped, as the
  // URL's own slashes stand around the variable.
  const trimmed = value.trim().replace(/^\/(?!\/)/, '');
  if (!trimmed || /[{}\s?#]/.test(trimmed) || trimmed.startsWith('/') || trimmed.includes('//')) {
    throw new UsageError(
      `--server-var ${name}: "${value}" cannot stand in a path (no braces, spaces, ? or #, no double slash)`,
    );
  }
  return trimmed.replace(/\/+$/, '');
}

/**
 * --server-var store_hash=abc123 (repeatable) → { store_hash: "abc123" }. Each value is checked where the documents
 * put it, once they are read: in the server URL or a route's path as a segment, in a query or a header as any text on
 * one line (a warehouse's name); here only that it is text on one line.
 */
export function parseServerVars(values: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of values ?? []) {
    const match = /^([^=\s]+)=(.*)$/.exec(raw);
    if (!match)
      throw new UsageError(`--server-var takes name=value, such as --server-var store_hash=abc123 (got "${raw}")`);
    if (Object.hasOwn(out, match[1]!)) throw new UsageError(`--server-var ${match[1]} is given twice`);
    out[match[1]!] = checkFieldVarValue(match[1]!, match[2]!, `--server-var ${match[1]}`);
  }
  return out;
}

/**
 * The longest run of whole leading segments the paths share: "/stores/abc/v3" and "/stores/abc/v2" → "/stores/abc".
 * What each path adds to it is remainderAfter's: counted in segments, never in characters.
 */
export function commonBasePath(paths: string[]): string {
  if (!paths.length) return '';
  const split = paths.map((p) => p.split('/').filter(Boolean));
  const shared: string[] = [];
  for (let i = 0; split.every((s) => i < s.length && s[i] === split[0]![i]); i++) shared.push(split[0]![i]!);
  return shared.length ? `/${shared.join('/')}` : '';
}

/** What a path adds to a base path it starts with, by whole segments: "/stores/abc/v3" after "/stores/abc" → "/v3". */
export function remainderAfter(base: string, path: string): string {
  const baseSegments = base.split('/').filter(Boolean);
  const segments = path.split('/').filter(Boolean);
  if (baseSegments.some((segment, i) => segments[i] !== segment)) return path;
  const rest = segments.slice(baseSegments.length);
  return rest.length ? `/${rest.join('/')}` : '';
}

/**
 * The base path to store for a profile whose inventory.url already ends in
 * part of the server's path: the sandbox's inventory.url is
 * "<origin>/inventory" and its document's server "<origin>/inventory/api/v2",
 * so the base path is "/api/v2".
 */
export function basePathUnder(serverPath: string, inventoryUrl: string | undefined): string {
  if (!inventoryUrl) return normaliseBasePath(serverPath);
  let urlPath: string;
  try {
    urlPath = new URL(inventoryUrl).pathname.replace(/\/+$/, '');
  } catch {
    return normaliseBasePath(serverPath);
  }
  if (urlPath && (serverPath === urlPath || serverPath.startsWith(`${urlPath}/`)))
    return normaliseBasePath(serverPath.slice(urlPath.length));
  return normaliseBasePath(serverPath);
}
