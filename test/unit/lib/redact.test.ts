import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactHeaders, redactJson } from '../../../src/lib/redact.js';

const sensitiveKeys = ['password', 'newPassword', 'clientSecret', 'apiSecret', 'apiKey', 'accessToken', 'refreshToken', 'cardCvv', 'confirmationCode', 'secret'];

describe('redaction', () => {
  it('never lets a sensitive value through, however deep', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...sensitiveKeys),
        fc.string({ minLength: 6 }).filter((s) => !s.includes('redacted') && s.trim().length > 5),
        fc.array(fc.constantFrom('a', 'items', 'data', 'guest'), { maxLength: 4 }),
        (key, secret, path) => {
          let value: unknown = { [key]: secret, other: 'visible' };
          for (const segment of path) value = { [segment]: [value] };
          const text = JSON.stringify(redactJson(value));
          expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
          expect(text).toContain('visible');
        },
      ),
    );
  });

  it('masks bearer tokens but keeps the scheme', () => {
    expect(redactHeaders({ authorization: 'Bearer abc.def.ghi', 'content-type': 'application/json' })).toEqual({
      authorization: `Bearer ${REDACTED}`,
      'content-type': 'application/json',
    });
  });
});
