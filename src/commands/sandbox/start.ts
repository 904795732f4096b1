import { defineCommand } from '../define.js';
import { UsageError } from '../../lib/errors.js';

export default defineCommand({
  name: 'start',
  summary: 'Start the sandbox in the background (nothing to do if it is running)',
  description:
    'Starts `venue sandbox serve` in the background on VENUE_SANDBOX_PORT (default 47800), keeping its state in the ' +
    'sandbox folder of the config directory and its log in sandbox.log there. Commands on the sandbox profile do this by themselves.',
  examples: ['venue sandbox start', 'VENUE_SANDBOX_PORT=48000 venue sandbox start'],
  async run(ctx) {
    const { sandboxOrigin } = await import('../../lib/sandbox-address.js');
    const { SandboxControl } = await import('../../lib/sandbox-control.js');
    const { sandboxStateDirectory, startSandboxProcess } = await import('../../lib/sandbox-launcher.js');
    const { withFileLock } = await import('../../lib/private-file.js');
    const fs = await import('node:fs');
    const path = await import('node:path');

    const origin = sandboxOrigin(ctx.env);
    const control = new SandboxControl(origin);
    const url = new URL(origin);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      throw new UsageError(`the sandbox address ${origin} is not on this machine, so it cannot be started here`, {
        hint: 'Unset VENUE_SANDBOX_URL, or start the sandbox where it runs.',
      });
    }
    let health = await control.health();
    let started = false;
    if (!health) {
      const stateDir = sandboxStateDirectory(ctx.env);
      fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
      // The same lock as the automatic start, so the two never race.
      await withFileLock(path.join(stateDir, 'autostart'), async () => {
        if (await control.health()) return;
        await startSandboxProcess(ctx.env, Number(url.port) || 80, stateDir);
        started = true;
      });
      health = await control.health(3000);
    }
    if (!health) throw new UsageError(`the sandbox at ${origin} started but does not answer`);
    if (started) ctx.terminal.success(`Started the sandbox at ${health.origin} (state in ${health.stateDir}).`);
    else ctx.terminal.info(`The sandbox is already running at ${origin} (pid ${health.pid}).`);
    if (ctx.output.isMachine) await ctx.output.record({ running: true, started, origin, pid: health.pid, stateDir: health.stateDir });
  },
});
