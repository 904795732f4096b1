import { argument, defineCommand, option } from '../define.js';
import { confirmWrite } from '../../cli/confirm-write.js';
import { checkWebhookId } from '../../lib/webhooks/rules.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../lib/records.js';
import { WebhooksClient } from '../../lib/webhooks/client.js';

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
  record: writeOutcomeShape(RECORD_SHAPES.subscriber),
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
    const client = new WebhooksClient(await ctx.serviceDeps('inventory'));
    await client.delete(id);
    ctx.terminal.success(`webhook subscriber ${id} deleted`);
    // A deletion's answer carries no record: the outcome names the subscriber deleted.
    if (ctx.output.takesRecords)
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.subscriber, { status: 'recorded', reference: id, record: null }),
        { afterWrite: true },
      );
  },
});
