// The sandbox's webhook delivery log, read through the sandbox control client
// (src/lib/sandbox-control.ts): `sandbox trigger` and `sandbox deliveries`.

import type { SandboxControl } from '../sandbox-control.js';

export interface DeliveryView {
  id: string;
  eventId: string;
  subscriberId: string;
  url: string;
  type: string;
  body: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export async function listDeliveries(
  control: SandboxControl,
  filter: { status?: string; type?: string; limit?: number } = {},
): Promise<DeliveryView[]> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
  const answer = await control.get<{ items?: DeliveryView[] }>(`/webhooks/deliveries${query.size ? `?${query}` : ''}`);
  return answer?.items ?? [];
}
