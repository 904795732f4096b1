import { describe, expect, it } from 'vitest';
import { FaultInjector, inWords, matches, misanswer, mistype, noFaults } from '../src/faults.js';
import { SandboxHttpError } from '../src/http-error.js';

describe('fault patterns', () => {
  it('match a method and a path, "*" for any characters, ignoring a trailing slash', () => {
    expect(matches('POST /inventory/stock-receipts', 'POST', '/inventory/stock-receipts')).toBe(true);
    expect(matches('POST /inventory/stock-receipts', 'POST', '/inventory/stock-receipts/')).toBe(true);
    expect(matches('POST /inventory/stock-receipts', 'GET', '/inventory/stock-receipts')).toBe(false);
    expect(matches('POST /inventory/stock-receipts', 'POST', '/inventory/stock-receipts-x')).toBe(false);
    expect(matches('/inventory/*', 'DELETE', '/inventory/webhooks/1')).toBe(true);
    expect(matches('* /wallet/api/v1/*', 'GET', '/wallet/api/v1/cards')).toBe(true);
    expect(matches(undefined, 'GET', '/anything')).toBe(true);
  });
});

describe('FaultInjector', () => {
  it('is inactive with no faults, and clear() removes every fault', () => {
    const faults = new FaultInjector();
    expect(faults.active).toBe(false);
    faults.set({ latencyMs: 10 });
    expect(faults.active).toBe(true);
    faults.clear();
    expect(faults.config).toEqual(noFaults());
  });

  it('fails exactly the next N matching requests with the status given', () => {
    const faults = new FaultInjector();
    faults.set({ failNext: { match: 'GET /inventory/products', remaining: 2, status: 502 } });
    expect(faults.decide('GET', '/inventory/warehouses').kind).toBe('none');
    const first = faults.decide('GET', '/inventory/products');
    expect(first.kind === 'fail' && first.error.status).toBe(502);
    expect(faults.decide('GET', '/inventory/products').kind).toBe('fail');
    expect(faults.decide('GET', '/inventory/products').kind).toBe('none');
    expect(faults.config.failNext).toEqual([]);
  });

  it('answers a share of requests with 429 and Retry-After, or with the chosen 5xx', () => {
    const rolls = [0.05, 0.5];
    const faults = new FaultInjector(() => rolls.shift() ?? 1);
    faults.set({ rateLimitRate: 0.1, retryAfterSeconds: 2 });
    const limited = faults.decide('GET', '/x');
    expect(limited.kind).toBe('fail');
    const error = (limited as { error: SandboxHttpError }).error;
    expect([error.status, error.headers['Retry-After'], error.toBody().error.code]).toEqual([429, '2', 'rate_limited']);
    expect(faults.decide('GET', '/x').kind).toBe('none');

    const always = new FaultInjector(() => 0);
    always.set({ errorRate: 1, errorStatus: 503, errorMatch: 'POST /booking/*' });
    expect(always.decide('GET', '/booking/a').kind).toBe('none');
    const failed = always.decide('POST', '/booking/a');
    expect(failed.kind === 'fail' && failed.error.status).toBe(503);
  });

  it('adds latency, and marks the next N matching requests to be dropped after processing', () => {
    const faults = new FaultInjector();
    faults.set({ latencyMs: 25, dropAfterProcessing: { match: 'POST /inventory/stock-receipts' } });
    expect(faults.decide('POST', '/inventory/stock-receipts')).toEqual({
      kind: 'none',
      latencyMs: 25,
      after: { kind: 'drop' },
    });
    expect(faults.decide('POST', '/inventory/stock-receipts')).toEqual({ kind: 'none', latencyMs: 25 });
  });

  it('rejects bad settings with a 400 naming each field, and changes nothing', () => {
    const faults = new FaultInjector();
    try {
      faults.set({ errorRate: 2, errorStatus: 200, failNext: [{ match: 'nowhere' }], latencyMs: -1 });
      throw new Error('should have failed');
    } catch (error) {
      const e = error as SandboxHttpError;
      expect(e.status).toBe(400);
      expect(e.details.map((d) => d.field).sort()).toEqual([
        'errorRate',
        'errorStatus',
        'failNext[0].match',
        'latencyMs',
      ]);
    }
    expect(faults.active).toBe(false);
  });
});

describe('faults after processing', () => {
  it('mistype takes the next N matching requests and answers numbers in words, yes/no as "unsure"', () => {
    const faults = new FaultInjector();
    faults.set({ mistype: [{ match: 'POST /inventory/stock-adjustments', remaining: 1 }] });
    expect(faults.decide('POST', '/inventory/stock-adjustments')).toMatchObject({ after: { kind: 'mistype' } });
    expect(faults.decide('POST', '/inventory/stock-adjustments')).toEqual({ kind: 'none', latencyMs: 0 });
    expect(
      mistype({ productId: 1001, quantities: [50, 52], ok: true, price: 3.5, text: 'kept', nothing: null }),
    ).toEqual({
      productId: 'one thousand and one',
      quantities: ['fifty', 'fifty-two'],
      ok: 'unsure',
      price: 'three point five',
      text: 'kept',
      nothing: null,
    });
    expect([0, 12, 100, 2026, 1500, -3, 1_000_000].map(inWords)).toEqual([
      'zero',
      'twelve',
      'one hundred',
      'two thousand and twenty-six',
      'one thousand five hundred',
      'minus three',
      'one million',
    ]);
  });

  it('answer-after-processing and misanswer take the next N matching requests, in that order after a drop', () => {
    const faults = new FaultInjector();
    faults.set({
      answerAfterProcessing: { match: 'POST /wallet/api/v1/sale' },
      misanswer: { match: 'POST /booking/*', remaining: 2 },
    });
    const answered = faults.decide('POST', '/wallet/api/v1/sale');
    expect(answered.kind === 'none' && answered.after?.kind === 'answer' && answered.after.error.status).toBe(408);
    expect(faults.decide('POST', '/wallet/api/v1/sale')).toEqual({ kind: 'none', latencyMs: 0 });
    expect(faults.decide('POST', '/booking/api/v1/sale')).toMatchObject({ after: { kind: 'misanswer' } });
    expect(faults.decide('POST', '/booking/api/v1/sale')).toMatchObject({ after: { kind: 'misanswer' } });
    expect(faults.decide('POST', '/booking/api/v1/sale')).toEqual({ kind: 'none', latencyMs: 0 });
    expect(() => faults.set({ answerAfterProcessing: { match: 'POST /x', status: 200 } })).toThrow(SandboxHttpError);
  });

  it('misanswer changes each value the request sent where the answer repeats it, and nothing else', () => {
    const request = {
      warehouseId: 1,
      items: [
        { productId: 1014, quantity: 2 },
        { productId: 1015, quantity: 0 },
      ],
      invoice: 'INV-1',
      force: true,
    };
    const answer = {
      receiptId: 7,
      warehouseId: 1,
      invoice: 'INV-1',
      force: true,
      items: [
        { productId: 1014, quantity: 2, newQuantity: 40 },
        { productId: 1015, quantity: 0, newQuantity: 3 },
      ],
      userId: 1,
    };
    expect(misanswer(request, answer)).toEqual({
      receiptId: 7,
      warehouseId: 1007,
      invoice: 'INV-1-x',
      force: true,
      items: [
        { productId: 1014007, quantity: 2007, newQuantity: 40 },
        { productId: 1015007, quantity: 1000, newQuantity: 3 },
      ],
      userId: 1,
    });
  });
});
