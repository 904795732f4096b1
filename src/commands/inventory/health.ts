import { defineCommand } from '../define.js';
import { RECORD_SHAPES } from '../../lib/records.js';
import { venueHint } from '../../lib/hint-command.js';
import { ServerError } from '../../lib/errors.js';

export default defineCommand({
  name: 'health',
  summary: 'Is the inventory service up, and is its database connected? (no credentials needed)',
  description:
    "Prints the service's own report whatever it says, then exits by it: 0 when it is healthy; 6 when it reports itself degraded or unhealthy " +
    '(a degraded status, a disconnected database, a failing check, or a 503 with its report), or uses a status word venue cannot judge. ' +
    'Status words are read in any case: ok, healthy, up, pass; degraded, warn; unhealthy, down, fail; database connected or disconnected; ' +
    'also the ASP.NET HealthChecks ({status, entries}) and Spring Actuator ({status, components}) reports.',
  examples: [
    'venue inventory health',
    'venue inventory health -o json',
    'venue inventory health -q || echo "inventory is not healthy"',
  ],
  record: RECORD_SHAPES.health,
  fleet: 'read',
  async run(ctx) {
    const client = await ctx.inventory();
    const { view, verdict, httpStatus } = await client.health();
    await ctx.output.record(view, { columns: ['status', 'database', 'checks', 'time'] });
    if (verdict === 'healthy') return;
    const said = `status ${view.status}${view.database ? `, database ${view.database}` : ''}${httpStatus >= 300 ? ` (HTTP ${httpStatus})` : ''}`;
    if (verdict === undefined) {
      throw new ServerError(`the inventory service reports ${said}: venue cannot tell whether that is healthy`, {
        hint: 'The report is printed as the service sent it. Healthy words venue knows: ok, healthy, up, pass.',
      });
    }
    throw new ServerError(`the inventory service reports itself ${verdict}: ${said}`, {
      hint: `Its report is printed as the service sent it. Tell the venue's support; ${venueHint(['doctor'])} runs every check.`,
    });
  },
});
