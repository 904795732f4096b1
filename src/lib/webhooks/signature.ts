// HMAC-SHA256 signatures of webhook bodies. The inventory service signs the
// raw body bytes with the subscriber's secret and sends `sha256=<hex>`
// (docs/api-conventions.md). A real server might send base64 or drop the
// prefix, so verification accepts those too, and any of several secrets so a
// receiver keeps working while a secret is rotated.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const DIGEST_BYTES = 32;

export function hmacSha256(body: Buffer | string, secret: string): Buffer {
  return createHmac('sha256', secret).update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body).digest();
}

/** The header value the inventory service sends: `sha256=<hex>`. */
export function sign(body: Buffer | string, secret: string): string {
  return `sha256=${hmacSha256(body, secret).toString('hex')}`;
}

/**
 * The digests a header value may carry. Several may come comma- or
 * space-separated (a sender mid-rotation signs with both secrets); each may be
 * hex or base64/base64url, with or without `sha256=`. Anything that does not
 * decode to exactly 32 bytes is dropped.
 */
export function candidateDigests(header: string | undefined): Buffer[] {
  if (!header) return [];
  const digests: Buffer[] = [];
  for (const part of header.split(/[\s,]+/)) {
    const value = part.replace(/^sha256[=:]/i, '').trim();
    if (!value) continue;
    let digest: Buffer | undefined;
    if (/^[0-9a-f]{64}$/i.test(value)) digest = Buffer.from(value, 'hex');
    else if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) digest = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (digest?.length === DIGEST_BYTES) digests.push(digest);
  }
  return digests;
}

export type VerifyResult =
  | { valid: true; secretIndex: number }
  | { valid: false; reason: 'missing signature' | 'unreadable signature' | 'signature mismatch' };

/**
 * Checks rawBody against the header with every secret, always comparing in
 * constant time and always trying every pair, so the time taken says nothing
 * about which secret or which byte was close.
 */
export function verifyDetailed(rawBody: Buffer | string, header: string | undefined, secrets: readonly string[]): VerifyResult {
  if (!header || !header.trim()) return { valid: false, reason: 'missing signature' };
  const candidates = candidateDigests(header);
  if (candidates.length === 0) return { valid: false, reason: 'unreadable signature' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  let matched = -1;
  secrets.forEach((secret, index) => {
    const expected = hmacSha256(body, secret);
    for (const candidate of candidates) {
      if (timingSafeEqual(expected, candidate) && matched < 0) matched = index;
    }
  });
  return matched >= 0 ? { valid: true, secretIndex: matched } : { valid: false, reason: 'signature mismatch' };
}

export function verify(rawBody: Buffer | string, header: string | undefined, secrets: readonly string[]): boolean {
  return verifyDetailed(rawBody, header, secrets).valid;
}

/** 32 random bytes as base64url: 43 characters, safe in env files and URLs. */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}
