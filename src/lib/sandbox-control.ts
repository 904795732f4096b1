// The sandbox's control API (/_sandbox/...) as venue uses it: the typed client
// of the venue-sandbox package, its failures turned into venue's errors and
// exit codes. Not a vendor service, so it does not go through the HTTP layer:
// no tokens, no retries.

import { SandboxControlClient, SandboxControlError, type SandboxHealth } from 'venue-sandbox';
import { NotFoundError, RejectedError, ServerError, UsageError } from './errors.js';
import { sandboxOrigin } from './sandbox-address.js';

export type { SandboxHealth } from 'venue-sandbox';

export class SandboxNotRunningError extends ServerError {
  constructor(readonly origin: string) {
    super(`the sandbox at ${origin} does not answer`, {
      hint: 'Start it with `venue sandbox start` (or `venue sandbox serve` in the foreground).',
    });
  }
}

/** A failed control call as venue's error: not running (exit 6), a timeout (6), refused (2, 4, 5 or 6 by status). */
export function controlError(error: unknown, origin: string): unknown {
  if (!(error instanceof SandboxControlError)) return error;
  if (error.reason === 'unreachable') return new SandboxNotRunningError(origin);
  if (error.reason === 'timeout' || !error.answer) return new ServerError(error.message);
  const { status, details } = error.answer;
  const path = error.path;
  if (status === 404) {
    return new NotFoundError(`the sandbox has no ${error.method} ${path}: ${error.message}`, {
      hint: 'Is the sandbox older than this CLI? Restart it with `venue sandbox stop` and `venue sandbox start`.',
    });
  }
  const rules = details.length ? details.map((d) => `${d.field} ${d.rule}`) : undefined;
  if (status === 400 || status === 422) return new UsageError(error.message, { details: rules });
  if (status === 409) return new RejectedError(error.message, { details: rules });
  return new ServerError(`the sandbox answered ${status}: ${error.message}`);
}

export class SandboxControl {
  readonly client: SandboxControlClient;

  constructor(
    readonly origin: string,
    timeoutMs = 10_000,
  ) {
    this.client = new SandboxControlClient(origin, timeoutMs);
  }

  /** One control call on the typed client, its failures as venue's errors. */
  async call<T>(operation: (client: SandboxControlClient) => Promise<T>): Promise<T> {
    try {
      return await operation(this.client);
    } catch (error) {
      throw controlError(error, this.origin);
    }
  }

  /** Any control route (path under /_sandbox), for what the typed client has no method for. */
  request<T>(method: string, path: string, body?: unknown, timeoutMs?: number): Promise<T> {
    return this.call((client) => client.request<T>(method, path, body, { timeoutMs }));
  }

  /** The health record, or undefined when nothing answers. */
  health(timeoutMs = 1000): Promise<SandboxHealth | undefined> {
    return this.client.health(timeoutMs);
  }
}

export async function sandboxControl(env: NodeJS.ProcessEnv): Promise<SandboxControl> {
  return new SandboxControl(sandboxOrigin(env));
}
