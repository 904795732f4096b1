import { machineWide } from './machine-wide.js';
import { defineCommand } from '../define.js';
import { ServerError } from '../../lib/errors.js';
import { sandboxControl } from '../../lib/sandbox-control.js';
import { processAlive } from '../../lib/private-file.js';
import { checkServesThisDirectory } from '../../lib/sandbox-launcher.js';

export default defineCommand({
  name: 'stop',
  summary: 'Stop the background sandbox (its state is kept)',
  examples: ['venue sandbox stop'],
  fleet: machineWide,
  async run(ctx) {
    const control = await sandboxControl(ctx.env);
    const health = await control.health();
    if (!health) {
      ctx.terminal.info(`The sandbox at ${control.origin} is not running.`);
      if (ctx.output.isMachine) await ctx.output.record({ running: false, stopped: false, origin: control.origin });
      return;
    }
    // Another configuration's sandbox on this port is not this one's to stop: its owner may be using it (exit 2).
    checkServesThisDirectory(control.origin, health, ctx.env);
    await control.call((client) => client.shutdown());
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      // Not answering is not yet stopped: the process writes its state as it shuts down, after its port closes.
      // Stopped is its process gone (a sandbox served by this very process, as tests run one, is not waited for).
      if (!(await control.health(500)) && !(health.pid !== process.pid && processAlive(health.pid))) {
        ctx.terminal.success(`Stopped the sandbox at ${control.origin}; its state is kept in ${health.stateDir}.`);
        if (ctx.output.isMachine)
          await ctx.output.record({
            running: false,
            stopped: true,
            origin: control.origin,
            pid: health.pid,
            stateDir: health.stateDir,
          });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new ServerError(`the sandbox at ${control.origin} (pid ${health.pid}) is still answering after 15 s`, {
      hint: `Stop the process yourself: kill ${health.pid}`,
    });
  },
});
