// The one-time confirmations of `venue mcp`'s write tools: the dry run's call
// gets an id bound to the tool, the profile and the exact arguments; only a
// second call carrying that id, with the same arguments, within its time,
// applies the write, and an id is used once (taken before the write is sent).

import { createHash, randomBytes } from 'node:crypto';

export interface Confirmation {
  id: string;
  expiresAt: number;
}

export type Redemption = { ok: true } | { ok: false; why: string };

/** The arguments in one canonical form (keys sorted at every level). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export class Confirmations {
  private readonly pending = new Map<string, { binding: string; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private bindingOf(tool: string, profile: string, args: Record<string, unknown>): string {
    return createHash('sha256').update(canonical({ tool, profile, args })).digest('hex');
  }

  issue(tool: string, profile: string, args: Record<string, unknown>): Confirmation {
    this.sweep();
    const id = `confirm-${randomBytes(12).toString('hex')}`;
    const expiresAt = this.now() + this.ttlMs;
    this.pending.set(id, { binding: this.bindingOf(tool, profile, args), expiresAt });
    return { id, expiresAt };
  }

  /** Uses the id up if it was issued for exactly this call and has not expired. */
  redeem(id: string, tool: string, profile: string, args: Record<string, unknown>): Redemption {
    const entry = this.pending.get(id);
    if (!entry) return { ok: false, why: 'this confirmationId is unknown or was already used' };
    if (entry.expiresAt <= this.now()) {
      this.pending.delete(id);
      return { ok: false, why: 'this confirmationId has expired' };
    }
    if (entry.binding !== this.bindingOf(tool, profile, args))
      return { ok: false, why: 'this confirmationId was issued for another tool, profile or other arguments' };
    this.pending.delete(id);
    return { ok: true };
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.pending) if (entry.expiresAt <= now) this.pending.delete(id);
  }
}
