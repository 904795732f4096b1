import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidateDigests, generateSecret, sign, verify, verifyDetailed } from '../../../src/lib/webhooks/signature.js';

const secretArb = fc.string({ minLength: 16, maxLength: 64 });
const bodyArb = fc.uint8Array({ minLength: 0, maxLength: 2048 }).map((a) => Buffer.from(a));

describe('sign/verify', () => {
  it('signs as sha256=<hex HMAC of the raw body>', () => {
    const body = '{"id":"1","type":"stock.adjusted"}';
    const expected = createHmac('sha256', 'a-secret-of-16-chars').update(body).digest('hex');
    expect(sign(body, 'a-secret-of-16-chars')).toBe(`sha256=${expected}`);
  });

  it('round-trips for any body and secret', () => {
    fc.assert(fc.property(bodyArb, secretArb, (body, secret) => verify(body, sign(body, secret), [secret])));
  });

  it('fails when any single byte of the body changes', () => {
    fc.assert(
      fc.property(bodyArb.filter((b) => b.length > 0), secretArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (body, secret, at, delta) => {
        const header = sign(body, secret);
        const tampered = Buffer.from(body);
        const i = at % tampered.length;
        tampered[i] = (tampered[i]! + delta) % 256;
        return !verify(tampered, header, [secret]);
      }),
    );
  });

  it('fails when any single character of the hex signature changes', () => {
    fc.assert(
      fc.property(bodyArb, secretArb, fc.integer({ min: 0, max: 63 }), (body, secret, at) => {
        const hex = sign(body, secret).slice('sha256='.length);
        const swapped = hex[at] === '0' ? '1' : '0';
        return !verify(body, `sha256=${hex.slice(0, at)}${swapped}${hex.slice(at + 1)}`, [secret]);
      }),
    );
  });

  it('fails with a different secret', () => {
    fc.assert(fc.property(bodyArb, secretArb, secretArb, (body, a, b) => a === b || !verify(body, sign(body, a), [b])));
  });

  it('accepts hex or base64 or base64url, with or without the prefix, any case of hex', () => {
    fc.assert(
      fc.property(bodyArb, secretArb, (body, secret) => {
        const digest = createHmac('sha256', secret).update(body).digest();
        const variants = [
          digest.toString('hex'),
          digest.toString('hex').toUpperCase(),
          `sha256=${digest.toString('hex')}`,
          digest.toString('base64'),
          `sha256=${digest.toString('base64')}`,
          digest.toString('base64url'),
          digest.toString('base64').replace(/=+$/, ''),
        ];
        return variants.every((v) => verify(body, v, [secret]));
      }),
    );
  });

  it('accepts any of several secrets (rotation) and says which', () => {
    const body = Buffer.from('{"a":1}');
    const result = verifyDetailed(body, sign(body, 'new-secret-0123456789'), ['old-secret-0123456789', 'new-secret-0123456789']);
    expect(result).toEqual({ valid: true, secretIndex: 1 });
  });

  it('accepts a header carrying several signatures', () => {
    const body = 'x';
    expect(verify(body, `${sign(body, 'other-secret-xxxxxxx')}, ${sign(body, 'the-secret-xxxxxxxxx')}`, ['the-secret-xxxxxxxxx'])).toBe(true);
  });

  it('names why it failed', () => {
    expect(verifyDetailed('x', undefined, ['s'.repeat(16)])).toEqual({ valid: false, reason: 'missing signature' });
    expect(verifyDetailed('x', 'sha256=nothex', ['s'.repeat(16)])).toEqual({ valid: false, reason: 'unreadable signature' });
    expect(verifyDetailed('x', sign('y', 's'.repeat(16)), ['s'.repeat(16)])).toEqual({ valid: false, reason: 'signature mismatch' });
    expect(verify('x', sign('x', 's'.repeat(16)), [])).toBe(false);
  });

  it('ignores digests of the wrong length', () => {
    expect(candidateDigests('sha256=abcd')).toEqual([]);
    expect(candidateDigests(`sha256=${'a'.repeat(62)}`)).toEqual([]);
  });

  it('generates secrets of 43 url-safe characters, all different', () => {
    const secrets = new Set(Array.from({ length: 100 }, generateSecret));
    expect(secrets.size).toBe(100);
    for (const s of secrets) expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
