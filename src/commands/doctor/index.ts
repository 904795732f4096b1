import { defineCommand } from '../define.js';
import { diagnoseInventoryRoutes, diagnoseService, type Finding } from './checks.js';
import { serviceNames } from '../../lib/tokens.js';
import { VenueError } from '../../lib/errors.js';

export default defineCommand({
  name: 'doctor',
  summary:
    'Check each configured service: credentials, token, latency, clock, TLS, the inventory health report, and that the inventory list routes answer; each finding with a fix',
  description:
    'A failed login is told by its reason: "credentials refused" (exit 3), "login route not found" (exit 3) or "service failing" (exit 6). ' +
    'An inventory reporting itself unhealthy fails the health check (exit 6); degraded is a warning.',
  examples: ['venue doctor', 'venue --profile sandbox doctor -o json'],
  fleet: 'read',
  async run(ctx) {
    const findings: Finding[] = [];
    const spinner = await ctx.terminal.spinner('Checking services…');
    for (const service of serviceNames) {
      spinner.update(`Checking ${service}…`);
      const serviceFindings = await diagnoseService(ctx, service);
      findings.push(...serviceFindings);
      // After a token was got, or for a static key (no token: the route calls are its check) once its secrets are present.
      const authReady = serviceFindings.some(
        (f) =>
          (f.check === 'token' || (f.check === 'auth' && !serviceFindings.some((g) => g.check === 'token'))) &&
          f.status === 'ok',
      );
      if (service === 'inventory' && authReady) {
        spinner.update('Checking inventory routes…');
        findings.push(...(await diagnoseInventoryRoutes(ctx)));
      }
    }
    spinner.stop();
    await ctx.output.list(findings as unknown as Array<Record<string, unknown>>, {
      columns: ['service', 'check', 'status', 'detail', 'fix'],
      bounded: true,
    });
    const failed = findings.filter((f) => f.status === 'fail');
    if (failed.length) {
      const category = failed.some((f) => f.category === 'auth') ? 'auth' : 'server';
      throw new VenueError(category, `${failed.length} check${failed.length === 1 ? '' : 's'} failed`, {
        hint: 'Each failed row says how to fix it.',
      });
    }
    ctx.terminal.success('all checks passed');
  },
});
