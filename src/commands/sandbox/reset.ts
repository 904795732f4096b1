import { machineWide } from './machine-wide.js';
import { defineCommand } from '../define.js';
import { sandboxControl } from '../../lib/sandbox-control.js';
import { ensureSandboxRunning } from '../../lib/sandbox-launcher.js';

export default defineCommand({
  name: 'reset',
  summary: 'Restore the demo data of every service, empty the outbox, restore the settings',
  description:
    'Throws away everything the sandbox holds (accounts, bookings, products, subscribers, outbox) and rebuilds the demo data. ' +
    'Settings return to the ones the sandbox was started with. Fleet venues (`venue sandbox fleet`) are kept, each back at its ' +
    'own seeded catalogue and stock, without webhook subscribers. Starts the sandbox first if it is not running.',
  examples: ['venue sandbox reset'],
  fleet: machineWide,
  async run(ctx) {
    await ensureSandboxRunning(ctx.terminal, ctx.env);
    const control = await sandboxControl(ctx.env);
    const result = await control.call((client) => client.reset());
    const fleet = result?.fleetVenues ?? 0;
    ctx.terminal.success(
      `The sandbox at ${control.origin} holds the demo data again${fleet ? `; its ${fleet} fleet venue${fleet === 1 ? ' is' : 's are'} back at ${fleet === 1 ? 'its' : 'their'} seeded stock` : ''}.`,
    );
    if (ctx.output.isMachine)
      await ctx.output.record({ reset: true, origin: control.origin, resetAt: result?.resetAt, fleetVenues: fleet });
  },
});
