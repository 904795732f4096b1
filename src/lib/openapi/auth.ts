// The auth scheme a document declares for the operations venue will call,
// as a profile stores it (inventory/routes.ts AuthScheme): a login route's
// token (bearer, or in a named header), a static key in a header or query
// parameter with its exact prefix, OAuth2 client credentials, or HTTP basic.

import { describeAuthScheme, isHeaderName, type AuthScheme } from '../inventory/routes.js';
import type { SecurityRequirement } from './operations.js';
import type { CredentialHeader } from './path-vars.js';
import { isObject } from './pointer.js';
import { wordsOf } from './vocabulary.js';

export interface AuthOption {
  /** Its name under components.securitySchemes. */
  name: string;
  /** In the document's words: "apiKey in header Authorization", "oauth2 (authorizationCode)". */
  kind: string;
  /** What venue would store for it; undefined when venue cannot use it at all (a cookie). */
  scheme?: AuthScheme;
  /** Where a prefix or a flow came from, and anything the user must do. */
  note?: string;
  /** How many of the operations accept it. */
  uses: number;
  /** Schemes one security requirement names together, all sent by this option (a key and its second header). */
  together?: string[];
}

export interface AuthFinding {
  /** The scheme chosen; undefined when the operations name none venue can use. */
  scheme?: AuthScheme;
  /** Its securitySchemes name. */
  schemeName?: string;
  /** In words: "securitySchemes.tokenAuth: apiKey in header Authorization, prefix "Token " (its description says so)". */
  evidence: string;
  /** Every scheme the operations accept, the chosen one included. */
  options: AuthOption[];
  /** What the operations require that venue will not send, in words: each is a call the vendor will refuse. */
  warnings?: string[];
}

/** The kind of a scheme a requirement names that components.securitySchemes does not describe. */
export const UNDESCRIBED_SCHEME = 'not described under components.securitySchemes';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * The prefix an Authorization header's value takes, when the scheme's
 * description says so: 'required prefix "Token"', "Type 'Bearer TOKEN'",
 * "Authorization: Token <key>". None when it does not.
 */
export function prefixFromDescription(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const patterns = [
    /prefix(?:ed)?\s*(?:of|with|:)?\s*["'`“]?([A-Za-z][A-Za-z0-9_-]*)["'`”]?/i,
    /["'`]([A-Za-z][A-Za-z0-9_-]*)\s+(?:<[^>]+>|\{[^}]+\}|[A-Z_]{3,}|token|key|xxx+)["'`]/,
    // The placeholder may be quoted: `Authorization: Bearer "YOUR_API_KEY_HERE"`.
    /Authorization:\s*([A-Za-z][A-Za-z0-9_-]*)\s+["'`]?(?:<|\{|[A-Z_]{3,}|\w*token|\w*key)/i,
    // Or a sample token written out (`Authorization: Bearer wz2FvCW3NRm4GZgLC7GM…`): sixteen or more of its characters.
    /Authorization:\s*([A-Za-z][A-Za-z0-9_-]*)\s+[A-Za-z0-9._~+/=-]{16,}/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(description);
    if (match && !/^(the|a|an|your|with|header|value|api|authorization|type|required)$/i.test(match[1]!))
      return `${match[1]} `;
  }
  return undefined;
}

function optionFor(name: string, raw: unknown, loginRoute: boolean, scopes: Set<string>): Omit<AuthOption, 'uses'> {
  if (!isObject(raw)) return { name, kind: UNDESCRIBED_SCHEME };
  const type = String(raw.type ?? '');
  const description = text(raw.description);
  if (type === 'http') {
    const scheme = String(raw.scheme ?? '').toLowerCase();
    if (scheme === 'bearer') {
      return loginRoute
        ? { name, kind: 'http bearer', scheme: { type: 'bearer' }, note: 'the token of the login route' }
        : {
            name,
            kind: 'http bearer',
            scheme: { type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Bearer ' },
            note: 'the document has no login route: a token you obtained, sent as a bearer token',
          };
    }
    if (scheme === 'basic') return { name, kind: 'http basic', scheme: { type: 'basic' } };
    return { name, kind: `http ${scheme || '(no scheme)'}` };
  }
  if (type === 'apiKey') {
    const where = String(raw.in ?? '');
    const keyName = text(raw.name);
    const kind = `apiKey in ${where || '(nowhere)'}${keyName ? ` ${keyName}` : ''}`;
    if (!keyName || (where !== 'header' && where !== 'query')) return { name, kind };
    if (where === 'header' && !isHeaderName(keyName)) return { name, kind };
    const said = prefixFromDescription(description);
    const prefix = said ?? '';
    const fromWhere = said ? `, prefix "${said}" (its description says so)` : '';
    if (loginRoute && where === 'header') {
      if (/^authorization$/i.test(keyName) && (!said || /^bearer $/i.test(said)))
        return { name, kind: `${kind}${fromWhere}`, scheme: { type: 'bearer' }, note: 'the token of the login route' };
      if (!said) return { name, kind, scheme: { type: 'header', name: keyName }, note: 'the token of the login route' };
    }
    return { name, kind: `${kind}${fromWhere}`, scheme: { type: 'api-key', in: where, name: keyName, prefix } };
  }
  if (type === 'oauth2') {
    const flows = isObject(raw.flows) ? raw.flows : {};
    const client = isObject(flows.clientCredentials) ? flows.clientCredentials : undefined;
    const tokenUrl = client ? text(client.tokenUrl) : undefined;
    if (client && tokenUrl) {
      return { name, kind: 'oauth2 (clientCredentials)', scheme: { type: 'oauth2', tokenUrl, scopes: [...scopes] } };
    }
    const flowNames = Object.keys(flows).join(', ') || 'no flows';
    // A password grant alone is a login whose token the operations take, where the document has the route for it.
    if (loginRoute && flowNames === 'password')
      return { name, kind: 'oauth2 (password)', scheme: { type: 'bearer' }, note: 'the token of the login route' };
    return {
      name,
      kind: `oauth2 (${flowNames})`,
      scheme: { type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Bearer ' },
      note: `OAuth2 ${flowNames} is run by a person in a browser, not by venue: give the access token it yields as inventory.apiKey (sent as a bearer token)`,
    };
  }
  if (type === 'openIdConnect') {
    return {
      name,
      kind: 'openIdConnect',
      scheme: { type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Bearer ' },
      note: 'OpenID Connect is run by a person in a browser, not by venue: give the access token it yields as inventory.apiKey (sent as a bearer token)',
    };
  }
  return { name, kind: type || 'no type' };
}

/** Venue sends one scheme: the simplest one the operations accept, a static key first. */
function preference(option: AuthOption, loginRoute: boolean): number {
  const scheme = option.scheme;
  if (!scheme) return 99;
  if (loginRoute && (scheme.type === 'bearer' || scheme.type === 'header')) return 0;
  // Two keys at once are sent, but one alone is simpler where the operations also take one alone.
  if (option.together) return 1.5;
  if (scheme.type === 'api-key' && !option.note && scheme.in === 'header') return 1;
  if (scheme.type === 'oauth2') return 2;
  if (scheme.type === 'api-key' && !option.note) return 3;
  if (scheme.type === 'api-key' && option.kind.startsWith('http bearer')) return 4;
  if (scheme.type === 'basic') return 5;
  return 6;
}

/**
 * The scopes each scheme needs for the operations venue calls, from each
 * operation's security: of its alternative requirements naming the scheme,
 * the one with the fewest scopes, joined over the operations. An operation
 * whose requirement names no scope needs none; when none is needed, none is
 * asked for (inventory.oauth.scopes sets them, or the server grants the client's own).
 */
function neededScopes(securities: SecurityRequirement[][]): Map<string, Set<string>> {
  const pick = (security: SecurityRequirement[], name: string): string[] | undefined => {
    let best: string[] | undefined;
    for (const requirement of security) {
      if (!isObject(requirement) || Object.keys(requirement).length !== 1 || !(name in requirement)) continue;
      const wanted = Array.isArray(requirement[name])
        ? (requirement[name] as unknown[]).filter((s): s is string => typeof s === 'string')
        : [];
      if (!best || wanted.length < best.length) best = wanted;
    }
    return best;
  };
  const out = new Map<string, Set<string>>();
  for (const security of securities) {
    for (const requirement of security) {
      if (!isObject(requirement) || Object.keys(requirement).length !== 1) continue;
      const name = Object.keys(requirement)[0]!;
      const scopes = out.get(name) ?? new Set<string>();
      for (const scope of pick(security, name) ?? []) scopes.add(scope);
      out.set(name, scopes);
    }
  }
  return out;
}

/** Words of a header's name that say plainly it carries the credential itself. */
const KEY_WORDS = new Set(['key', 'apikey', 'secret', 'token', 'signature', 'authorization']);

/**
 * How plainly a header's name says it carries the key: 2 when one of its words is key, secret, token, signature or
 * authorization (X-Api-Key, X-Client-Secret, api-auth-signature); 1 when its letters hold one inside a longer word
 * (applicationkey); 0 otherwise (an account or application id, "auth" alone: a prefix of anything about auth).
 */
function keyPlainness(header: string): number {
  const named = wordsOf(header.replace(/^x-/i, '')).map((w) => w.toLowerCase());
  if (named.some((w) => KEY_WORDS.has(w))) return 2;
  const letters = header.toLowerCase().replace(/[^a-z0-9]/g, '');
  return [...KEY_WORDS].some((w) => letters.includes(w)) ? 1 : 0;
}

/**
 * A security requirement naming two apiKey schemes at once, both in headers of different names: venue sends both, the
 * one whose header's name says most plainly that it is the key (keyPlainness; on a tie, the one the requirement lists
 * first) as the key (inventory.apiKey, after the prefix its description gives), the other bare as its second header
 * (inventory.apiSecret). Any other requirement of several schemes is none venue can send whole: undefined.
 */
function pairOption(names: string[], schemes: Record<string, unknown>): Omit<AuthOption, 'uses'> | undefined {
  if (names.length !== 2) return undefined;
  const keys = names.map((name) => {
    const raw = schemes[name];
    if (!isObject(raw) || raw.type !== 'apiKey' || raw.in !== 'header') return undefined;
    const header = text(raw.name);
    return header && isHeaderName(header) ? { name, header, description: text(raw.description) } : undefined;
  });
  if (!keys[0] || !keys[1] || keys[0].header.toLowerCase() === keys[1].header.toLowerCase()) return undefined;
  // Stable: the first listed stays first on a tie.
  const [key, second] =
    keyPlainness(keys[1].header) > keyPlainness(keys[0].header) ? [keys[1], keys[0]] : [keys[0], keys[1]];
  const said = prefixFromDescription(key.description);
  const why =
    keyPlainness(key.header) > keyPlainness(second.header)
      ? `its name says more plainly than ${second.header}'s that it is the key`
      : `neither name says more plainly that it is the key, so the first listed is`;
  return {
    name: togetherKey(names),
    together: [key.name, second.name],
    kind: `apiKey in header ${key.header}${said ? `, prefix "${said}" (its description says so)` : ''} and apiKey in header ${second.header}, required together`,
    scheme: { type: 'api-key', in: 'header', name: key.header, prefix: said ?? '', secondHeader: second.header },
    note: `${key.header} carries the key (inventory.apiKey): ${why}; ${second.header} carries inventory.apiSecret, bare (second-header)`,
  };
}

/** The requirements of several schemes at once, by their names joined (a key of uses and of the warnings). */
const togetherKey = (names: string[]) => names.join(' + ');

/**
 * What the operations require together that the chosen option does not send: for each requirement of several schemes
 * that some operation cannot be called without (none of its alternatives is one the option satisfies), the schemes of
 * it left unsent and how many operations require it.
 */
function unsentTogether(securities: SecurityRequirement[][], chosen: AuthOption | undefined): string[] {
  const sent = new Set(chosen ? (chosen.together ?? [chosen.name]) : []);
  const satisfied = (requirement: SecurityRequirement) =>
    isObject(requirement) && Object.keys(requirement).every((name) => sent.has(name));
  const counts = new Map<string, { names: string[]; operations: number }>();
  for (const security of securities) {
    if (!security.some(isObject) || security.some(satisfied)) continue;
    for (const requirement of security) {
      if (!isObject(requirement) || Object.keys(requirement).length < 2) continue;
      const names = Object.keys(requirement);
      const entry = counts.get(togetherKey(names)) ?? { names, operations: 0 };
      entry.operations++;
      counts.set(togetherKey(names), entry);
    }
  }
  const list = (names: string[]) =>
    names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return [...counts.values()].map(({ names, operations }) => {
    const unsent = names.filter((name) => !sent.has(name));
    return `${operations} of the operations ${operations === 1 ? 'requires' : 'require'} securitySchemes ${list(names)} together; venue sends the credential of one scheme, a static key with at most one second header (inventory.auth), so ${list(unsent)} ${unsent.length === 1 ? 'is' : 'are'} left unsent and those calls will be refused`;
  });
}

/**
 * The schemes the operations accept: one scheme a requirement, or two apiKey headers one requirement names together
 * (pairOption). Other requirements of several schemes at once are none venue can send: the warnings name them.
 */
export function authOf(
  document: Record<string, unknown>,
  securities: SecurityRequirement[][],
  loginRoute: boolean,
): AuthFinding {
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const uses = new Map<string, number>();
  const pairs = new Map<string, Omit<AuthOption, 'uses'>>();
  for (const security of securities) {
    for (const requirement of security) {
      if (!isObject(requirement)) continue;
      const names = Object.keys(requirement);
      if (names.length === 2) {
        const pair = pairOption(names, schemes);
        if (!pair) continue;
        pairs.set(togetherKey(names), pair);
        uses.set(togetherKey(names), (uses.get(togetherKey(names)) ?? 0) + 1);
      }
      if (names.length !== 1) continue;
      const name = names[0]!;
      uses.set(name, (uses.get(name) ?? 0) + 1);
    }
  }
  const scopes = neededScopes(securities);
  // Schemes declared, yet no operation names a requirement: the declaration is how the document says it is called
  // (requirements left out are an omission far more often than an open API), so each declared scheme is on offer,
  // chosen as any other and said so in the evidence: a person reads it in the review before anything is stored.
  // With a login route and no requirement, the login's token is what the operations take (below): a declared scheme
  // beside it is as often an API explorer's field (an "api_key" box) as the service's own.
  const required = securities.some((security) => security.some((requirement) => isObject(requirement)));
  const declaredOnly = !required && !loginRoute && Object.keys(schemes).length > 0;
  const offered: Array<[string, number]> = declaredOnly ? Object.keys(schemes).map((name) => [name, 0]) : [...uses];
  const options: AuthOption[] = offered.map(([name, count]) => ({
    ...(pairs.get(name) ?? optionFor(name, schemes[name], loginRoute, scopes.get(name) ?? new Set())),
    uses: count,
  }));
  const ranked = [...options].sort((a, b) => preference(a, loginRoute) - preference(b, loginRoute) || b.uses - a.uses);
  const chosen = ranked.find((o) => o.scheme);
  const unsent = unsentTogether(securities, chosen);
  const warned = unsent.length ? { warnings: unsent } : {};
  // A document that declares no scheme but has a login route whose answer is a token: the operations take that token,
  // sent as venue sends a login's token by default (Authorization: Bearer).
  if (!chosen && !uses.size && loginRoute) {
    return {
      scheme: { type: 'bearer' },
      options,
      evidence: unsent.length
        ? "the operations name no security scheme venue can send: the login route's token, sent as a bearer token (venue's default)"
        : "the operations name no security scheme: the login route's token, sent as a bearer token (venue's default)",
      ...warned,
    };
  }
  if (!chosen) {
    return {
      options,
      evidence: uses.size
        ? `no scheme venue can send among ${options.map((o) => `${o.name} (${o.kind})`).join(', ')}`
        : unsent.length
          ? 'the operations require only schemes together that venue cannot send (see Warnings)'
          : 'the operations name no security scheme',
      ...warned,
    };
  }
  const declared = declaredOnly
    ? `; no operation names a security requirement, so the scheme${options.length === 1 ? ' the document declares' : ` venue sends first of the ${options.length} the document declares (${options.map((o) => o.name).join(', ')})`} is taken: check it`
    : '';
  const named = (chosen.together ?? [chosen.name]).map((name) => `securitySchemes.${name}`).join(' and ');
  return {
    scheme: chosen.scheme,
    schemeName: chosen.name,
    evidence: `${named}: ${chosen.kind}${chosen.note ? `; ${chosen.note}` : ''}${declared}`,
    options,
    ...warned,
  };
}

/**
 * The prefix a credential header parameter's value takes, as its declaration says: in its description as a scheme's
 * is said (prefixFromDescription), or in its example ("Bearer <token>": a word, a space and the value); for the
 * Authorization header, a description naming the bearer scheme ("Bearer token generated post user authentication").
 */
function headerValuePrefix(header: CredentialHeader): string | undefined {
  const said = prefixFromDescription(header.description);
  if (said) return said;
  const example = /^([A-Za-z][A-Za-z0-9_-]*) +\S/.exec(header.example ?? '')?.[1];
  if (example) return `${example} `;
  if (/^authorization$/i.test(header.name) && /\bbearer\b/i.test(header.description ?? '')) return 'Bearer ';
  return undefined;
}

/**
 * Documents that declare no security scheme at all (none named, none declared) yet require, on most operations, a
 * header parameter named as a credential (findCredentialHeaders): that header is how their calls are authenticated,
 * a static key venue sends from inventory.apiKey. Of several, the Authorization header (the standard place of the
 * credential, another beside it being an application's or an account's) is the key; else the one whose name says
 * most plainly that it is the key (keyPlainness), then the one the most operations require, then the first found.
 * The rest are left to the caller (a second header, or warnings). Undefined when none can carry it.
 */
export function keyFromCredentialHeaders(headers: CredentialHeader[]): AuthFinding | undefined {
  const rank = (h: CredentialHeader) => (/^authorization$/i.test(h.name) ? 3 : keyPlainness(h.name));
  const key = headers
    .filter((h) => isHeaderName(h.name))
    .reduce<CredentialHeader | undefined>(
      (best, h) =>
        !best || rank(h) > rank(best) || (rank(h) === rank(best) && h.operations > best.operations) ? h : best,
      undefined,
    );
  if (!key) return undefined;
  const prefix = headerValuePrefix(key) ?? '';
  return {
    scheme: { type: 'api-key', in: 'header', name: key.name, prefix },
    evidence: `the documents declare no security scheme; ${key.name}, a header parameter named as a credential that ${key.operations} of the ${key.of} operations require, is the key, sent from inventory.apiKey${prefix ? ` after the prefix "${prefix}" (its declaration says so)` : ''}: check it`,
    options: [],
  };
}

/**
 * Documents that declare no security scheme, have no login route and no credential header parameter, yet say in
 * their own description how a call carries its credential in the Authorization header ("Authorization: Bearer
 * <token>", "of the form `Bearer <token>`", prefixFromDescription's readings): a static key sent with that prefix
 * (HTTP basic where the prefix is Basic: a user and password, encoded by venue). Only the document's description
 * (info.description), where such a guide is written, is read: an operation's prose says what that one route takes.
 */
export function keyFromDescription(document: Record<string, unknown>): AuthFinding | undefined {
  const description = isObject(document.info) ? text(document.info.description) : undefined;
  if (!description) return undefined;
  // Each line that speaks of the Authorization header is read alone; two prefixes (a token request in Basic, the
  // calls in Bearer) leave it unsaid which the operations take.
  const prefixes = new Map<string, string>();
  for (const line of description.split('\n')) {
    const said = /\bauthorization\b/i.test(line) ? prefixFromDescription(line) : undefined;
    if (said) prefixes.set(said.toLowerCase(), said);
  }
  if (prefixes.size !== 1) return undefined;
  const prefix = [...prefixes.values()][0]!;
  const evidence = `the documents declare no security scheme; the description (info.description) says the credential goes in the Authorization header after "${prefix.trim()}"`;
  if (/^basic $/i.test(prefix))
    return { scheme: { type: 'basic' }, evidence: `${evidence}: HTTP basic, check it`, options: [] };
  return {
    scheme: { type: 'api-key', in: 'header', name: 'Authorization', prefix },
    evidence: `${evidence}: a key you obtained, sent from inventory.apiKey, check it`,
    options: [],
  };
}

/** Token, authorization and refresh URLs of the document's OAuth2 flows, as paths: they are no login route venue can call with a key and secret. */
export function oauthPaths(document: Record<string, unknown>): Set<string> {
  const paths = new Set<string>();
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  for (const scheme of Object.values(schemes)) {
    if (!isObject(scheme) || scheme.type !== 'oauth2' || !isObject(scheme.flows)) continue;
    for (const [flowName, flow] of Object.entries(scheme.flows)) {
      // A password grant is a login: a user name and password for a token, as venue's login sends its key and secret.
      if (!isObject(flow) || flowName === 'password') continue;
      for (const key of ['tokenUrl', 'authorizationUrl', 'refreshUrl']) {
        const url = text(flow[key]);
        if (!url) continue;
        const path = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(url)?.[1] ?? url.split(/[?#]/)[0]!;
        paths.add(path.replace(/\/+$/, '') || '/');
        paths.add(path);
      }
    }
  }
  return paths;
}

export { describeAuthScheme };
