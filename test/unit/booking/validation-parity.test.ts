// One rule per field: what a flag refuses, book's prompt refuses with the same words (and nothing is held).

import { describe, expect, it } from 'vitest';
import { checkFlags, type FlagRule } from '../../../src/commands/booking/shared.js';
import { runBookingJourney, type BookingApi, type JourneyChoices } from '../../../src/lib/booking/journey.js';
import {
  validateAmount,
  validateEmail,
  validateFirstName,
  validateLastName,
  validatePaymentReference,
  validatePhone,
  validateQuantity,
} from '../../../src/lib/booking/validate.js';
import { ValidationError } from '../../../src/lib/errors.js';
import type { Asking } from '../../../src/lib/questions.js';

const ctx = { now: () => Date.UTC(2026, 10, 22, 9) };

/** The rule the flag check reports for value, or true when the flag is accepted. */
async function flagVerdict(kind: FlagRule['kind'], flag: string, value: string): Promise<true | string> {
  try {
    await checkFlags(ctx, [{ kind, flag, value } as FlagRule]);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const issue = (error as ValidationError).issues[0]!;
    expect(issue.field).toBe(flag);
    return issue.rule;
  }
}

const long = (n: number) => 'A'.repeat(n);

const fields: Array<{
  name: string;
  flag: string;
  kind: FlagRule['kind'];
  label: string;
  validate: (v: string) => true | string;
  bad: string[];
  good: string[];
}> = [
  {
    name: 'first name',
    flag: '--first-name',
    kind: 'name',
    label: 'first name',
    validate: validateFirstName,
    bad: [long(60), '   ', ''],
    good: ['Ada', long(50)],
  },
  {
    name: 'last name',
    flag: '--last-name',
    kind: 'name',
    label: 'last name',
    validate: validateLastName,
    bad: [long(51), ' '],
    good: ['Lovelace'],
  },
  {
    name: 'email',
    flag: '--email',
    kind: 'email',
    label: 'email',
    validate: validateEmail,
    bad: ['ada', 'ada@example', `${long(250)}@example.com`],
    good: ['ada@example.com'],
  },
  {
    name: 'phone',
    flag: '--phone',
    kind: 'phone',
    label: 'phone',
    validate: validatePhone,
    bad: ['call me', '12'],
    good: ['+1 555 0100'],
  },
  {
    name: 'quantity',
    flag: '--quantity',
    kind: 'quantity',
    label: 'quantity',
    validate: validateQuantity,
    bad: ['0', '-1', '1.5', 'two', '', '1001'],
    good: ['1', '1000'],
  },
  {
    name: 'amount',
    flag: '--amount',
    kind: 'amount',
    label: 'amount',
    validate: validateAmount,
    bad: ['0', '-5', '10.999', 'ten', ''],
    good: ['60', '60.50'],
  },
  {
    name: 'payment ref',
    flag: '--payment-ref',
    kind: 'paymentReference',
    label: 'payment reference',
    validate: validatePaymentReference,
    bad: [long(65), ' '],
    good: ['PSP-8812'],
  },
];

describe('a prompt never accepts what its flag refuses', () => {
  for (const field of fields) {
    it(`${field.name}: the prompt's validator and ${field.flag} give the same verdict, naming the field and the rule`, async () => {
      for (const value of field.bad) {
        const rule = await flagVerdict(field.kind, field.flag, value);
        expect(rule, `${field.flag} ${JSON.stringify(value)}`).not.toBe(true);
        expect(field.validate(value)).toBe(`${field.label} ${rule}`);
      }
      for (const value of field.good) {
        expect(await flagVerdict(field.kind, field.flag, value)).toBe(true);
        expect(field.validate(value)).toBe(true);
      }
    });
  }
});

describe("book's prompts use those validators", () => {
  /** A prompter that, like a real one, refuses answers its validator rejects (recording the message) and re-asks. */
  function validatingPrompter(answers: Record<string, string[]>) {
    const refused: Record<string, string[]> = {};
    const prompter: Asking = {
      canPrompt: true,
      input: async (_message, options) => {
        for (;;) {
          const answer = answers[options.flag]?.shift();
          if (answer === undefined) throw new Error(`no answer left for ${options.flag}`);
          const verdict = options.validate ? await options.validate(answer) : true;
          if (verdict === true) return answer;
          (refused[options.flag] ??= []).push(verdict as string);
        }
      },
      password: async () => '',
      confirm: async () => true,
      select: async () => Promise.reject(new Error('no select expected')),
    };
    return { prompter, refused };
  }

  it('refuses a 60-character first name (and each other bad guest answer) at the prompt, before anything is held', async () => {
    const calls: string[] = [];
    const api = {
      reserve: async (r: { slotId: string; quantity: number }) => (
        calls.push(`reserve ${r.quantity}`),
        { id: 'res-1', slotId: r.slotId, quantity: r.quantity }
      ),
      createOrder: async () => (
        calls.push('order'),
        { id: 'ord-1', total: 40, reservationIds: ['res-1'], reservations: [] }
      ),
      recordSale: async () => (calls.push('sale'), { orderId: 'ord-1', orderStatus: 'confirmed', sale: {} }),
      findOrder: async () => undefined,
      releaseReservation: async () => ({ id: 'res-1' }),
      cancelOrder: async () => ({ id: 'ord-1', reservationIds: [], reservations: [] }),
    } as unknown as BookingApi;
    const { prompter, refused } = validatingPrompter({
      '--quantity': ['0', '2'],
      '--first-name': [long(60), 'Ada'],
      '--last-name': ['', 'Lovelace'],
      '--email': ['ada', 'ada@example.com'],
      '--payment-ref': [long(65), 'PSP-1'],
    });
    const choices: JourneyChoices = { experience: 'exp-x', session: 's-1', yes: true };
    const io = {
      prompter,
      now: ctx.now,
      info: () => undefined,
      success: () => undefined,
      warn: () => undefined,
      onInterrupt: () => () => undefined,
    };
    await runBookingJourney(api, io, choices);
    expect(refused['--first-name']).toEqual([`first name ${await flagVerdict('name', '--first-name', long(60))}`]);
    expect(refused['--first-name']).toEqual(['first name must be at most 50 characters']);
    expect(refused['--last-name']).toEqual(['last name must not be empty']);
    expect(refused['--email']).toEqual(['email must be an email address']);
    expect(refused['--quantity']).toEqual(['quantity must be a positive whole number']);
    expect(refused['--payment-ref']).toEqual(['payment reference must be at most 64 characters']);
    expect(calls).toEqual(['reserve 2', 'order', 'sale']);
  });
});
