import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  candidateDigests,
  generateSecret,
  hasStandardSecret,
  looksStandard,
  sign,
  signStandard,
  verify,
  verifyDetailed,
  verifyStandard,
} from '../../../src/lib/webhooks/signature.js';
import { STANDARD_WEBHOOKS_VECTOR } from '../../support/standard-webhooks.js';

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
      fc.property(
        bodyArb.filter((b) => b.length > 0),
        secretArb,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (body, secret, at, delta) => {
          const header = sign(body, secret);
          const tampered = Buffer.from(body);
          const i = at % tampered.length;
          tampered[i] = (tampered[i]! + delta) % 256;
          return !verify(tampered, header, [secret]);
        },
      ),
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
    const result = verifyDetailed(body, sign(body, 'new-secret-0123456789'), [
      'old-secret-0123456789',
      'new-secret-0123456789',
    ]);
    expect(result).toEqual({ valid: true, secretIndex: 1 });
  });

  it('accepts a header carrying several signatures', () => {
    const body = 'x';
    expect(
      verify(body, `${sign(body, 'other-secret-xxxxxxx')}, ${sign(body, 'the-secret-xxxxxxxxx')}`, [
        'the-secret-xxxxxxxxx',
      ]),
    ).toBe(true);
  });

  it('names why it failed', () => {
    expect(verifyDetailed('x', undefined, ['s'.repeat(16)])).toEqual({ valid: false, reason: 'missing signature' });
    expect(verifyDetailed('x', 'sha256=nothex', ['s'.repeat(16)])).toEqual({
      valid: false,
      reason: 'unreadable signature',
    });
    expect(verifyDetailed('x', sign('y', 's'.repeat(16)), ['s'.repeat(16)])).toEqual({
      valid: false,
      reason: 'signature mismatch',
    });
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

const VECTOR = STANDARD_WEBHOOKS_VECTOR;
const signed = (over: Partial<Record<keyof typeof VECTOR, string>> = {}) => {
  const v = { ...VECTOR, ...over };
  return { id: v.id, timestamp: v.timestamp, signature: v.signature };
};

describe('Standard Webhooks (through the standardwebhooks library)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const at = (seconds: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(seconds * 1000);
  };

  it("verifies the specification's test vector, with or without the whsec_ prefix, and signs it the same", async () => {
    at(1614265330 + 60);
    expect(await verifyStandard(VECTOR.payload, signed(), [VECTOR.secret])).toEqual({ valid: true, secretIndex: 0 });
    expect(await verifyStandard(Buffer.from(VECTOR.payload), signed(), [VECTOR.secret.slice('whsec_'.length)])).toEqual(
      { valid: true, secretIndex: 0 },
    );
    expect(await signStandard(VECTOR.payload, VECTOR.id, new Date(1614265330 * 1000), VECTOR.secret)).toBe(
      VECTOR.signature,
    );
  });

  it('refuses a tampered body, id or signature as a mismatch', async () => {
    at(1614265330);
    expect(await verifyStandard('{"test": 2432232315}', signed(), [VECTOR.secret])).toEqual({
      valid: false,
      reason: 'signature mismatch',
    });
    expect(await verifyStandard(VECTOR.payload, signed({ id: 'msg_other' }), [VECTOR.secret])).toEqual({
      valid: false,
      reason: 'signature mismatch',
    });
    expect(
      await verifyStandard(VECTOR.payload, signed({ signature: 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=' }), [
        VECTOR.secret,
      ]),
    ).toEqual({ valid: false, reason: 'signature mismatch' });
    // The timestamp is signed too: one second later is another message.
    expect(await verifyStandard(VECTOR.payload, signed({ timestamp: '1614265331' }), [VECTOR.secret])).toEqual({
      valid: false,
      reason: 'signature mismatch',
    });
  });

  it('refuses a signature older or newer than the 5-minute tolerance, and accepts one just inside it', async () => {
    at(1614265330 + 5 * 60 + 1);
    expect(await verifyStandard(VECTOR.payload, signed(), [VECTOR.secret])).toEqual({
      valid: false,
      reason: 'timestamp outside the 5-minute tolerance',
    });
    at(1614265330 - 5 * 60 - 1);
    expect(await verifyStandard(VECTOR.payload, signed(), [VECTOR.secret])).toEqual({
      valid: false,
      reason: 'timestamp outside the 5-minute tolerance',
    });
    at(1614265330 + 5 * 60 - 1);
    expect((await verifyStandard(VECTOR.payload, signed(), [VECTOR.secret])).valid).toBe(true);
  });

  it('accepts any of several secrets and several signatures; skips secrets that are not whsec_ ones', async () => {
    at(1614265330);
    const rotating = ['an-hmac-secret-not-base64!', 'whsec_b2xkLXNlY3JldC0wMTIzNDU2Nzg5', VECTOR.secret];
    expect(
      await verifyStandard(
        VECTOR.payload,
        signed({ signature: `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,xyz ${VECTOR.signature}` }),
        rotating,
      ),
    ).toEqual({ valid: true, secretIndex: 2 });
    expect(await verifyStandard(VECTOR.payload, signed(), ['an-hmac-secret-not-base64!'])).toEqual({
      valid: false,
      reason: 'no Standard Webhooks secret (whsec_<base64>) given',
    });
    expect(await hasStandardSecret(['an-hmac-secret-not-base64!'])).toBe(false);
    expect(await hasStandardSecret([VECTOR.secret])).toBe(true);
  });

  it('names what is missing or unreadable', async () => {
    expect(await verifyStandard('x', { id: 'a', timestamp: '1' }, [VECTOR.secret])).toEqual({
      valid: false,
      reason: 'missing signature',
    });
    expect(await verifyStandard('x', { signature: VECTOR.signature, timestamp: '1' }, [VECTOR.secret])).toEqual({
      valid: false,
      reason: 'missing webhook-id or webhook-timestamp',
    });
    expect(await verifyStandard('x', signed({ signature: 'sha256=abcd' }), [VECTOR.secret])).toEqual({
      valid: false,
      reason: 'unreadable signature',
    });
    expect(await verifyStandard('x', signed({ timestamp: 'hello' }), [VECTOR.secret])).toEqual({
      valid: false,
      reason: 'unreadable webhook-timestamp',
    });
    expect(looksStandard(VECTOR.signature)).toBe(true);
    expect(looksStandard(sign('x', 's'.repeat(16)))).toBe(false);
  });
});
