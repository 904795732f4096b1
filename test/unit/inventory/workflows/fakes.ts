// Fakes shared by the inventory workflow tests: a journal directory, an
// interruption that a test can trip at any moment, and service errors as the
// HTTP layer raises them.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import {
  ApiError,
  categoryForStatus,
  InterruptedError,
  RequestNotSentError,
  UnknownOutcomeError,
} from '../../../../src/lib/errors.js';
import type { Interruption } from '../../../../src/lib/interruption.js';
import { UnreadableAnswerError } from '../../../../src/lib/reading.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function stateDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-workflow-'));
  dirs.push(dir);
  return dir;
}

export interface FakeInterruption extends Interruption {
  trip(): void;
}

export function fakeInterruption(): FakeInterruption {
  const controller = new AbortController();
  return {
    get signal() {
      return controller.signal;
    },
    get interrupted() {
      return controller.signal.aborted;
    },
    throwIfInterrupted() {
      if (controller.signal.aborted) throw new InterruptedError();
    },
    onInterrupt: () => () => undefined,
    inFlight: (_what, work) => work(),
    cleanup: (work) => work(),
    maySend: () => !controller.signal.aborted,
    trip: () => controller.abort(),
  };
}

/**
 * What the HTTP layer does around a write (http.ts): after a Ctrl-C nothing
 * leaves; otherwise beforeSend (the journal marks it sending), then the send.
 */
export async function throughHttp<T>(
  interruption: Interruption,
  options: { beforeSend?: () => Promise<void> } | undefined,
  send: () => Promise<T>,
): Promise<T> {
  if (!interruption.maySend()) throw interruptedInHttp();
  await options?.beforeSend?.();
  return send();
}

export const refused = (status: number, code = 'rejected') =>
  new ApiError(categoryForStatus(status), `inventory service answered ${status}`, {
    status,
    method: 'POST',
    url: 'http://x/inventory',
    code,
  });
export const lost = () =>
  new UnknownOutcomeError(
    'the inventory service did not answer to "record the stock receipt": it may or may not have been applied',
  );
export const notReached = () =>
  new RequestNotSentError('cannot reach the inventory service at http://127.0.0.1:9: connection refused');
export const unreadable = () =>
  new UnreadableAnswerError(
    { service: 'inventory', operation: 'record the stock receipt', accepted: true },
    'has no receipt id',
  );
export const interruptedInHttp = () => new InterruptedError('interrupted: "record the stock receipt" was not sent');

/** Stock levels that a test moves by hand: the "service" the workflow reads. */
export class FakeStock {
  levels: Record<string, number>;
  reads = 0;
  constructor(levels: Record<string, number>) {
    this.levels = { ...levels };
  }
  read = async (productIds: string[]) => {
    this.reads++;
    return Object.fromEntries(productIds.map((p) => [p, this.levels[p] ?? 0]));
  };
  move(productId: string, by: number) {
    this.levels[productId] = (this.levels[productId] ?? 0) + by;
  }
}
