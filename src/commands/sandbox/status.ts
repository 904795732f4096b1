import { machineWide } from './machine-wide.js';
import { defineCommand } from '../define.js';
import type { SandboxSettings } from '../../sandbox/types.js';

export default defineCommand({
  name: 'status',
  summary: 'Whether the sandbox is running, where, and its settings',
  examples: ['venue sandbox status', 'venue sandbox status -o json'],
  fleet: machineWide,
  async run(ctx) {
    const { sandboxControl } = await import('../../lib/sandbox-control.js');
    const { sandboxStateDirectory } = await import('../../lib/sandbox-launcher.js');
    const control = await sandboxControl(ctx.env);
    const health = await control.health();
    if (!health) {
      ctx.terminal.info(`The sandbox is not running (it would listen at ${control.origin}). Start it with \`venue sandbox start\`.`);
      await ctx.output.record({ running: false, origin: control.origin, stateDir: sandboxStateDirectory(ctx.env) });
      return;
    }
    const settings = await control.get<SandboxSettings>('/settings');
    // Sandboxes older than dialects do not say: they speak venue's.
    const speaks = health as typeof health & { dialect?: string; routes?: string; fleetVenues?: number };
    await ctx.output.record(
      {
        running: true,
        origin: health.origin || control.origin,
        pid: health.pid,
        stateDir: health.stateDir,
        startedAt: health.startedAt,
        services: health.services,
        dialect: speaks.dialect ?? 'venue',
        routes: speaks.routes ?? null,
        tokenScale: settings.tokenScale,
        holdSeconds: settings.holdSeconds,
        // Fleet venues (`venue sandbox fleet`); sandboxes older than the fleet have none.
        fleetVenues: speaks.fleetVenues ?? 0,
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
        ],
      },
    );
  },
});
