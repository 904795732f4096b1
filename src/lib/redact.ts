import type { Writable } from 'node:stream';
// Secrets never reach a trace, a log or an error message, and redaction never
// alters data. Two rules, applied where each is safe:
//
// - Where secrets travel, always: headers (Authorization, api-key and token
//   headers), the credential fields of bodies (apiKey, password, cardCvv,
//   accessToken…), URL query parameters (api_key, token…), and the fields of a
//   server's error answer that name a credential. These are found by name, so
//   any secret, however short or plain, is masked there.
// - By value elsewhere (data on stdout, server messages, traces, journals), only
//   secrets distinctive enough that searching for them cannot hit ordinary
//   data: JWTs, and values of 12 characters or more that are neither a number
//   nor words (see isDistinctive). A secret `true`, a key `SNACKS` or a token
//   `string` is never searched for in a product listing.

export const REDACTED = '[redacted]';

/**
 * Whether a field or header name holds a credential. Names are compared
 * without case or separators ("x-api-key", "api_key", "apiKey" are one name)
 * and by their last word, so `accessToken`, `x-api-token` and `cardCvv` are
 * credentials while the arcade's `tokens`, `tokenBalance` or `tokenType` are
 * data.
 */
const CREDENTIAL_NAME =
  /(?:password|passwd|passphrase|secret|secretkey|apikey|accesskey|privatekey|signingkey|cvv|cvc|authorization|cookie|confirmationcode|signature|token|jwt|credentials?)$/;

export function isSensitiveKey(key: string): boolean {
  // Trailing digits are a version, not a word: x-hub-signature-256, cvv2, password1.
  return CREDENTIAL_NAME.test(
    key
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/\d+$/, ''),
  );
}

/** Query parameters that carry a credential under a short name of their own. */
const CREDENTIAL_PARAMETER = /^(?:key|sig|code|auth|access_?token|id_?token|client_?secret)$/i;

/** Every credential field (by name) masked, however deeply nested; everything else as it was. */
export function redactJson(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] =
      isSensitiveKey(key) && inner !== null && inner !== undefined && inner !== ''
        ? REDACTED
        : redactJson(inner, depth + 1);
  }
  return out;
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (!isSensitiveKey(key)) out[key] = value;
    else if (/^(proxy-)?authorization$/i.test(key)) out[key] = value.replace(/^(\w+)\s+.*$/, `$1 ${REDACTED}`);
    else out[key] = REDACTED;
  }
  return out;
}

/** A URL with its user info and credential query parameters masked (the text back unchanged when it is no URL). */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  let changed = false;
  if (url.password) {
    url.password = 'redacted';
    changed = true;
  }
  for (const name of new Set(url.searchParams.keys())) {
    if (isSensitiveKey(name) || CREDENTIAL_PARAMETER.test(name)) {
      url.searchParams.set(name, 'redacted');
      changed = true;
    }
  }
  return changed ? url.toString().replace(/redacted/g, REDACTED) : text;
}

/** Three base64url parts, the first a JSON header: a JWT wherever it appears. */
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const WHOLE_JWT = /^eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*$/;

/** Letters in words: "string", "SNACKS", "Arcade Tokens", "remainingCapacity", "correct-horse-battery". */
const WORDS = /^[A-Za-z]+(?:[ _.-]+[A-Za-z]+)*$/;
/** Digits and what goes with numbers, amounts, card numbers and dates (2026-11-22T10:00:00Z). */
const NUMERIC = /^[\d\s.,:+/TZ-]*$/;

/** Shannon entropy of the value's characters, in bits for the whole value. */
function entropyBits(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bitsPerChar -= p * Math.log2(p);
  }
  return bitsPerChar * value.length;
}

/**
 * Whether a secret is distinctive enough to be searched for in any text: a
 * JWT, or at least 12 characters that are not plain words, not a number
 * (amounts, card numbers and dates are data) and carry at least 40 bits of
 * character entropy (not "aaaaaaaaaaaa1"). Anything else is masked only
 * where it travels, by name.
 */
export function isDistinctive(value: string): boolean {
  if (WHOLE_JWT.test(value)) return true;
  if (value.length < 12 || WORDS.test(value) || NUMERIC.test(value)) return false;
  return entropyBits(value) >= 40;
}

/** Words that say a server's error text is about a credential. */
const CREDENTIAL_WORDS = /pass(?:word|wd|phrase)|secret|cvv|cvc|api[-_ ]?key|token|credential|confirmation[-_ ]?code/i;
/** Fields of an error entry that name the field it is about ({field: "cardCvv", message: …}). */
const NAMING_FIELDS = [
  'field',
  'param',
  'parameter',
  'property',
  'propertyName',
  'name',
  'path',
  'key',
  'loc',
  'pointer',
  'source',
];
/** Fields of an error entry that echo the value given ({field: "cardCvv", rejectedValue: "123"}). */
const ECHO_FIELD = /^(?:value|rejectedvalue|attemptedvalue|invalidvalue|given|input|received|actual)$/i;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Redaction by value: every secret venue knows in a run (secrets from the
 * config, passwords and CVVs read from a prompt or stdin, the tokens it sends
 * and receives) is remembered here. Distinctive ones are scrubbed from every
 * line written, including text a server echoes back; the others only from the
 * fields of an error answer that concern a credential (inErrorBody).
 */
export class SecretRegistry {
  /** Searched for in any text. */
  private readonly distinctive = new Set<string>();
  /** Short or plain: searched for only in a server's words about a credential. */
  private readonly plain = new Set<string>();
  /** Shown once on stdout on purpose (a generated webhook secret, `auth token`); messages still mask them. */
  private readonly shown = new Set<string>();
  private patterns?: { plain?: RegExp };
  /** What finds the distinctive secrets in data (everywhere) and in messages (and the shown ones there). */
  private readonly searchers = { everywhere: new Searcher(), messages: new Searcher() };
  /** Whether one searched secret holds another (in any of their forms): then one expression holds them all, longest first. */
  private nested = false;

  /** Remembers a secret (values under 3 characters are not worth a search). */
  remember(value: unknown): void {
    if (typeof value !== 'string') return;
    const secret = value.trim();
    if (secret.length < 3 || this.distinctive.has(secret) || this.plain.has(secret)) return;
    if (isDistinctive(secret)) {
      if (!this.nested) {
        const mine = formsOf(secret);
        this.nested = [...this.distinctive, ...this.shown].some((other) =>
          formsOf(other).some((form) => mine.some((own) => own.includes(form) || form.includes(own))),
        );
      }
      this.distinctive.add(secret);
      this.searchers.everywhere.learn(this.distinctive, this.nested);
      this.searchers.messages.learn(new Set([...this.distinctive, ...this.shown]), this.nested);
    } else this.plain.add(secret);
    this.patterns = undefined;
  }

  /** A secret the command is meant to show once on stdout; messages and journals still mask it. */
  forget(value: string): void {
    const secret = value.trim();
    if (this.distinctive.delete(secret)) {
      this.shown.add(secret);
      this.searchers.everywhere.reset(this.distinctive);
      this.searchers.messages.reset(new Set([...this.distinctive, ...this.shown]));
    }
    this.plain.delete(secret);
    this.patterns = undefined;
  }

  /** Remembers every value under a credential name, and every JWT, anywhere in a body or text. */
  rememberIn(body: unknown, depth = 0): void {
    if (depth > 20 || body === null || body === undefined) return;
    if (typeof body === 'string') {
      for (const jwt of body.match(JWT_SHAPE) ?? []) this.remember(jwt);
      return;
    }
    if (Buffer.isBuffer(body) || typeof body !== 'object') return;
    if (Array.isArray(body)) {
      for (const item of body) this.rememberIn(item, depth + 1);
      return;
    }
    for (const [key, inner] of Object.entries(body as Record<string, unknown>)) {
      if (isSensitiveKey(key) && typeof inner === 'string') this.remember(inner);
      else this.rememberIn(inner, depth + 1);
    }
  }

  /**
   * Remembers the secrets an answer hands back, searching only answers that
   * can hold one (answerMayHoldSecrets): a 100,000-row listing read with a
   * token is not walked. A successful token route answering bare text gives
   * the token itself.
   */
  rememberAnswer(
    data: unknown,
    request: { path: string; body?: unknown; authenticated: boolean; status: number },
  ): void {
    if (!answerMayHoldSecrets(request)) return;
    this.rememberIn(data);
    if (
      typeof data === 'string' &&
      request.status < 300 &&
      /^\S{3,4096}$/.test(data.trim()) &&
      /token|auth|login/i.test(request.path)
    )
      this.remember(data);
  }

  get size(): number {
    return this.distinctive.size + this.plain.size;
  }

  /** Whether the text is exactly one remembered secret (a token sent as a bare text body). */
  isSecret(text: string): boolean {
    const value = text.trim();
    return this.distinctive.has(value) || this.plain.has(value) || this.shown.has(value);
  }

  /**
   * The text with every distinctive secret masked. messages (stderr, traces,
   * journals): any JWT too, and the secrets shown once on stdout. Data on
   * stdout (messages false) keeps JWTs it was not told about.
   */
  scrub(text: string, messages = true): string {
    if (text.length === 0) return text;
    const out = this.searchers[messages ? 'messages' : 'everywhere'].scrub(text);
    return messages ? out.replace(JWT_SHAPE, REDACTED) : out;
  }

  /**
   * A server's error answer, safe to quote: credential fields masked by name
   * (with what an entry about a credential echoes, such as its rejectedValue),
   * and the plain secrets masked as whole words in the texts that concern a
   * credential, whether by their field or by their words. Other text is left
   * for scrub (distinctive secrets only).
   */
  inErrorBody(body: unknown, depth = 0, aboutCredential = false): unknown {
    if (typeof body === 'string') return aboutCredential || CREDENTIAL_WORDS.test(body) ? this.scrubPlain(body) : body;
    if (depth > 20 || body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return body;
    if (Array.isArray(body)) return body.map((item) => this.inErrorBody(item, depth + 1, aboutCredential));
    const entry = body as Record<string, unknown>;
    const namesCredential =
      aboutCredential ||
      NAMING_FIELDS.some((name) => {
        const named = Object.entries(entry).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
        return typeof named === 'string'
          ? isSensitiveKey(
              named
                .split(/[./[\]]/)
                .filter(Boolean)
                .pop() ?? named,
            )
          : Array.isArray(named) && named.some((part) => typeof part === 'string' && isSensitiveKey(part));
      });
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(entry)) {
      const credentialKey = isSensitiveKey(key);
      const scalar = inner !== null && inner !== undefined && inner !== '' && typeof inner !== 'object';
      if (scalar && (credentialKey || (namesCredential && ECHO_FIELD.test(key)))) out[key] = REDACTED;
      else out[key] = this.inErrorBody(inner, depth + 1, namesCredential || credentialKey);
    }
    return out;
  }

  /** The plain secrets masked where they stand as whole words (never inside a longer word or number). */
  private scrubPlain(text: string): string {
    const pattern = this.pattern('plain');
    return pattern ? text.replace(pattern, REDACTED) : text;
  }

  private pattern(which: 'plain'): RegExp | undefined {
    this.patterns ??= {};
    if (!(which in this.patterns)) this.patterns[which] = compile(this.plain, true);
    return this.patterns[which];
  }
}

/**
 * The expressions that find a set of secrets in text: one for the secrets
 * known when it was last compiled whole (base), one for those learnt since
 * (recent). A run across venues learns a token or two a venue, each time
 * before writing; compiling one expression of every secret after each took
 * milliseconds a venue, growing with the fleet. recent is small and cheap to
 * compile; the whole is compiled again once the text searched with two
 * expressions since the last change is worth it (MERGE_AFTER_CHARS), when
 * recent grows past MAX_RECENT, or at once when one secret holds another
 * (then one expression replaces the longest whole).
 */
class Searcher {
  private base?: RegExp;
  private baseValues = new Set<string>();
  private recent?: RegExp;
  private all = new Set<string>();
  private nested = false;
  /** Secrets learnt or gone since the expressions were made: they are made again at the next search. */
  private changed: 'learnt' | 'gone' | undefined;
  /** Characters searched with both expressions since the last change. */
  private searchedTwice = 0;
  /** Every form of every secret, while there are few enough to look for one by one (MAX_SEARCHED_FORMS). */
  private forms?: string[];

  /** The secrets are now values: those before and one or more new. */
  learn(values: Set<string>, nested: boolean): void {
    this.all = new Set(values);
    this.nested = nested;
    this.changed ??= 'learnt';
  }

  /** The secrets are now values: one or more gone. */
  reset(values: Set<string>): void {
    this.all = new Set(values);
    this.changed = 'gone';
  }

  scrub(text: string): string {
    if (this.changed) this.prepare();
    // Most text holds no secret. For a few secrets, a substring search of each form says so sooner than the
    // expression, which tries its alternatives at each character that may start one (a HAL listing's links
    // are full of them); the expression still does every replacement.
    if (this.forms !== undefined && !this.forms.some((form) => text.includes(form))) return text;
    let out = this.base ? text.replace(this.base, REDACTED) : text;
    if (this.recent) {
      out = out.replace(this.recent, REDACTED);
      this.searchedTwice += text.length;
      if (this.searchedTwice > MERGE_AFTER_CHARS) this.compileWhole();
    }
    return out;
  }

  private prepare(): void {
    const forms = new Set([...this.all].flatMap(formsOf));
    this.forms = forms.size <= MAX_SEARCHED_FORMS && !forms.has('') ? [...forms] : undefined;
    const recent = new Set([...this.all].filter((v) => !this.baseValues.has(v)));
    if (this.changed === 'gone' || this.nested || recent.size > MAX_RECENT || this.baseValues.size === 0)
      this.compileWhole();
    else {
      this.recent = compile(recent, false);
      this.searchedTwice = 0;
    }
    this.changed = undefined;
  }

  private compileWhole(): void {
    this.baseValues = this.all;
    this.base = compile(this.all, false);
    this.recent = undefined;
    this.searchedTwice = 0;
    this.changed = undefined;
  }
}

/**
 * The most forms (four a secret) looked for one by one before the expression runs: a command's own
 * credentials and token; a run across many venues has more, and the expression alone is then faster.
 */
const MAX_SEARCHED_FORMS = 32;
/** Secrets learnt since the last whole compile, at most (see Searcher). */
const MAX_RECENT = 16;
/** Text searched with two expressions since the last change after which one is compiled again (a second pass over 1 MiB costs about what compiling a few hundred secrets does). */
const MERGE_AFTER_CHARS = 1 << 20;

/** The forms a secret is searched for in: raw, JSON-escaped, CSV-quoted and URL-encoded. */
function formsOf(value: string): string[] {
  return [value, JSON.stringify(value).slice(1, -1), value.replace(/"/g, '""'), encodeURIComponent(value)];
}

/** A server's error answer safe to quote (see SecretRegistry.inErrorBody); credential fields by name even without a registry. */
export function redactErrorBody(body: unknown, secrets: SecretRegistry = new SecretRegistry()): unknown {
  return secrets.inErrorBody(body);
}

/** One expression for a set of secrets, in their raw, JSON-escaped, CSV-quoted and URL-encoded forms. */
function compile(values: Set<string>, wholeWords: boolean): RegExp | undefined {
  if (values.size === 0) return undefined;
  const forms = new Set<string>();
  for (const value of values) for (const form of formsOf(value)) forms.add(form);
  // Longest first, so a secret containing another, or a form containing another (the JSON-escaped
  // form of a secret ending in a backslash), is replaced whole and never leaves half an escape behind.
  const alternatives = [...forms]
    .sort((a, b) => b.length - a.length)
    .map((form) => (wholeWords ? `(?<![A-Za-z0-9])${escapeRegExp(form)}(?![A-Za-z0-9])` : escapeRegExp(form)));
  return new RegExp(alternatives.join('|'), 'g');
}

/**
 * Whether the answer to a request can hand a secret back: a login or token
 * exchange (no bearer token of its own, credentials in its body, or an auth
 * route), never a listing read with a token. Only those answers are searched
 * for secrets, so a 100,000-row listing is not walked for them.
 */
export function answerMayHoldSecrets(request: { path: string; body?: unknown; authenticated: boolean }): boolean {
  if (!request.authenticated) return true;
  if (/(?:^|\/)(?:auth|oauth2?|token|tokens|login|session|sessions|signup|secrets?|keys?)(?:\/|$)/i.test(request.path))
    return true;
  return hasCredentialField(request.body);
}

function hasCredentialField(body: unknown, depth = 0): boolean {
  if (depth > 5 || body === null || typeof body !== 'object') return false;
  if (Array.isArray(body)) return body.some((item) => hasCredentialField(item, depth + 1));
  return Object.entries(body as Record<string, unknown>).some(
    ([key, inner]) => isSensitiveKey(key) || hasCredentialField(inner, depth + 1),
  );
}

/**
 * A response body for the --verbose trace: credential fields masked by name, a
 * bare secret text masked whole, and an error answer as messages quote it
 * (redactErrorBody: a server echoing a short secret back).
 */
export function traceBody(data: unknown, secrets: SecretRegistry | undefined, status: number): string {
  if (typeof data === 'string' && secrets?.isSecret(data)) return REDACTED;
  const shown = status >= 400 ? redactErrorBody(data, secrets) : data;
  return typeof shown === 'string' ? shown.slice(0, 2000) : JSON.stringify(redactJson(shown)).slice(0, 4000);
}

/** A stream whose string writes pass through the registry first. */
export function scrubbingStream<S extends NodeJS.WritableStream | Writable>(
  stream: S,
  secrets: SecretRegistry,
  messages: boolean,
): S {
  // The stream's own write, taken once: a spinner (ora) that hooks stream.write
  // and calls back into what it found there must not reach itself again.
  const write = stream.write as (...args: unknown[]) => boolean;
  const scrubbed = (chunk: unknown, ...rest: unknown[]) =>
    write.call(
      stream,
      typeof chunk === 'string'
        ? secrets.scrub(chunk, messages)
        : Buffer.isBuffer(chunk)
          ? secrets.scrub(chunk.toString('utf8'), messages)
          : chunk,
      ...rest,
    );
  return new Proxy(stream, {
    get(target, property, receiver) {
      if (property === 'write') return scrubbed;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
