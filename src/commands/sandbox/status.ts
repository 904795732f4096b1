import { machineWide } from './machine-wide.js';
import { defineCommand } from '../define.js';
import { sandboxControl, type SandboxControl } from '../../lib/sandbox-control.js';
import { sandboxStateDirectory } from '../../lib/sandbox-launcher.js';
import { formatTime } from '../../lib/formats.js';

/**
 * Health and settings, two requests; undefined when the sandbox is not running. A sandbox stopping
 * between the two (its idle stop, or `sandbox stop` elsewhere) is not running: the settings read
 * failing is looked at again through health, so status never fails for a sandbox that went away.
 */
async function healthAndSettings(control: SandboxControl) {
  // A sandbox that is not running refuses at once; one that is may be slow on a loaded machine: give it time.
  const health = await control.health(3000);
  if (!health) return undefined;
  try {
    return { health, settings: await control.call((client) => client.settings()) };
  } catch (error) {
    if (!(await control.health(3000))) return undefined;
    throw error;
  }
}

export default defineCommand({
  name: 'status',
  summary: 'Whether the sandbox is running, where, and its settings',
  examples: ['venue sandbox status', 'venue sandbox status -o json'],
  fleet: machineWide,
  async run(ctx) {
    const control = await sandboxControl(ctx.env);
    const seen = await healthAndSettings(control);
    if (!seen) {
      ctx.terminal.info(
        `The sandbox is not running (it would listen at ${control.origin}). Start it with \`venue sandbox start\`.`,
      );
      await ctx.output.record({ running: false, origin: control.origin, stateDir: sandboxStateDirectory(ctx.env) });
      return;
    }
    const { health, settings } = seen;
    // When it stops, as every time is shown: the venue's zone for people, ISO 8601 in machine formats.
    const stopsAt = health.idleStop?.at;
    const stopTime =
      stopsAt === undefined
        ? undefined
        : ctx.output.isMachine
          ? stopsAt.replace(/\.\d{3}Z$/, 'Z')
          : formatTime(stopsAt, await ctx.setting('timezone'));
    await ctx.output.record(
      {
        running: true,
        origin: health.origin || control.origin,
        pid: health.pid,
        stateDir: health.stateDir,
        startedAt: health.startedAt,
        services: health.services,
        // Sandboxes older than dialects do not say: they speak venue's.
        dialect: health.dialect ?? 'venue',
        routes: health.routes ?? null,
        tokenScale: settings.tokenScale,
        holdSeconds: settings.holdSeconds,
        // Fleet venues (`venue sandbox fleet`); sandboxes older than the fleet have none.
        fleetVenues: health.fleetVenues ?? 0,
        // The idle stop: after how long without a request, and when if none comes (a foreground `serve` has none).
        idleStopMinutes: health.idleStop ? health.idleStop.afterSeconds / 60 : null,
        stopsAt: health.idleStop?.at ?? null,
        idleStop: health.idleStop
          ? `at ${stopTime} if no request comes (after ${health.idleStop.afterSeconds / 60} min idle)`
          : 'never (no idle stop)',
      },
      {
        columns: [
          { key: 'running', format: 'bool' },
          { key: 'origin' },
          { key: 'pid' },
          { key: 'stateDir', header: 'State dir' },
          { key: 'startedAt', header: 'Started', format: 'datetime' },
          { key: 'services', header: 'Services', format: 'list' },
          { key: 'dialect', header: 'Dialect' },
          { key: 'routes', header: 'Routes file' },
          { key: 'tokenScale', header: 'Token scale' },
          { key: 'holdSeconds', header: 'Hold (s)' },
          { key: 'fleetVenues', header: 'Fleet venues' },
          { key: 'idleStop', header: 'Stops' },
        ],
      },
    );
  },
});
