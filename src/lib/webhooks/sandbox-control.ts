// Calls to the sandbox's control API (/_sandbox/...), which is no vendor
// service: `sandbox trigger` and `sandbox deliveries` use it to simulate venue
// activity and read the delivery log. Answers become the usual typed errors.

import { NotFoundError, ServerError, UsageError } from '../errors.js';
import { serverMessageOf } from '../http.js';
import { sandboxOrigin } from '../sandbox-address.js';
import type { Terminal } from '../terminal.js';

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

export class SandboxControl {
  readonly origin: string;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly terminal: Terminal,
  ) {
    this.origin = sandboxOrigin(env);
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const { ensureSandboxRunning } = await import('../sandbox-launcher.js');
    await ensureSandboxRunning(this.terminal, this.env);
    const url = `${this.origin}/_sandbox${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ServerError(`cannot reach the sandbox at ${this.origin}`, { cause: error, hint: 'Start it with `venue sandbox serve`.' });
    }
    const text = await response.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // a plain-text answer is kept as text for the message
    }
    if (response.ok) return data as T;
    const message = serverMessageOf(data) ?? `${response.status} ${response.statusText}`;
    if (response.status === 404) throw new NotFoundError(`sandbox: ${message}`, { hint: `${method} ${url}` });
    if (response.status >= 400 && response.status < 500) throw new UsageError(`sandbox refused: ${message}`);
    throw new ServerError(`sandbox failed: ${message}`);
  }

  async deliveries(filter: { status?: string; type?: string; limit?: number } = {}): Promise<DeliveryView[]> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
    const answer = await this.call<{ items?: DeliveryView[] }>('GET', `/webhooks/deliveries${query.size ? `?${query}` : ''}`);
    return answer?.items ?? [];
  }
}
