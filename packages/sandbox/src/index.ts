// venue-sandbox's public API: create a sandbox, start it (its origin), stop
// it, and drive it through its control API. Everything else in the package is
// internal. This module loads no server code: the server (fastify, the
// emulators, ajv) is imported when start() is first called, so a caller that
// only needs the names, the types or the control client stays light.

import { SandboxControlClient } from './control-client.js';
import type { DialectName, SandboxLogger, SandboxSettings } from './types.js';

export {
  SandboxControlClient,
  SandboxControlError,
  sandboxControl,
  type Balance,
  type CardAfterPlay,
  type ClockView,
  type DeliveryFilter,
  type FaultChange,
  type FleetVenueView,
  type InventoryActivity,
  type PlayInput,
  type RequestControlOptions,
  type SandboxHealth,
} from './control-client.js';
export { CONTRACT_SERVICES, contractFile, openApiDir, type ContractService } from './contract-files.js';
export { DIALECT_NAMES, isDialectName, inventoryHealthValues, silentLogger } from './types.js';
export type { DialectName, InventoryHealth, OutboxMessage, SandboxLogger, SandboxSettings } from './types.js';
export type { FaultConfig, FaultRule } from './faults.js';
export type { ErrorDetail } from './http-error.js';
export type { DeliveryRecord } from './webhooks/state.js';
export { sandboxDemoSecrets as demoCredentials } from './rules/demo-secrets.js';
export { RouteLayoutError } from './route-layout-error.js';

export interface SandboxOptions {
  /** The port to listen on; 0 (the default) takes a free one. */
  port?: number;
  /** The address to listen on: 127.0.0.1 by default. */
  host?: string;
  /**
   * Where the state (state.json) is kept across restarts. Without it the
   * state lives in memory and ends with the sandbox.
   */
  stateDir?: string;
  /** The shapes it answers in (docs/sandbox-dialects.md): venue's own by default. */
  dialect?: DialectName;
  /**
   * Every answer's objects with their keys in another order than the
   * emulators write them, fixed per key list: a modifier of any dialect
   * (docs/sandbox-dialects.md).
   */
  shuffleKeys?: boolean;
  /** A route-layout file (docs/sandbox-routes.md): inventory served on its paths and auth scheme only. */
  routes?: string;
  /** Multiplies every token lifetime (0.001 makes a 1-hour token last 3.6 s). */
  tokenScale?: number;
  /** How long a booking hold lasts, in seconds (600 by default). */
  holdSeconds?: number;
  /** Where it says what went wrong while it keeps serving; silent by default. */
  logger?: SandboxLogger;
  /** The time its clock starts from, in ms since the epoch (Date.now by default); /_sandbox/clock shifts it. */
  clock?: () => number;
  /**
   * Stops by itself (state saved, `closed` resolves) once no request has come
   * for this many ms; 0 or absent: never. Reads of its status (GET
   * /_sandbox/health, /_sandbox/settings) do not count; a request in flight
   * does. /_sandbox/health says when it will stop (idleStop.at).
   */
  idleStopMs?: number;
}

/** What a started sandbox is. */
export interface SandboxInfo {
  origin: string;
  /** Undefined when the state is kept in memory. */
  stateDir: string | undefined;
  dialect: DialectName;
  /** Whether it answers with shuffled keys. */
  shuffleKeys: boolean;
  routes: string | undefined;
  /** The emulators it hosts (wallet, booking, inventory, webhooks). */
  services: string[];
  startedAt: string;
  /** The settings in force now (a copy). */
  settings: SandboxSettings;
}

export interface Sandbox {
  /**
   * Starts it; resolves to its origin ("http://127.0.0.1:41234"). A bad
   * route-layout file rejects with a RouteLayoutError, a taken port with
   * Node's EADDRINUSE error. Starting a running sandbox answers its origin.
   */
  start(): Promise<string>;
  /** Stops it (answers in flight finish first) and saves its state. Nothing to do if it is not running. */
  stop(): Promise<void>;
  readonly running: boolean;
  /** Its origin; throws if it has not been started. */
  readonly origin: string;
  /** A control client for it; throws if it has not been started. */
  readonly control: SandboxControlClient;
  /** What it is; throws if it has not been started. */
  info(): SandboxInfo;
  /**
   * Resolves once it has stopped, however (stop(), or POST /_sandbox/shutdown):
   * the running (or last) run's; before the first start, the first run's.
   */
  readonly closed: Promise<void>;
}

/** Makes a sandbox; nothing runs until start(). It may be started again after it stopped (a new run on the same state). */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  type Server = Awaited<ReturnType<(typeof import('./server.js'))['createSandboxServer']>>;
  let server: Server | undefined;
  let stopped = true;
  let starting: Promise<string> | undefined;
  let control: SandboxControlClient | undefined;
  // The current run, or the last one, or (before any) the first to come: closed hands out its promise.
  let run = deferred();
  let runOver = false;

  const started = (): Server => {
    if (!server) throw new Error('the sandbox has not been started (call start() first)');
    return server;
  };

  return {
    start() {
      if (server && !stopped) return Promise.resolve(server.origin);
      starting ??= (async () => {
        const { createSandboxServer } = await import('./server.js');
        let next: Server;
        try {
          next = await createSandboxServer({
            stateDir: options.stateDir,
            port: options.port ?? 0,
            host: options.host,
            settings: { tokenScale: options.tokenScale, holdSeconds: options.holdSeconds },
            dialect: options.dialect,
            shuffleKeys: options.shuffleKeys,
            routes: options.routes,
            logger: options.logger,
            clock: options.clock,
            idleStopMs: options.idleStopMs,
          });
        } finally {
          starting = undefined;
        }
        server = next;
        stopped = false;
        control = new SandboxControlClient(next.origin);
        if (runOver) [run, runOver] = [deferred(), false];
        const thisRun = run;
        void next.closed.then(() => {
          stopped = true;
          runOver = true;
          thisRun.resolve();
        });
        return next.origin;
      })();
      return starting;
    },
    async stop() {
      if (starting) await starting.catch(() => undefined);
      if (server && !stopped) await server.close();
    },
    get running() {
      return server !== undefined && !stopped;
    },
    get origin() {
      return started().origin;
    },
    get control() {
      started();
      return control!;
    },
    info() {
      const s = started();
      return {
        origin: s.origin,
        stateDir: s.stateDir,
        dialect: s.dialect,
        shuffleKeys: s.shuffleKeys,
        routes: s.routes,
        services: [...s.services],
        startedAt: s.startedAt,
        settings: { ...s.sandbox.settings },
      };
    },
    get closed() {
      return run.promise;
    },
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
