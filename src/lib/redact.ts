// Secrets never reach a trace, a log or an error message: every key that can
// hold one is masked wherever it appears, however deeply nested.

const SENSITIVE_KEY = /(secret|password|passwd|token|cvv|api[-_]?key|authorization|confirmation[-_]?code|signature|cookie)/i;

export const REDACTED = '[redacted]';

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

export function redactJson(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSensitiveKey(key) && inner !== null && inner !== undefined && inner !== '' ? REDACTED : redactJson(inner, depth + 1);
  }
  return out;
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (!isSensitiveKey(key)) out[key] = value;
    else if (key.toLowerCase() === 'authorization') out[key] = value.replace(/^(\w+)\s+.*$/, `$1 ${REDACTED}`);
    else out[key] = REDACTED;
  }
  return out;
}

/**
 * Redaction by value: every secret venue knows in a run (secrets from the
 * config, passwords and CVVs read from a prompt or stdin, the tokens it
 * sends and receives under whatever key) is scrubbed from every line it
 * writes, including text a server echoes back. Keys say where a secret is
 * expected; values catch it wherever it turns up.
 */
export class SecretRegistry {
  private readonly values = new Set<string>();
  private pattern?: RegExp;

  /** Remembers a secret; short values (CVVs) are scrubbed only as whole words. */
  remember(value: unknown): void {
    if (typeof value !== 'string') return;
    const secret = value.trim();
    if (secret.length < 3 || this.values.has(secret)) return;
    this.values.add(secret);
    this.pattern = undefined;
  }

  /** A secret the command is meant to show once (a generated webhook secret, `auth token`). */
  forget(value: string): void {
    if (this.values.delete(value.trim())) this.pattern = undefined;
  }

  /** Remembers every value under a sensitive key, and every JWT, anywhere in a body or text. */
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
      if (isSensitiveKey(key) || /^jwt$/i.test(key)) {
        if (typeof inner === 'string') this.remember(inner);
        else this.rememberIn(inner, depth + 1);
      } else this.rememberIn(inner, depth + 1);
    }
  }

  get size(): number {
    return this.values.size;
  }

  /** The text with every known secret masked; on messages (everyJwt) any JWT too. */
  scrub(text: string, everyJwt = true): string {
    if (text.length === 0) return text;
    let out = text;
    if (this.values.size) {
      this.pattern ??= this.compile();
      out = out.replace(this.pattern, REDACTED);
    }
    return everyJwt ? out.replace(JWT_SHAPE, REDACTED) : out;
  }

  private compile(): RegExp {
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const alternatives: string[] = [];
    // Longest first, so a secret containing another is replaced whole.
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) {
      const forms = new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
      for (const form of forms) alternatives.push(value.length < 6 ? `(?<![A-Za-z0-9])${escape(form)}(?![A-Za-z0-9])` : escape(form));
    }
    return new RegExp(alternatives.join('|'), 'g');
  }
}

/** Three base64url parts, the first a JSON header: a JWT wherever it appears. */
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/** A stream whose string writes pass through the registry first. */
export function scrubbingStream<S extends NodeJS.WritableStream | import('node:stream').Writable>(stream: S, secrets: SecretRegistry, everyJwt: boolean): S {
  // The stream's own write, taken once: a spinner (ora) that hooks stream.write
  // and calls back into what it found there must not reach itself again.
  const write = stream.write as (...args: unknown[]) => boolean;
  const scrubbed = (chunk: unknown, ...rest: unknown[]) =>
    write.call(stream, typeof chunk === 'string' ? secrets.scrub(chunk, everyJwt) : Buffer.isBuffer(chunk) ? secrets.scrub(chunk.toString('utf8'), everyJwt) : chunk, ...rest);
  return new Proxy(stream, {
    get(target, property, receiver) {
      if (property === 'write') return scrubbed;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
