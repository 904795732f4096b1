import { machineWide } from './machine-wide.js';
import { defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import { DIALECT_CHOICES, parseDialect } from './dialect-option.js';
import { sandboxOrigin } from '../../lib/sandbox-address.js';
import { SandboxControl } from '../../lib/sandbox-control.js';
import {
  parseIdleStop,
  sandboxStateDirectory,
  startSandboxProcess,
  checkServesThisDirectory,
} from '../../lib/sandbox-launcher.js';
import { withFileLock } from '../../lib/private-file.js';
import * as fs from 'node:fs';
import * as path from 'node:path';

interface StartOptions {
  dialect?: string;
  routes?: string;
  idleStop?: string;
}

export default defineCommand<StartOptions>({
  name: 'start',
  summary: 'Start the sandbox in the background (nothing to do if it is running)',
  description:
    'Starts `venue sandbox serve` in the background on VENUE_SANDBOX_PORT (default 47800 for ~/.config/venue; another config directory gets a port of its own, derived from its path), keeping its state in the ' +
    'sandbox folder of the config directory and its log in sandbox.log there. Commands on the sandbox profile do this by themselves. ' +
    "It stops by itself (state saved) after 15 minutes without a request: --idle-stop, VENUE_SANDBOX_IDLE_STOP or the sandbox profile's " +
    'sandbox.idleStop set another time (0: never); `venue sandbox status` shows when it will stop.',
  examples: [
    'venue sandbox start',
    'VENUE_SANDBOX_PORT=48000 venue sandbox start',
    'venue sandbox stop && venue sandbox start --dialect plain',
    'venue sandbox stop && venue sandbox start --idle-stop 60',
  ],
  options: [
    option('--dialect <name>', `the shapes it answers in: ${DIALECT_CHOICES} (see docs/sandbox-dialects.md)`, {
      kind: 'text',
    }),
    option(
      '--routes <file>',
      'serve inventory on the paths and auth scheme of a route-layout file (docs/sandbox-routes.md)',
      { kind: 'file' },
    ),
    option(
      '--idle-stop <minutes>',
      "stop after this many minutes without a request (default: VENUE_SANDBOX_IDLE_STOP, the sandbox profile's sandbox.idleStop, else 15); 0: never",
      { kind: 'duration' },
    ),
  ],
  fleet: machineWide,
  async run(ctx, options) {
    const dialect = await parseDialect(options.dialect);
    const routes = options.routes === undefined ? undefined : path.resolve(options.routes);
    const idleStop = options.idleStop === undefined ? undefined : parseIdleStop(options.idleStop, '--idle-stop');
    const origin = sandboxOrigin(ctx.env);
    const control = new SandboxControl(origin);
    const url = new URL(origin);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      throw new UsageError(`the sandbox address ${origin} is not on this machine, so it cannot be started here`, {
        hint: 'Unset VENUE_SANDBOX_URL, or start the sandbox where it runs.',
      });
    }
    let health = await control.health();
    if (health) {
      checkServesThisDirectory(origin, health, ctx.env);
    }
    // A running sandbox is kept only if it speaks what was asked: the answer shapes are fixed at its start.
    const running = health as (typeof health & { dialect?: string; routes?: string }) | undefined;
    if (running && ((dialect && (running.dialect ?? 'venue') !== dialect) || (routes && running.routes !== routes))) {
      throw new UsageError(
        `the sandbox at ${origin} is already running with ${describe(running.dialect ?? 'venue', running.routes)}, not ${describe(dialect ?? running.dialect ?? 'venue', routes ?? running.routes)}`,
        { hint: 'Stop it first (`venue sandbox stop`); its state is kept.' },
      );
    }
    let started = false;
    if (!health) {
      const stateDir = sandboxStateDirectory(ctx.env);
      fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
      // The same lock as the automatic start, so the two never race.
      await withFileLock(path.join(stateDir, 'autostart'), async () => {
        if (await control.health()) return;
        await startSandboxProcess(ctx.env, Number(url.port) || 80, stateDir, { dialect, routes, idleStop });
        started = true;
      });
      health = await control.health(3000);
    }
    if (!health) throw new UsageError(`the sandbox at ${origin} started but does not answer`);
    // What answers after a start may be another configuration's sandbox that took the port first (the one started then
    // could not listen): never claimed as the one started here.
    if (started) checkServesThisDirectory(origin, health, ctx.env);
    const answering = health as typeof health & { dialect?: string; routes?: string };
    const speaks = answering.dialect && answering.dialect !== 'venue' ? `, ${answering.dialect} dialect` : '';
    const stops = health.idleStop
      ? `; it stops after ${health.idleStop.afterSeconds / 60} minutes without a request`
      : '';
    if (started)
      ctx.terminal.success(`Started the sandbox at ${health.origin} (state in ${health.stateDir}${speaks}${stops}).`);
    else ctx.terminal.info(`The sandbox is already running at ${origin} (pid ${health.pid}).`);
    if (ctx.output.isMachine) {
      await ctx.output.record({
        running: true,
        started,
        origin,
        pid: health.pid,
        stateDir: health.stateDir,
        dialect: answering.dialect ?? 'venue',
        ...(answering.routes ? { routes: answering.routes } : {}),
        idleStopMinutes: health.idleStop ? health.idleStop.afterSeconds / 60 : null,
        stopsAt: health.idleStop?.at ?? null,
      });
    }
  },
});

function describe(dialect: string, routes: string | undefined): string {
  return `the ${dialect} dialect${routes ? ` and the route layout ${routes}` : ''}`;
}
