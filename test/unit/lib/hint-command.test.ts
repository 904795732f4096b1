// The one way a hint names a venue command (src/lib/hint-command.ts): the
// run's chosen profile, values quoted for a shell, placeholders; and a
// redacted diagnosis's commands hold placeholders, never masked values.

import { describe, expect, it } from 'vitest';
import { forAssistant, inHintScope, placeholder, venueCommand, venueHint } from '../../../src/lib/hint-command.js';
import { diagnose, redactDiagnosis } from '../../../src/lib/wallet/diagnose.js';

describe('venueCommand', () => {
  it('names the profile the run chose, and none outside a run or when told', async () => {
    expect(venueCommand(['inventory', 'receipts', 'resolve', 'abc', '--applied'])).toBe(
      'venue inventory receipts resolve abc --applied',
    );
    const inRun = await inHintScope({ profile: 'fleet-2' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [venueCommand(['doctor']), venueCommand(['config', 'profiles'], { profile: null })];
    });
    expect(inRun).toEqual(['venue --profile fleet-2 doctor', 'venue config profiles']);
    expect(venueCommand(['config', 'set-secret', placeholder('name')], { profile: "o'brien store" })).toBe(
      `venue --profile 'o'\\''brien store' config set-secret <name>`,
    );
  });

  it('quotes each value for a shell, and leaves placeholders as <name>', () => {
    expect(venueHint(['booking', 'order', 'pay', 'ord 1', '--amount', 12.5, '--payment-ref', placeholder('ref')])).toBe(
      "`venue booking order pay 'ord 1' --amount 12.5 --payment-ref <ref>`",
    );
    expect(venueCommand(['config', 'set', 'inventory.routes.getProduct', 'GET /<path>'])).toBe(
      "venue config set inventory.routes.getProduct 'GET /<path>'",
    );
  });

  it("the launcher's run, its process's only one, names its profile without an async scope, and only while it runs", async () => {
    const inRun = await inHintScope(
      { profile: 'store1' },
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        // A run that shares the process (a venue of a fleet) takes its own scope over the process's.
        const venueOfFleet = inHintScope({ profile: 'fleet-2' }, () => venueCommand(['doctor']));
        return [venueCommand(['doctor']), venueOfFleet];
      },
      { alone: true },
    );
    expect(inRun).toEqual(['venue --profile store1 doctor', 'venue --profile fleet-2 doctor']);
    expect(venueCommand(['doctor'])).toBe('venue doctor');
    expect(() =>
      inHintScope(
        { profile: 'store1' },
        () => {
          throw new Error('x');
        },
        { alone: true },
      ),
    ).toThrow('x');
    expect(venueCommand(['doctor'])).toBe('venue doctor');
  });

  it('knows whether an assistant reads the run', () => {
    expect(forAssistant()).toBe(false);
    expect(inHintScope({ assistant: true }, () => forAssistant())).toBe(true);
  });
});

describe('a redacted diagnosis', () => {
  it('masks the email in its text and puts a placeholder in its commands', () => {
    const diagnosis = inHintScope({ profile: 'store1' }, () =>
      diagnose({
        email: 'ben@example.com',
        now: Date.parse('2026-11-01T00:00:00Z'),
        emailValid: true,
        access: 'none',
        reloads: [],
      }),
    );
    const redacted = redactDiagnosis(diagnosis);
    expect(redacted.email).toBe('b***@e***.com');
    const next = redacted.findings.find((f) => f.code === 'online_checks_skipped')!.nextStep;
    expect(next).toContain('`venue --profile store1 wallet login <guest email>`');
    expect(next).not.toContain('***');
    expect(JSON.stringify(redacted)).not.toContain('ben@example.com');
  });
});
