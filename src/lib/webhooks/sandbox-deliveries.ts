// The sandbox's webhook delivery log, read through the sandbox control client
// (src/lib/sandbox-control.ts): `sandbox trigger` and `sandbox deliveries`.

import type { DeliveryRecord } from '../../sandbox/webhooks/state.js';
import type { SandboxControl } from '../sandbox-control.js';

/** The sandbox's own delivery records, as its control API answers them. */
export async function listDeliveries(
  control: SandboxControl,
  filter: { status?: string; type?: string; limit?: number } = {},
): Promise<DeliveryRecord[]> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
  const answer = await control.get<{ items?: DeliveryRecord[] }>(`/webhooks/deliveries${query.size ? `?${query}` : ''}`);
  return answer?.items ?? [];
}
