// A stock take's outcome through the built binary: a lost answer is unknown
// (exit 7) and the same take refused until `stock resolve`; Ctrl-C before the
// send sends nothing, during it awaits the real answer.

import { beforeAll, describe, expect, it } from 'vitest';
import { runInterrupted, type SandboxHandle } from '../../support/venue.js';
import { stockSuite } from '../../support/stock-suite.js';

const suite = stockSuite('venue-take-outcomes-');
let sb: SandboxHandle;
beforeAll(() => {
  sb = suite.sb;
});

async function takes(comment: string): Promise<number> {
  const { items } = await sb.control<{ items: Array<{ kind: string; body?: { comment?: string } }> }>(
    'GET',
    '/inventory/movements',
  );
  return items.filter((m) => m.kind === 'stock-take' && m.body?.comment === comment).length;
}

describe("a stock take's outcome", { timeout: 90_000 }, () => {
  it('lost answer → unknown (exit 7); the same take refused; stock resolve --not-applied lets it be sent', async () => {
    await sb.control('POST', '/faults', { dropAfterProcessing: [{ match: 'POST /inventory/stock-takes' }] });
    const counts = suite.file('lost.csv', 'productId,countedQuantity\n1021,7\n');
    const args = ['inventory', 'stock', 'take', '--file', counts, '--comment', 'lost take', '--yes'];
    const result = await sb.run(args);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stderr).toContain('stock take');
    expect(result.stderr).toContain('may or may not have been applied');
    const id = /venue inventory stock resolve ([0-9a-f]{12}) --applied/.exec(result.stderr)?.[1];
    expect(id, result.stderr).toBeDefined();
    const listed = JSON.parse((await sb.run(['inventory', 'stock', 'changes', '-o', 'json'])).stdout) as Array<{
      id: string;
      kind: string;
      status: string;
    }>;
    expect(listed.find((e) => e.id.startsWith(id!))).toMatchObject({ kind: 'take', status: 'unknown' });

    const again = await sb.run(args);
    expect(again.code, again.stderr).toBe(7);
    expect(again.stderr).toContain('Nothing was sent by this run.');
    expect(await takes('lost take')).toBe(1);

    expect((await sb.run(['inventory', 'stock', 'resolve', id!, '--not-applied'])).code).toBe(0);
    const rerun = await sb.run(args);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(await takes('lost take')).toBe(2);
  });

  it('Ctrl-C before the send: nothing sent, exit 130', async () => {
    await sb.control('POST', '/faults', { latencyMs: 3000, latencyMatch: 'GET /inventory/stock-levels' });
    const counts = suite.file('before.csv', 'productId,countedQuantity\n1021,6\n');
    const result = await runInterrupted(
      ['-v', 'inventory', 'stock', 'take', '--file', counts, '--comment', 'int before', '--yes'],
      (e) => /> GET \S+stock-levels/.test(e),
      { env: sb.env },
    );
    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).not.toMatch(/> POST \S+stock-takes/);
    expect(result.stderr).not.toContain('✓');
    expect(await takes('int before')).toBe(0);
  });

  it('Ctrl-C during the send: the answer is awaited, the take recorded, no ✓, exit 0 (it completed)', async () => {
    await sb.control('POST', '/faults', { latencyMs: 2000, latencyMatch: 'POST /inventory/stock-takes' });
    const counts = suite.file('during.csv', 'productId,countedQuantity\n1021,5\n');
    const result = await runInterrupted(
      ['-v', 'inventory', 'stock', 'take', '--file', counts, '--comment', 'int during', '--yes'],
      (e) => /> POST \S+stock-takes/.test(e),
      { env: sb.env },
    );
    // The exit code follows the outcome (issue 18): recorded, so 0; the message says it was interrupted after completing.
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('interrupted: waiting for the answer');
    expect(result.stderr).toContain('interrupted, but this was done first: Stock take');
    expect(result.stderr).not.toContain('✓');
    expect(await takes('int during')).toBe(1);
    expect((await suite.levels([1021]))[1021]).toBe(5);
  });

  // Issue 29: the outcome of a take of more than a few hundred lines was rendered in parts, and the check between
  // parts ended the run with "nothing more was sent" (exit 130) after the service had applied it.
  it('Ctrl-C during the send of an 800-line take: the whole outcome is shown, "done first", exit 0', async () => {
    const { firstProductId: first } = await sb.control<{ firstProductId: number }>('POST', '/inventory/seed', {
      products: 800,
    });
    const lines = Array.from({ length: 800 }, (_, i) => `${first + i},3`);
    const counts = suite.file('big.csv', `productId,countedQuantity\n${lines.join('\n')}\n`);
    await sb.control('POST', '/faults', { latencyMs: 2000, latencyMatch: 'POST /inventory/stock-takes' });
    const result = await runInterrupted(
      ['-v', 'inventory', 'stock', 'take', '--file', counts, '--comment', 'int big', '--yes'],
      (e) => /> POST \S+stock-takes/.test(e),
      { env: sb.env },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('interrupted, but this was done first: Stock take');
    expect(result.stderr).not.toContain('nothing more was sent');
    expect(result.stdout.trim().split('\n')).toHaveLength(801);
    expect(await takes('int big')).toBe(1);
  });
});
