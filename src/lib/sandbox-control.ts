// A tiny client for the sandbox's control API (/_sandbox/...). Not a vendor
// service, so it does not go through the HTTP layer: no tokens, no retries.

import { NotFoundError, RejectedError, ServerError, UsageError } from './errors.js';

export class SandboxNotRunningError extends ServerError {
  constructor(readonly origin: string) {
    super(`the sandbox at ${origin} does not answer`, { hint: 'Start it with `venue sandbox start` (or `venue sandbox serve` in the foreground).' });
  }
}

export interface SandboxHealth {
  ok: boolean;
  pid: number;
  origin: string;
  stateDir: string;
  startedAt: string;
  /** The emulators it hosts (older sandboxes do not say). */
  services?: string[];
}

export class SandboxControl {
  constructor(
    readonly origin: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async request<T>(method: string, path: string, body?: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.origin}/_sandbox${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        throw new ServerError(`the sandbox at ${this.origin} did not answer ${method} ${path} within ${Math.round(timeoutMs / 1000)} s`);
      }
      throw new SandboxNotRunningError(this.origin);
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = text;
    }
    if (response.ok) return data as T;
    const error = (data as { error?: { message?: string; details?: Array<{ field: string; rule: string }> } })?.error;
    const message = error?.message ?? `${response.status} ${response.statusText}`;
    const details = error?.details?.map((d) => `${d.field} ${d.rule}`);
    if (response.status === 404) {
      throw new NotFoundError(`the sandbox has no ${method} ${path}: ${message}`, { hint: 'Is the sandbox older than this CLI? Restart it with `venue sandbox stop` and `venue sandbox start`.' });
    }
    if (response.status === 400 || response.status === 422) throw new UsageError(message, { details });
    if (response.status === 409) throw new RejectedError(message, { details });
    throw new ServerError(`the sandbox answered ${response.status}: ${message}`);
  }

  /** The health record, or undefined when nothing answers. */
  async health(timeoutMs = 1000): Promise<SandboxHealth | undefined> {
    try {
      return await this.request<SandboxHealth>('GET', '/health', undefined, timeoutMs);
    } catch {
      return undefined;
    }
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }
  post<T>(path: string, body?: unknown, timeoutMs?: number): Promise<T> {
    return this.request<T>('POST', path, body, timeoutMs);
  }
  delete<T>(path: string): Promise<T> {
    return this.request<T>('DELETE', path);
  }
}

export async function sandboxControl(env: NodeJS.ProcessEnv): Promise<SandboxControl> {
  const { sandboxOrigin } = await import('./sandbox-address.js');
  return new SandboxControl(sandboxOrigin(env));
}
