// A stock receipt whose answer is lost, through the built binary against the
// sandbox's fault API: the CLI never resends; it re-reads the stock levels and
// records the receipt as applied, not applied (a rerun sends it) or unknown
// (exit 7, settled with `receipts resolve`).

import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { baseEnv, venueBin, type SandboxHandle } from '../../support/venue.js';
import { stockSuite } from './stock-suite.js';

const suite = stockSuite('venue-receipt-outcomes-');
const { file } = suite;
const level = async (productId: number) => (await suite.levels([productId]))[productId]!;
let sb: SandboxHandle;
beforeAll(() => {
  sb = suite.sb;
});

async function receipts(): Promise<number> {
  const { items } = await sb.control<{ items: Array<{ kind?: string; type?: string }> }>('GET', '/inventory/movements');
  return items.filter((m) => (m.kind ?? m.type) === 'receipt').length;
}

const journalFile = () => path.join(sb.configDir, 'state', 'inventory-receipts.json');
function journalStatuses(): string[] {
  if (!fs.existsSync(journalFile())) return [];
  const journal = JSON.parse(fs.readFileSync(journalFile(), 'utf8')) as { entries: Record<string, { status: string; invoice?: string }> };
  return Object.values(journal.entries).map((e) => `${e.invoice}:${e.status}`);
}

async function journalEntry(invoice: string): Promise<{ id: string; status: string; history: Array<{ status: string; note?: string }> }> {
  const list = await sb.run(['inventory', 'receipts', 'list', '-o', 'json']);
  const row = (JSON.parse(list.stdout) as Array<{ id: string; invoice: string }>).find((r) => r.invoice === invoice)!;
  const show = await sb.run(['inventory', 'receipts', 'show', row.id, '-o', 'json']);
  return JSON.parse(show.stdout);
}

const receive = (invoice: string, csv: string, extra: string[] = []) =>
  sb.run(['inventory', 'stock', 'receive', '--file', file(`${invoice}.csv`, csv), '--invoice', invoice, ...extra]);

// Several runs of the binary and seconds of injected latency each: generous on a busy machine.
describe('a lost receipt answer', { timeout: 90_000 }, () => {
  it('dropped after processing → applied: exit 0, not resent, a rerun is a no-op', async () => {
    await sb.control('POST', '/faults', { dropAfterProcessing: [{ match: 'POST /inventory/stock-receipts' }] });
    const before = await level(1014);
    const count = await receipts();
    const result = await receive('INV-DROP', 'productId,quantity,value\n1014,6,9\n', ['-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('reading the stock levels again');
    expect(result.stderr).toMatch(/was applied/);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'applied', items: [{ productId: 1014, before, after: before + 6 }] });
    expect(await receipts()).toBe(count + 1);
    expect(await level(1014)).toBe(before + 6);
    expect((await journalEntry('INV-DROP')).status).toBe('applied');

    const rerun = await receive('INV-DROP', 'productId,quantity,value\n1014,6,9\n');
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain('already recorded');
    expect(await level(1014)).toBe(before + 6);
  });

  it('failed before processing (502) → not applied: exit 6, journal says so, and a rerun sends it', async () => {
    await sb.control('POST', '/faults', { failNext: [{ match: 'POST /inventory/stock-receipts', status: 502 }] });
    const before = await level(1015);
    const count = await receipts();
    const result = await receive('INV-502', 'productId,quantity\n1015,4\n');
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toContain('was not applied');
    expect(result.stderr).toContain('safe to run the same command again');
    expect(await receipts()).toBe(count);
    expect(await level(1015)).toBe(before);
    expect((await journalEntry('INV-502')).status).toBe('not-applied');

    const rerun = await receive('INV-502', 'productId,quantity\n1015,4\n');
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(await receipts()).toBe(count + 1);
    expect(await level(1015)).toBe(before + 4);
    expect((await journalEntry('INV-502')).status).toBe('recorded');
  });

  it('stock changed by something else meanwhile → unknown: exit 7 with the resolve command; refused until resolved', async () => {
    // The receipt is held 3 s before processing, then its answer dropped; meanwhile the venue sells one.
    await sb.control('POST', '/faults', {
      latencyMs: 3000,
      latencyMatch: 'POST /inventory/stock-receipts',
      dropAfterProcessing: [{ match: 'POST /inventory/stock-receipts' }],
    });
    const before = await level(1016);
    const running = receive('INV-RACE', 'productId,quantity\n1016,10\n');
    // Wait until the levels were read and the receipt is on its way (the journal says "sending").
    const deadline = Date.now() + 15_000;
    while (!journalStatuses().includes('INV-RACE:sending')) {
      if (Date.now() > deadline) throw new Error('the receipt was never sent');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sb.control('POST', '/inventory/activity', { type: 'stock.adjusted', productId: 1016, quantity: -1, comment: 'Sold at the counter' });
    const result = await running;
    expect(result.code, result.stderr).toBe(7);
    const entry = await journalEntry('INV-RACE');
    expect(entry.status).toBe('unknown');
    const short = entry.id.slice(0, 12);
    expect(result.stderr).toContain(entry.id);
    expect(result.stderr).toContain(`venue inventory receipts resolve ${short} --applied`);
    expect(result.stderr).toContain(`venue inventory receipts resolve ${short} --not-applied`);
    expect(result.stderr).toContain(`product 1016: ${before} before, ${before + 9} now, receipt adds 10`);
    expect(result.stderr).toContain('This run sent it once and will not send it again.');
    await sb.control('DELETE', '/faults');

    const count = await receipts();
    const refused = await receive('INV-RACE', 'productId,quantity\n1016,10\n');
    expect(refused.code, refused.stderr).toBe(7);
    expect(refused.stderr).toContain('unknown outcome');
    expect(refused.stderr).toContain('Nothing was sent by this run.');
    expect(await receipts()).toBe(count);

    const resolved = await sb.run(['inventory', 'receipts', 'resolve', short, '--applied', '--note', 'checked the shelf']);
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stderr).toContain('marked applied');
    const after = await receive('INV-RACE', 'productId,quantity\n1016,10\n');
    expect(after.code, after.stderr).toBe(0);
    expect(after.stderr).toContain('already recorded');
    expect(await receipts()).toBe(count);
    expect(await level(1016)).toBe(before + 9);
    expect((await journalEntry('INV-RACE')).history.at(-1)).toMatchObject({ status: 'applied', note: 'resolved by hand: checked the shelf' });
  });

  it('an unknown receipt resolved --not-applied is sent by the next run; --force overrides an unknown one', async () => {
    await sb.control('POST', '/faults', {
      latencyMs: 3000,
      latencyMatch: 'POST /inventory/stock-receipts',
      dropAfterProcessing: [{ match: 'POST /inventory/stock-receipts', remaining: 2 }],
    });
    // Two different receipts of the same product at once: each sees the other's change.
    const first = receive('INV-PAIR-A', 'productId,quantity\n1017,2\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = receive('INV-PAIR-B', 'productId,quantity\n1017,3\n');
    const [a, b] = await Promise.all([first, second]);
    expect([a.code, b.code]).toContain(7);
    await sb.control('DELETE', '/faults');
    const unknownOne = a.code === 7 ? 'INV-PAIR-A' : 'INV-PAIR-B';
    const entry = await journalEntry(unknownOne);
    expect(entry.status).toBe('unknown');

    const count = await receipts();
    const resolved = await sb.run(['inventory', 'receipts', 'resolve', entry.id.slice(0, 8), '--not-applied']);
    expect(resolved.code, resolved.stderr).toBe(0);
    const again = await receive(unknownOne, `productId,quantity\n1017,${unknownOne === 'INV-PAIR-A' ? 2 : 3}\n`);
    expect(again.code, again.stderr).toBe(0);
    expect(await receipts()).toBe(count + 1);
    expect((await journalEntry(unknownOne)).status).toBe('recorded');

    const otherOne = unknownOne === 'INV-PAIR-A' ? 'INV-PAIR-B' : 'INV-PAIR-A';
    const otherCsv = `productId,quantity\n1017,${otherOne === 'INV-PAIR-A' ? 2 : 3}\n`;
    if ((await journalEntry(otherOne)).status === 'unknown') {
      expect((await receive(otherOne, otherCsv)).code).toBe(7);
      const forced = await receive(otherOne, otherCsv, ['--force']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(await receipts()).toBe(count + 2);
    }
  });

  it('a run killed while sending: the next run judges it from the recorded levels, and stock rises exactly once', async () => {
    await sb.control('POST', '/faults', { latencyMs: 1500, latencyMatch: 'POST /inventory/stock-receipts' });
    const before = await level(1020);
    const count = await receipts();
    const csv = file('INV-KILLED.csv', 'productId,quantity\n1020,8\n');
    const child = spawn(process.execPath, [venueBin, 'inventory', 'stock', 'receive', '--file', csv, '--invoice', 'INV-KILLED'], {
      env: baseEnv(sb.env),
      stdio: 'ignore',
    });
    const deadline = Date.now() + 15_000;
    while (!journalStatuses().includes('INV-KILLED:sending')) {
      if (Date.now() > deadline) throw new Error('the receipt was never sent');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // the request is on the wire
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // The dead run's lock goes stale after a minute; remove it rather than wait.
    fs.rmSync(path.join(sb.configDir, 'state', 'inventory-receipt-locks'), { recursive: true, force: true });
    // Whatever the server does with a request whose client died, let it finish.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await sb.control('DELETE', '/faults');

    const rerun = await receive('INV-KILLED', 'productId,quantity\n1020,8\n');
    expect(rerun.code, rerun.stderr).toBe(0);
    // Exactly once, whether the dead run's request was applied (rerun: no-op) or not (rerun: sends).
    expect(await receipts()).toBe(count + 1);
    expect(await level(1020)).toBe(before + 8);
    const entry = await journalEntry('INV-KILLED');
    expect(['applied', 'recorded']).toContain(entry.status);
    expect(entry.history.map((h) => h.note ?? '').join('\n')).toMatch(/an interrupted run had (not )?applied it/);
  });
});
