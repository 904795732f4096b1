import { machineWide } from './machine-wide.js';
import { defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import { inventoryHealthValues, type InventoryHealth, type SandboxSettings } from 'venue-sandbox';
import { sandboxControl } from '../../lib/sandbox-control.js';

export default defineCommand<{ tokenScale?: string; holdSeconds?: string; inventoryHealth?: string }>({
  name: 'settings',
  summary: 'Show or change the running sandbox settings (token lifetimes, hold time, inventory health)',
  examples: [
    'venue sandbox settings',
    'venue sandbox settings --token-scale 0.001',
    'venue sandbox settings --hold-seconds 5 -o json',
    'venue sandbox settings --inventory-health unhealthy',
    'venue sandbox settings --inventory-health ok',
  ],
  options: [
    option('--token-scale <x>', 'multiply every token lifetime (1 = real lifetimes; 0.001 makes 1 hour 3.6 s)', {
      kind: 'decimal',
    }),
    option('--hold-seconds <n>', 'how long a booking hold lasts, in seconds', { kind: 'unsigned' }),
    option(
      '--inventory-health <status>',
      `what the inventory health route reports: ${inventoryHealthValues.join(', ')} (unhealthy answers 503)`,
      { kind: 'text' },
    ),
  ],
  fleet: machineWide,
  async run(ctx, options) {
    const change: Partial<SandboxSettings> = {};
    if (options.tokenScale !== undefined) {
      const n = Number(options.tokenScale);
      if (!Number.isFinite(n) || n <= 0)
        throw new UsageError(`--token-scale must be a positive number, not "${options.tokenScale}"`);
      change.tokenScale = n;
    }
    if (options.holdSeconds !== undefined) {
      const n = Number(options.holdSeconds);
      if (!Number.isInteger(n) || n < 1)
        throw new UsageError(`--hold-seconds must be a whole number of at least 1, not "${options.holdSeconds}"`);
      change.holdSeconds = n;
    }
    if (options.inventoryHealth !== undefined) {
      if (!(inventoryHealthValues as readonly string[]).includes(options.inventoryHealth)) {
        throw new UsageError(
          `--inventory-health must be one of ${inventoryHealthValues.join(', ')}, not "${options.inventoryHealth}"`,
        );
      }
      change.inventoryHealth = options.inventoryHealth as InventoryHealth;
    }
    const control = await sandboxControl(ctx.env);
    const changing = Object.keys(change).length > 0;
    const settings = await control.call((client) => (changing ? client.changeSettings(change) : client.settings()));
    if (changing)
      ctx.terminal.success(
        `Sandbox settings changed${change.tokenScale !== undefined ? ' (new tokens use the new lifetimes)' : ''}.`,
      );
    await ctx.output.record(settings as unknown as Record<string, unknown>, {
      columns: [
        { key: 'tokenScale', header: 'Token scale' },
        { key: 'holdSeconds', header: 'Hold (s)' },
        { key: 'inventoryHealth', header: 'Inventory health' },
      ],
    });
  },
});
