import { argument, defineCommand, option } from '../define.js';
import { confirmWrite } from '../../cli/confirm-write.js';
import { checkWebhookId } from '../../lib/webhooks/rules.js';

interface DeleteOptions {
  yes?: boolean;
}

export default defineCommand<DeleteOptions>({
  name: 'delete',
  args: [argument('<webhookId>', { kind: 'webhook' })],
  summary: 'Delete a webhook subscriber (asks first; --yes without a terminal)',
  examples: [
    'venue webhooks delete "$(venue webhooks list --limit 1 --fields id -o csv | tail -1)"   # needs a terminal',
    'venue webhooks delete "$(venue webhooks list --limit 1 --fields id -o csv | tail -1)" --yes',
  ],
  options: [option('-y, --yes', 'do not ask for confirmation')],
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options, webhookId) {
    const id = checkWebhookId(webhookId!);
    await confirmWrite(
      ctx,
      options,
      `Delete webhook subscriber ${id}? It will receive no more events.`,
      `Nothing deleted: webhook subscriber ${id} is kept.`,
    );
    const { WebhooksClient } = await import('../../lib/webhooks/client.js');
    const client = new WebhooksClient(await ctx.serviceDeps('inventory'));
    await client.delete(id);
    ctx.terminal.success(`webhook subscriber ${id} deleted`);
    if (ctx.output.isMachine) await ctx.output.record({ id, deleted: true });
  },
});
