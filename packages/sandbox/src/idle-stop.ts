// The idle stop: a sandbox started with idleStopMs stops itself once no
// request has come for that long (answers in flight count as activity, and
// it never stops in the middle of one). Looking at it does not keep it alive:
// GET /_sandbox/health and GET /_sandbox/settings (what `status` reads) are
// not activity. Timed on the real clock, never the sandbox's shifted one.

import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Reads of the sandbox's own status: never activity. */
function isProbe(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.originalUrl.split('?')[0];
  return path === '/_sandbox/health' || path === '/_sandbox/settings';
}

export interface IdleStop {
  readonly afterMs: number;
  /** When it will stop if nothing comes (ms since the epoch, real clock). */
  at(): number;
  /** Starts the count (the server listens). */
  begin(): void;
  /** Stops the timer (the server is closing). */
  cancel(): void;
}

/** Installs the timer's hooks on app; from begin(), stop() is called once it has been idle for afterMs. */
export function installIdleStop(
  app: FastifyInstance,
  afterMs: number,
  stop: () => void,
  now: () => number = Date.now,
): IdleStop {
  let last = now();
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let cancelled = false;
  const schedule = () => {
    if (cancelled) return;
    clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, last + afterMs - now()));
    timer.unref?.();
  };
  const check = () => {
    if (cancelled) return;
    if (inFlight > 0 || now() < last + afterMs) return schedule();
    cancelled = true;
    stop();
  };
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isProbe(request)) {
      counted.add(request);
      inFlight += 1;
      last = now();
    }
    done();
  });
  const finished = (request: FastifyRequest) => {
    if (!counted.has(request)) return;
    counted.delete(request);
    inFlight -= 1;
    last = now();
    schedule();
  };
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  // A request whose client went away before its answer.
  app.addHook('onRequestAbort', (request, done) => {
    finished(request);
    done();
  });
  return {
    afterMs,
    at: () => last + afterMs,
    begin() {
      last = now();
      schedule();
    },
    cancel() {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}
