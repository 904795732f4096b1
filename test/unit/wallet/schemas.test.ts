import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ValidationError } from '../../../src/lib/errors.js';
import {
  checkInput,
  confirmResetSchema,
  passwordProblems,
  saleSchema,
  signupSchema,
  signupShape,
} from '../../../src/lib/wallet/schemas.js';

const good = {
  username: 'ava@example.com',
  password: 'Sandbox123',
  firstName: 'Ava',
  lastName: 'Stone',
  cardBarcode: '1000000001',
  cardCvv: '111',
};

describe('password rules (seed 000)', () => {
  it.each([
    ['Sandbox123', []],
    ['Ab1defgh', []],
    ['Ab1defghijklmnopqrst', []],
    ['Ab1defg', ['must be 8 to 20 characters']],
    ['Ab1defghijklmnopqrstu', ['must be 8 to 20 characters']],
    ['abcdefgh1', ['must contain an uppercase letter']],
    ['ABCDEFGH1', ['must contain a lowercase letter']],
    ['Abcdefghi', ['must contain a digit']],
    ['P@ss w0rd!', []],
  ])('%s → %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it('any 8–20 character string with a digit, a lowercase and an uppercase letter passes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 5, maxLength: 17 }), (rest) => {
        const password = `aB3${rest}`;
        return passwordProblems(password).length === 0 || password.length > 20;
      }),
    );
  });
});

describe('sign-up', () => {
  it('accepts a good body', () => {
    expect(signupSchema.safeParse(good).success).toBe(true);
  });

  it('reports every broken rule with the flag the user typed', async () => {
    const error = await checkInput(
      signupSchema,
      { ...good, username: 'x', cardBarcode: '123', cardCvv: '1234', password: 'short' },
      { username: '--email', cardBarcode: '--barcode', cardCvv: 'CVV' },
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const fields = (error as ValidationError).issues.map((i) => `${i.field} ${i.rule}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        '--email must be an email address (name@domain.tld)',
        '--barcode must be 10 digits',
        'CVV must be 3 digits',
        'password must be 8 to 20 characters',
      ]),
    );
  });

  it('the shape alone (the sandbox 400) leaves the password rules to the 422', () => {
    expect(signupShape.safeParse({ ...good, password: 'weak' }).success).toBe(true);
    expect(signupShape.safeParse({ ...good, firstName: undefined }).success).toBe(false);
  });

  it('barcode, CVV and card number are digits of the exact length', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10}$/),
        (barcode) => signupShape.safeParse({ ...good, cardBarcode: barcode }).success,
      ),
    );
    expect(signupShape.safeParse({ ...good, cardBarcode: '10000000a1' }).success).toBe(false);
    expect(
      saleSchema.safeParse({ cardNumber: '1'.repeat(18), productId: 'RL-10', paymentReference: 'p' }).success,
    ).toBe(false);
    expect(
      saleSchema.safeParse({ cardNumber: '1'.repeat(19), productId: 'RL-10', paymentReference: 'p' }).success,
    ).toBe(true);
  });
});

describe('confirm reset', () => {
  it('enforces the password rules on the new password and needs a code', () => {
    expect(confirmResetSchema.safeParse({ confirmationCode: '123456', newPassword: 'NewSecret9' }).success).toBe(true);
    expect(confirmResetSchema.safeParse({ confirmationCode: '123456', newPassword: 'newsecret' }).success).toBe(false);
    expect(confirmResetSchema.safeParse({ confirmationCode: '', newPassword: 'NewSecret9' }).success).toBe(false);
  });
});
