// Signatures of webhook bodies, in two schemes.
// - hmac: the inventory service signs the raw body bytes with the subscriber's
//   secret and sends `sha256=<hex>` (docs/api-conventions.md). A real server
//   might send base64 or drop the prefix, so verification accepts those too.
// - standard: Standard Webhooks (standardwebhooks.com), as Svix and others send
//   it: `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature:
//   v1,<base64>` over "<id>.<timestamp>.<body>", keyed with a `whsec_<base64>`
//   secret, refused outside a 5-minute tolerance. Verified by the kept library
//   `standardwebhooks`, loaded only when such a delivery comes.
// Any of several secrets verifies, so a receiver keeps working while a secret is
// rotated.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { standardWebhooksModule } from '../lazy-modules.js';

const DIGEST_BYTES = 32;

export function hmacSha256(body: Buffer | string, secret: string): Buffer {
  return createHmac('sha256', secret)
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest();
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
    else if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value))
      digest = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (digest?.length === DIGEST_BYTES) digests.push(digest);
  }
  return digests;
}

export type SignatureScheme = 'hmac' | 'standard';
export const signatureSchemes: readonly SignatureScheme[] = ['hmac', 'standard'];

export type VerifyFailure =
  | 'missing signature'
  | 'unreadable signature'
  | 'signature mismatch'
  | 'missing webhook-id or webhook-timestamp'
  | 'unreadable webhook-timestamp'
  | 'timestamp outside the 5-minute tolerance'
  | 'no Standard Webhooks secret (whsec_<base64>) given';

export type VerifyResult = { valid: true; secretIndex: number } | { valid: false; reason: VerifyFailure };

/**
 * Checks rawBody against the header with every secret, always comparing in
 * constant time and always trying every pair, so the time taken says nothing
 * about which secret or which byte was close.
 */
export function verifyDetailed(
  rawBody: Buffer | string,
  header: string | undefined,
  secrets: readonly string[],
): VerifyResult {
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

/** The headers a Standard Webhooks sender signs with. */
export const standardHeaders = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** The library's tolerance (5 minutes), for saying why a delivery was refused; the library decides. */
const STANDARD_TOLERANCE_SECONDS = 5 * 60;

export interface StandardSigned {
  id?: string;
  timestamp?: string;
  signature?: string;
}

/** Whether a signature header value is Standard Webhooks' "v1,<base64>" (several may be space-separated). */
export function looksStandard(signature: string | undefined): boolean {
  return signature !== undefined && /(?:^|\s)v\d+,\S/.test(signature.trim());
}

type StandardLibrary = Awaited<ReturnType<typeof standardWebhooksModule>>;
const loadLibrary = standardWebhooksModule;

/**
 * A Standard Webhooks key for each secret (`whsec_` and base64 after it), or
 * undefined for a secret that is not one (an HMAC secret given beside it).
 */
async function standardKeys(
  secrets: readonly string[],
): Promise<Array<InstanceType<StandardLibrary['Webhook']> | undefined>> {
  const { Webhook } = await loadLibrary();
  return secrets.map((secret) => {
    try {
      return new Webhook(secret.trim());
    } catch {
      return undefined;
    }
  });
}

/** Whether any of the secrets can verify Standard Webhooks deliveries. */
export async function hasStandardSecret(secrets: readonly string[]): Promise<boolean> {
  return (await standardKeys(secrets)).some(Boolean);
}

/**
 * Checks a Standard Webhooks delivery with every secret (every one is always
 * tried). The library verifies the signature and the timestamp's tolerance;
 * the reason given for a refusal only says which of them failed.
 */
export async function verifyStandard(
  rawBody: Buffer | string,
  signed: StandardSigned,
  secrets: readonly string[],
  now: () => number = Date.now,
): Promise<VerifyResult> {
  if (!signed.signature || !signed.signature.trim()) return { valid: false, reason: 'missing signature' };
  if (!signed.id || !signed.timestamp) return { valid: false, reason: 'missing webhook-id or webhook-timestamp' };
  if (!looksStandard(signed.signature)) return { valid: false, reason: 'unreadable signature' };
  if (!/^\d+$/.test(signed.timestamp.trim())) return { valid: false, reason: 'unreadable webhook-timestamp' };
  const keys = await standardKeys(secrets);
  if (!keys.some(Boolean)) return { valid: false, reason: 'no Standard Webhooks secret (whsec_<base64>) given' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const headers = {
    [standardHeaders.id]: signed.id,
    [standardHeaders.timestamp]: signed.timestamp.trim(),
    [standardHeaders.signature]: signed.signature,
  };
  let matched = -1;
  keys.forEach((key, index) => {
    if (!key) return;
    try {
      key.verify(body, headers, { jsonParse: false });
      if (matched < 0) matched = index;
    } catch {
      // Not this secret, or outside the tolerance: told apart below.
    }
  });
  if (matched >= 0) return { valid: true, secretIndex: matched };
  const age = Math.floor(now() / 1000) - Number(signed.timestamp.trim());
  return {
    valid: false,
    reason:
      Math.abs(age) > STANDARD_TOLERANCE_SECONDS ? 'timestamp outside the 5-minute tolerance' : 'signature mismatch',
  };
}

/** A Standard Webhooks signature ("v1,<base64>") of body, for replay and tests. */
export async function signStandard(body: Buffer | string, id: string, at: Date, secret: string): Promise<string> {
  const { Webhook } = await loadLibrary();
  return new Webhook(secret.trim()).sign(id, at, typeof body === 'string' ? body : body.toString('utf8'));
}

/** 32 random bytes as base64url: 43 characters, safe in env files and URLs. */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}
