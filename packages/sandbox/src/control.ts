// The core's control API under /_sandbox: health, reset, settings, clock,
// faults, outbox and shutdown. Not part of any vendor service; never faulted.

import type { FastifyInstance } from 'fastify';
import { SandboxHttpError } from './http-error.js';
import { listOutbox, timestamp } from './outbox.js';
import type { FaultInjector } from './faults.js';
import type { Fleet } from './fleet.js';
import type { RequestLog } from './request-log.js';
import type { SandboxState, StateStore } from './state-store.js';
import { inventoryHealthValues, type DialectName, type InventoryHealth, type SandboxContext } from './types.js';

/** What the control routes need from the core. */
export interface SandboxCore {
  readonly origin: string;
  /** Undefined when the state is kept in memory. */
  readonly stateDir: string | undefined;
  readonly startedAt: string;
  /** Names of the emulators this server hosts. */
  readonly services: string[];
  readonly dialect: DialectName;
  /** Started with --shuffle-keys: every answer's keys in another order. */
  readonly shuffleKeys: boolean;
  /** The route-layout file it was started with, if any. */
  readonly routes: string | undefined;
  /** Started with an idle stop: after how long, and when it will stop if no request comes (ms since the epoch). */
  readonly idleStop?: { afterMs: number; at(): number };
  readonly sandbox: SandboxContext;
  readonly faults: FaultInjector;
  readonly store: StateStore;
  readonly fleet: Fleet;
  /** What clients sent to the services (GET /_sandbox/requests). */
  readonly requests: RequestLog;
  state(): SandboxState;
  reset(): void;
  /** Stops the server (answers in flight finish first) and saves the state. */
  close(): Promise<void>;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new SandboxHttpError(400, 'validation_failed', 'the body must be a JSON object');
  return body as Record<string, unknown>;
}

export function registerCoreControl(app: FastifyInstance, core: SandboxCore): void {
  const clockView = () => ({ now: timestamp(core.sandbox.now()), offsetSeconds: core.state().clock.offsetMs / 1000 });

  app.get('/health', async () => ({
    ok: true,
    pid: process.pid,
    origin: core.origin,
    stateDir: core.stateDir,
    startedAt: core.startedAt,
    services: core.services,
    dialect: core.dialect,
    ...(core.shuffleKeys ? { shuffleKeys: true } : {}),
    ...(core.routes ? { routes: core.routes } : {}),
    fleetVenues: Object.keys(core.fleet.venues()).length,
    ...(core.idleStop
      ? { idleStop: { afterSeconds: core.idleStop.afterMs / 1000, at: new Date(core.idleStop.at()).toISOString() } }
      : {}),
  }));

  app.post('/reset', async () => {
    core.reset();
    await core.store.flush();
    return { ok: true, resetAt: timestamp(core.sandbox.now()), fleetVenues: Object.keys(core.fleet.venues()).length };
  });

  app.get('/settings', async () => core.sandbox.settings);

  // The request log: every request to a service as the client sent it (docs/sandbox-routes.md).
  app.get('/requests', async () => ({ requests: core.requests.list() }));
  app.delete('/requests', async () => ({ cleared: core.requests.clear() }));

  app.post('/settings', async (request) => {
    const body = objectBody(request.body);
    const details: { field: string; rule: string }[] = [];
    const { tokenScale, holdSeconds, inventoryHealth } = body;
    if (tokenScale !== undefined && !(typeof tokenScale === 'number' && tokenScale > 0 && tokenScale <= 1000)) {
      details.push({ field: 'tokenScale', rule: 'must be a number above 0 and at most 1000' });
    }
    if (holdSeconds !== undefined && !(Number.isInteger(holdSeconds) && (holdSeconds as number) >= 1)) {
      details.push({ field: 'holdSeconds', rule: 'must be a whole number of seconds, at least 1' });
    }
    if (inventoryHealth !== undefined && !(inventoryHealthValues as readonly unknown[]).includes(inventoryHealth)) {
      details.push({ field: 'inventoryHealth', rule: `must be one of ${inventoryHealthValues.join(', ')}` });
    }
    for (const key of Object.keys(body)) {
      if (!['tokenScale', 'holdSeconds', 'inventoryHealth'].includes(key))
        details.push({ field: key, rule: 'is not a setting (tokenScale, holdSeconds, inventoryHealth)' });
    }
    if (details.length) throw new SandboxHttpError(400, 'validation_failed', 'invalid settings', details);
    if (tokenScale !== undefined) core.sandbox.settings.tokenScale = tokenScale as number;
    if (holdSeconds !== undefined) core.sandbox.settings.holdSeconds = holdSeconds as number;
    if (inventoryHealth !== undefined) core.sandbox.settings.inventoryHealth = inventoryHealth as InventoryHealth;
    core.sandbox.changed();
    return core.sandbox.settings;
  });

  app.get('/clock', async () => clockView());

  app.post('/clock', async (request) => {
    const body = objectBody(request.body);
    const { advanceSeconds, offsetSeconds } = body;
    const finite = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
    if (
      (advanceSeconds === undefined) === (offsetSeconds === undefined) ||
      ![advanceSeconds, offsetSeconds].some(finite)
    ) {
      throw new SandboxHttpError(400, 'validation_failed', 'give advanceSeconds or offsetSeconds', [
        { field: 'advanceSeconds', rule: 'must be a number of seconds (or give offsetSeconds)' },
      ]);
    }
    const clock = core.state().clock;
    clock.offsetMs =
      advanceSeconds !== undefined
        ? clock.offsetMs + (advanceSeconds as number) * 1000
        : (offsetSeconds as number) * 1000;
    core.sandbox.changed();
    return clockView();
  });

  app.get('/faults', async () => core.faults.config);
  app.post('/faults', async (request) => core.faults.set(objectBody(request.body)));
  app.delete('/faults', async () => {
    core.faults.clear();
    return core.faults.config;
  });

  app.get('/outbox', async (request) => {
    const { to } = request.query as { to?: unknown };
    const address = Array.isArray(to) ? to[0] : to;
    return { items: listOutbox(core.state().outbox, typeof address === 'string' ? address : undefined) };
  });

  app.post('/shutdown', async (_request, reply) => {
    // Answer first, then stop: the caller waits until the sandbox no longer answers.
    reply.raw.once('finish', () => setImmediate(() => void core.close()));
    return reply.status(202).send({ ok: true, stopping: true });
  });
}
