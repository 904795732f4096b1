// The booking journey as plain logic: fake service, scripted prompter, fake interrupt.

import { describe, expect, it } from 'vitest';
import {
  runBookingJourney,
  type BookingApi,
  type JourneyChoices,
  type JourneyIO,
} from '../../../src/lib/booking/journey.js';
import { SlotUnavailableError, type Order, type Reservation, type Slot } from '../../../src/lib/booking/client.js';
import {
  ApiError,
  DeclinedError,
  InterruptedError,
  ServerError,
  UnknownOutcomeError,
  UsageError,
} from '../../../src/lib/errors.js';
import type { Asking, Choice } from '../../../src/lib/questions.js';

const now = new Date(2026, 10, 22, 9, 0, 0).getTime();

const slot = (id: string, start: string, remaining: number): Slot => ({
  id,
  date: start.slice(0, 10),
  startTime: start,
  endTime: start,
  capacity: 10,
  remaining,
  price: 20,
});

function fakeApi(overrides: Partial<BookingApi> = {}) {
  const calls: string[] = [];
  const reservation: Reservation = {
    id: 'res-1',
    status: 'held',
    slotId: 's-1400',
    quantity: 2,
    expiresAt: '2026-11-22T09:10:00Z',
  };
  const order: Order & { total: number } = {
    id: 'ord-1',
    status: 'created',
    total: 40,
    reservationIds: ['res-1'],
    reservations: [reservation],
    expiresAt: '2026-11-22T09:20:00Z',
  };
  const api: BookingApi = {
    locations: async () => (
      calls.push('locations'),
      [
        { id: 'loc-a', name: 'A' },
        { id: 'loc-b', name: 'B' },
      ]
    ),
    experiences: async (l) => (calls.push(`experiences ${l}`), [{ id: 'exp-x', name: 'X', price: 20 }]),
    availability: async () => (
      calls.push('availability'),
      [
        { date: '2026-11-22', remaining: 0 },
        { date: '2026-11-23', remaining: 30 },
      ]
    ),
    sessions: async (e, d) => (
      calls.push(`sessions ${d}`),
      [slot('s-1000', `${d}T10:00:00Z`, 5), slot('s-1400', `${d}T14:00:00Z`, 5), slot('s-1600', `${d}T16:00:00Z`, 0)]
    ),
    reserve: async (r) => (
      calls.push(`reserve ${r.slotId} ${r.quantity}`),
      { ...reservation, slotId: r.slotId, quantity: r.quantity }
    ),
    releaseReservation: async (id) => (calls.push(`release ${id}`), { ...reservation, status: 'released' }),
    createOrder: async () => (calls.push('order'), order),
    recordSale: async (s) => (
      calls.push(`sale ${s.amount} ${s.paymentReference}`),
      { orderId: order.id, orderStatus: 'confirmed', order: { ...order, status: 'confirmed' }, sale: { id: 'sale-1' } }
    ),
    cancelOrder: async (id) => (calls.push(`cancel ${id}`), { ...order, status: 'cancelled' }),
    findOrder: async (id) => (calls.push(`find ${id}`), order),
    ...overrides,
  };
  // As the HTTP layer does: a write's beforeSend (the journal marks it sending) just before it leaves.
  const sale = api.recordSale;
  api.recordSale = async (request, options) => {
    await options?.beforeSend?.();
    return sale(request, options);
  };
  return { api, calls };
}

/** Answers prompts from a script keyed by flag; no script means no terminal. */
function scriptedPrompter(answers?: Record<string, unknown[]>): Asking & { asked: string[] } {
  const asked: string[] = [];
  const next = (flag: string) => {
    asked.push(flag);
    const queue = answers?.[flag];
    if (!queue?.length) throw new Error(`unexpected prompt for ${flag}`);
    const answer = queue.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return {
    asked,
    canPrompt: answers !== undefined,
    input: async (_m, o) => next(o.flag) as string,
    password: async (_m, o) => next(o.flag) as string,
    confirm: async (_m, o) => next(o.flag) as boolean,
    select: async <T>(_m: string, choices: Array<Choice<T>>, o: { flag: string }) => {
      const answer = next(o.flag);
      if (!choices.some((c) => c.value === answer && !c.disabled))
        throw new Error(`${String(answer)} is not an open choice for ${o.flag}`);
      return answer as T;
    },
  };
}

function io(prompter: Asking) {
  const messages: string[] = [];
  let interrupt: (() => void) | undefined;
  let listening = 0;
  let interrupted = false;
  const value: JourneyIO = {
    prompter,
    maySend: () => !interrupted,
    now: () => now,
    info: (m) => messages.push(`info: ${m}`),
    success: (m) => messages.push(`success: ${m}`),
    warn: (m) => messages.push(`warn: ${m}`),
    onInterrupt: (handler) => {
      interrupt = handler;
      listening++;
      return () => {
        interrupt = undefined;
        listening--;
      };
    },
  };
  return {
    io: value,
    messages,
    interrupt: () => {
      interrupted = true;
      interrupt?.();
    },
    listening: () => listening,
  };
}

const allFlags: JourneyChoices = {
  experience: 'exp-x',
  session: 's-1400',
  quantity: 2,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  paymentRef: 'PSP-1',
  yes: true,
};

describe('book unattended', () => {
  it('books straight through with every flag, without reading the catalogue', async () => {
    const { api, calls } = fakeApi();
    const t = io(scriptedPrompter());
    const outcome = await runBookingJourney(api, t.io, allFlags);
    expect(outcome).toMatchObject({ orderId: 'ord-1', status: 'confirmed', slotId: 's-1400', quantity: 2, total: 40 });
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'sale 40 PSP-1']);
    expect(t.listening()).toBe(0);
  });

  it('reports the order status as unknown when the service did not say it (never "confirmed"), with the sale id', async () => {
    const { api } = fakeApi({ recordSale: async () => ({ orderId: 'ord-1', sale: { id: 'sale-7' } }) });
    const outcome = await runBookingJourney(api, io(scriptedPrompter()).io, allFlags);
    expect(outcome).toMatchObject({ orderId: 'ord-1', status: 'unknown', saleId: 'sale-7' });
  });

  it('names every missing flag and sends nothing', async () => {
    const { api, calls } = fakeApi();
    const error = await runBookingJourney(api, io(scriptedPrompter()).io, { experience: 'exp-x', quantity: 1 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('missing --session, --first-name, --last-name, --email, --payment-ref, --yes');
    expect(calls).toEqual([]);
  });

  it('exits 5 naming the slot when it is full, holding nothing', async () => {
    const { api, calls } = fakeApi({
      reserve: async (r) => {
        throw new SlotUnavailableError(r.slotId, `slot ${r.slotId} is full`);
      },
    });
    const error = await runBookingJourney(api, io(scriptedPrompter()).io, allFlags).catch((e) => e);
    expect(error).toBeInstanceOf(SlotUnavailableError);
    expect(error.exitCode).toBe(5);
    expect(error.message).toContain('s-1400');
    expect(calls).toEqual([]);
  });
});

describe('the hold is never left behind', () => {
  it('releases the reservation when the order cannot be created', async () => {
    const { api, calls } = fakeApi({
      createOrder: async () => {
        throw new ServerError('booking service answered 500');
      },
    });
    const t = io(scriptedPrompter());
    await expect(runBookingJourney(api, t.io, allFlags)).rejects.toBeInstanceOf(ServerError);
    expect(calls).toEqual(['reserve s-1400 2', 'release res-1']);
    expect(t.messages.join('\n')).toContain('released the hold res-1');
  });

  it('cancels the order (releasing its hold) when the payment is refused', async () => {
    const { api, calls } = fakeApi({
      recordSale: async () => {
        throw new ApiError('rejected', 'booking service answered 422', {
          status: 422,
          method: 'POST',
          url: '/api/v1/sale',
          code: 'amount_mismatch',
        });
      },
    });
    await expect(runBookingJourney(api, io(scriptedPrompter()).io, allFlags)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'cancel ord-1']);
  });

  it('reads the order back after a 500 to the payment: still awaiting payment means not recorded, and the hold is given back', async () => {
    const { api, calls } = fakeApi({
      recordSale: async () => {
        throw new ApiError('server', 'booking service answered 500', {
          status: 500,
          method: 'POST',
          url: '/api/v1/sale',
        });
      },
    });
    const error = await runBookingJourney(api, io(scriptedPrompter()).io, allFlags).catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toContain('was not recorded');
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'find ord-1', 'cancel ord-1']);
  });

  it('a lost payment answer with the order read back confirmed is a booking, and the hold is kept', async () => {
    const { api, calls } = fakeApi({
      recordSale: async () => {
        throw new UnknownOutcomeError('lost');
      },
      findOrder: async (id) => (
        calls.push(`find ${id}`),
        {
          id,
          status: 'confirmed',
          total: 40,
          reservationIds: ['res-1'],
          reservations: [],
          sale: { id: 'sale-3', paymentReference: 'PSP-1' },
        }
      ),
    });
    const outcome = await runBookingJourney(api, io(scriptedPrompter()).io, allFlags);
    expect(outcome).toMatchObject({ orderId: 'ord-1', status: 'confirmed', saleId: 'sale-3' });
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'find ord-1']);
  });

  it('checks --amount against the total before recording anything', async () => {
    const { api, calls } = fakeApi();
    const error = await runBookingJourney(api, io(scriptedPrompter()).io, { ...allFlags, amount: 39.99 }).catch(
      (e) => e,
    );
    expect(error.exitCode).toBe(5);
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'cancel ord-1']);
  });

  it('keeps the hold and gives the commands to settle it when the payment answer is lost and the order cannot be read', async () => {
    const { api, calls } = fakeApi({
      recordSale: async () => {
        throw new UnknownOutcomeError('lost');
      },
      findOrder: async (id) => {
        calls.push(`find ${id} (fails)`);
        throw new ServerError('booking service answered 502');
      },
    });
    const error = await runBookingJourney(api, io(scriptedPrompter()).io, allFlags).catch((e) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.exitCode).toBe(7);
    expect(error.message).toContain('ord-1');
    expect(error.details).toContain('finish: venue booking order pay ord-1 --amount 40.00 --payment-ref PSP-1');
    expect(error.details).toContain('check:  venue booking order show ord-1');
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'find ord-1 (fails)']); // no release, no cancel
  });

  it('sees the order request through when interrupted during it, then cancels the order it made', async () => {
    let t!: ReturnType<typeof io>;
    const { api, calls } = fakeApi();
    const createOrder = api.createOrder;
    api.createOrder = async (request) => {
      t.interrupt(); // Ctrl-C while the order request is in flight: its answer still arrives
      return createOrder(request);
    };
    t = io(scriptedPrompter());
    await expect(runBookingJourney(api, t.io, allFlags)).rejects.toBeInstanceOf(InterruptedError);
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'cancel ord-1']);
    expect(t.messages.join('\n')).toContain('interrupted: cancelled order ord-1 and released its hold');
    expect(t.listening()).toBe(0);
  });

  it('interrupted during the payment: waits for its answer and reports the booking; the paid hold is kept', async () => {
    let t!: ReturnType<typeof io>;
    const { api, calls } = fakeApi();
    const recordSale = api.recordSale;
    api.recordSale = async (request, options) => {
      t.interrupt();
      return recordSale(request, options);
    };
    t = io(scriptedPrompter());
    const outcome = await runBookingJourney(api, t.io, allFlags);
    expect(outcome).toMatchObject({ orderId: 'ord-1', status: 'confirmed' });
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'sale 40 PSP-1']);
    expect(t.messages.join('\n')).not.toContain('released');
  });

  it('interrupted just before the payment is sent: nothing is paid and the order is cancelled', async () => {
    let t!: ReturnType<typeof io>;
    const { api, calls } = fakeApi();
    const createOrder = api.createOrder;
    api.createOrder = async (request) => {
      const order = await createOrder(request);
      return order;
    };
    t = io(scriptedPrompter({ '--yes': [true] }));
    const prompterConfirm = t.io.prompter.confirm;
    t.io.prompter.confirm = async (m, o) => {
      const answer = await prompterConfirm(m, o);
      t.interrupt(); // after the confirmation, before the sale leaves
      return answer;
    };
    const error = await runBookingJourney(api, t.io, { ...allFlags, yes: undefined }).catch((e) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'cancel ord-1']);
  });

  it('finishes the hold request it started before honouring an interrupt, then releases it', async () => {
    let t!: ReturnType<typeof io>;
    const { api, calls } = fakeApi();
    const reserve = api.reserve;
    api.reserve = async (r) => {
      t.interrupt();
      return reserve(r);
    };
    t = io(scriptedPrompter());
    await expect(runBookingJourney(api, t.io, allFlags)).rejects.toBeInstanceOf(InterruptedError);
    expect(calls).toEqual(['reserve s-1400 2', 'release res-1']);
  });
});

describe('book guided', () => {
  it('asks each step with live choices and books', async () => {
    const { api, calls } = fakeApi();
    const prompter = scriptedPrompter({
      '--location': ['loc-b'],
      '--experience': ['exp-x'],
      '--date': ['2026-11-23'],
      '--session': ['s-1000'],
      '--quantity': ['2'],
      '--first-name': ['Ada'],
      '--last-name': ['Lovelace'],
      '--email': ['ada@example.com'],
      '--payment-ref': ['PSP-9'],
      '--yes': [true],
    });
    const outcome = await runBookingJourney(api, io(prompter).io, {});
    expect(outcome).toMatchObject({ slotId: 's-1000', quantity: 2, paymentReference: 'PSP-9' });
    expect(calls).toEqual([
      'locations',
      'experiences loc-b',
      'availability',
      'sessions 2026-11-23',
      'reserve s-1000 2',
      'order',
      'sale 40 PSP-9',
    ]);
  });

  it('offers the nearest other sessions when the chosen one is gone', async () => {
    const { api, calls } = fakeApi();
    const reserve = api.reserve;
    api.reserve = async (r) => {
      if (r.slotId === 's-1400') {
        calls.push('reserve s-1400 (full)');
        throw new SlotUnavailableError(r.slotId, `slot ${r.slotId} is full`);
      }
      return reserve(r);
    };
    const prompter = scriptedPrompter({ '--session': ['s-1000'] });
    const t = io(prompter);
    const outcome = await runBookingJourney(api, t.io, { ...allFlags, date: '2026-11-23' });
    expect(outcome.slotId).toBe('s-1000');
    expect(calls).toContain('reserve s-1000 2');
    expect(t.messages.join('\n')).toContain('slot s-1400 is full');
  });

  it('releases the hold on Ctrl-C at the payment reference prompt', async () => {
    const { api, calls } = fakeApi();
    const prompter = scriptedPrompter({ '--payment-ref': [new InterruptedError()] });
    await expect(
      runBookingJourney(api, io(prompter).io, { ...allFlags, paymentRef: undefined }),
    ).rejects.toBeInstanceOf(InterruptedError);
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'cancel ord-1']);
  });

  it('releases the hold when the payment is declined at the confirmation', async () => {
    const { api, calls } = fakeApi();
    const prompter = scriptedPrompter({ '--yes': [false] });
    // A "no" is declined (exit 8), not an interruption: the hold is released all the same.
    await expect(runBookingJourney(api, io(prompter).io, { ...allFlags, yes: undefined })).rejects.toBeInstanceOf(
      DeclinedError,
    );
    expect(calls).toEqual(['reserve s-1400 2', 'order', 'cancel ord-1']);
  });
});
