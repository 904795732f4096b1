import { machineWide } from './machine-wide.js';
import { defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import { sandboxControl } from '../../lib/sandbox-control.js';
import { ensureSandboxRunning } from '../../lib/sandbox-launcher.js';

export default defineCommand<{ products?: string }>({
  name: 'seed',
  summary: 'Fill the sandbox inventory with a large generated catalogue',
  description:
    'Adds generated products (with stock) to the sandbox inventory, for benchmarks and paging tests. `venue sandbox reset` removes them.',
  examples: ['venue sandbox seed --products 100000', 'venue sandbox seed --products 500 -o json'],
  options: [
    option('--products <n>', 'how many products to add (1 to 1,000,000)', { kind: 'unsigned', required: true }),
  ],
  fleet: machineWide,
  async run(ctx, options) {
    const count = Number(options.products);
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
      throw new UsageError(`--products must be a whole number from 1 to 1000000, not "${options.products}"`);
    }
    await ensureSandboxRunning(ctx.terminal, ctx.env);
    const control = await sandboxControl(ctx.env);
    const spinner = await ctx.terminal.spinner(`Seeding ${count} products…`);
    let result: Record<string, unknown> | undefined;
    try {
      // Big catalogues take a while to build: allow minutes, not the usual seconds.
      result = await control.call((client) => client.seedInventory(count, { timeoutMs: 10 * 60_000 }));
    } catch (error) {
      spinner.fail('Seeding failed');
      throw error;
    }
    spinner.stop();
    ctx.terminal.success(`Seeded ${count} products into the sandbox at ${control.origin}.`);
    await ctx.output.record(
      result && typeof result === 'object' && Object.keys(result).length ? result : { added: count },
    );
  },
});
