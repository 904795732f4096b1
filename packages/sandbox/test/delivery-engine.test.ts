// The delivery engine alone, with a stand-in sender: the retry schedule, the
// 6-attempt limit, and close() clearing every timer so nothing fires later.

import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF_MS, DeliveryEngine, type DeliverySender } from '../src/webhooks/delivery.js';
import { demoWebhooksState, encryptSecret, type WebhooksState } from '../src/webhooks/state.js';
import type { SandboxContext } from '../src/types.js';

function setup(sender: DeliverySender, backoffMs = [5, 5, 5, 5, 5]) {
  const state: WebhooksState = demoWebhooksState();
  const id = '6c0b8f0e-3d1c-4f53-9b1e-2a1c7d9e4b10';
  state.subscribers.push({
    id,
    url: 'http://127.0.0.1:9/x',
    eventTypes: ['stock.adjusted'],
    isActive: true,
    createdAt: '2026-11-22T00:00:00Z',
    updatedAt: '2026-11-22T00:00:00Z',
    secretEncrypted: encryptSecret(state, id, 'engine-secret-0123456789'),
  });
  const sandbox = { now: () => new Date(), changed: () => undefined } as unknown as SandboxContext;
  const engine = new DeliveryEngine({ backoffMs, sender });
  engine.bind(sandbox, () => state);
  return { engine, state };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DeliveryEngine', () => {
  it('uses the documented schedule: 1, 2, 4, 8, 16 s, six attempts in all', () => {
    expect(DEFAULT_BACKOFF_MS).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(new DeliveryEngine().maxAttempts).toBe(6);
  });

  it('retries a receiver that throws or answers non-2xx until the sixth attempt', async () => {
    const calls: string[] = [];
    const { engine, state } = setup(async (_url, _body, headers) => {
      calls.push(headers['x-inventory-delivery']!);
      if (calls.length % 2) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return { status: 500 };
    });
    engine.emit('stock.adjusted', { productId: 1 });
    while (state.deliveries[0]!.status === 'pending') await settle(5);
    expect(calls).toHaveLength(6);
    expect(new Set(calls).size).toBe(1);
    expect(state.deliveries[0]).toMatchObject({ status: 'failed', attempts: 6, lastStatus: 500, nextAttemptAt: null });
  });

  it('ignores unknown event types and types nobody wants', () => {
    const { engine, state } = setup(async () => ({ status: 200 }));
    expect(engine.emit('stock.teleported', {})).toEqual([]);
    expect(engine.emit('product.created', {})).toEqual([]);
    expect(state.deliveries).toEqual([]);
  });

  it('close() clears the pending retry: nothing is sent afterwards', async () => {
    let calls = 0;
    const { engine, state } = setup(async () => {
      calls++;
      return { status: 503 };
    }, [60, 60, 60, 60, 60]);
    engine.emit('stock.adjusted', {});
    await settle(20);
    await engine.idle();
    expect(calls).toBe(1);
    expect(state.deliveries[0]!.nextAttemptAt).not.toBeNull();
    engine.close();
    await settle(150);
    expect(calls).toBe(1);
    expect(state.deliveries[0]!.status).toBe('pending');
  });
});
