// GET /_sandbox/<service>/state through the control client: the state as the
// emulator holds it, for tests that check a client's answers against it (an
// oracle); a fleet venue's own; a webhook subscriber's secret never in it.

import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, demoCredentials, type Sandbox } from '../src/index.js';

const started: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.stop()));
});

async function start(): Promise<Sandbox> {
  const sandbox = createSandbox();
  started.push(sandbox);
  await sandbox.start();
  return sandbox;
}

describe('the state routes', () => {
  it("give the inventory and booking state, a fleet venue's own, and subscribers without their secrets", async () => {
    const sandbox = await start();
    const inventory = await sandbox.control.state<{
      products: Array<{ productId: number; stock: Record<string, number> }>;
    }>('inventory');
    expect(inventory.products.length).toBeGreaterThan(10);
    expect(inventory.products[0]).toMatchObject({ productId: 1001 });
    const booking = await sandbox.control.state<{ locations: Array<{ id: string }>; experiences: unknown[] }>(
      'booking',
    );
    expect(booking.locations.map((l) => l.id)).toContain('loc-riverside');

    await sandbox.control.createFleet({ venues: ['fleet-1', 'fleet-2'] });
    const [one, two] = await Promise.all(
      ['fleet-1', 'fleet-2'].map((venue) =>
        sandbox.control.state<{ products: Array<{ productId: number; stock: Record<string, number> }> }>(
          'inventory',
          venue,
        ),
      ),
    );
    // Odd-numbered venues hold SKU-1001 below its reorder level, even-numbered ones above it.
    expect(one!.products[0]!.stock['1']).toBeLessThan(10);
    expect(two!.products[0]!.stock['1']).toBeGreaterThanOrEqual(10);

    const origin = sandbox.info().origin!;
    const token = await fetch(`${origin}/inventory/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        apiKey: demoCredentials['inventory.apiKey'],
        apiSecret: demoCredentials['inventory.apiSecret'],
      }),
    });
    expect(token.status).toBeLessThan(300);
    const { token: bearer } = (await token.json()) as { token: string };
    const created = await fetch(`${origin}/inventory/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({
        url: 'https://erp.example.com/h',
        eventTypes: ['stock.adjusted'],
        secret: 'whsec-state-route-0123456789',
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const webhooks = await sandbox.control.state<{ subscribers: Array<Record<string, unknown>> }>('webhooks');
    expect(webhooks.subscribers).toHaveLength(1);
    expect(webhooks.subscribers[0]).toMatchObject({ url: 'https://erp.example.com/h', eventTypes: ['stock.adjusted'] });
    expect(JSON.stringify(webhooks)).not.toMatch(/secret|whsec/i);
  });
});
