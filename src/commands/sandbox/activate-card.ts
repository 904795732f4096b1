import { machineWide } from './machine-wide.js';
import { argument, defineCommand } from '../define.js';
import { walletSchemasModule } from '../../lib/lazy-modules.js';
import { sandboxControl } from '../../lib/sandbox-control.js';

export default defineCommand({
  name: 'activate-card',
  args: [argument('<barcode>', { kind: 'text' })],
  summary: 'Activate a guest card, as any in-store activity does (sandbox only)',
  examples: ['venue sandbox activate-card 1000000005'],
  fleet: machineWide,
  async run(ctx, _options, rawBarcode) {
    const { activateSchema, checkInput } = await walletSchemasModule();
    const { barcode } = await checkInput(activateSchema, { barcode: rawBarcode?.trim() });
    const control = await sandboxControl(ctx.env);
    const card = await control.call((client) => client.activateCard(barcode));
    if (ctx.output.isMachine) await ctx.output.record(card);
    else if (card.alreadyActivated)
      ctx.terminal.info(`Card ${String(card.cardNumber)} (barcode ${barcode}) was already activated.`);
    else
      ctx.terminal.success(
        `Activated card ${String(card.cardNumber)} (barcode ${barcode}); it can now be used to sign up.`,
      );
  },
});
