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
