import { describe, expect, it } from 'vitest';
import { ProcessInterruption } from '../../../src/lib/interruption.js';
import { InterruptedError } from '../../../src/lib/errors.js';

function setup(timings = { cleanupMs: 200, graceMs: 50 }) {
  const said: string[] = [];
  const exits: number[] = [];
  const interruption = new ProcessInterruption({ say: (m) => said.push(m), exit: (c) => exits.push(c) }, timings);
  return { interruption, said, exits };
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ProcessInterruption', () => {
  it('before a send: nothing may be sent, the signal is aborted, and the process ends with 130 after the grace', async () => {
    const { interruption, said, exits } = setup();
    expect(interruption.maySend()).toBe(true);
    interruption.notify();
    expect(interruption.signal.aborted).toBe(true);
    expect(interruption.maySend()).toBe(false);
    expect(() => interruption.throwIfInterrupted()).toThrow(InterruptedError);
    expect(said).toEqual(['interrupted']);
    await wait(100);
    expect(exits).toEqual([130]);
  });

  it('cleanup handlers run where sending is still allowed, and are awaited', async () => {
    const { interruption, exits } = setup();
    let sentDuringCleanup: boolean | undefined;
    interruption.onInterrupt(async () => {
      await wait(30);
      sentDuringCleanup = interruption.maySend();
    });
    interruption.notify();
    await wait(20);
    expect(exits).toEqual([]);
    await wait(120);
    expect(sentDuringCleanup).toBe(true);
    expect(exits).toEqual([130]);
  });

  it('a write in flight is awaited: no exit until its answer, then the grace', async () => {
    const { interruption, said, exits } = setup();
    let answer!: (v: string) => void;
    const write = interruption.inFlight('"record the stock receipt"', () => new Promise<string>((r) => (answer = r)));
    interruption.notify();
    expect(said[0]).toContain('waiting for the answer to "record the stock receipt"');
    await wait(150);
    expect(exits).toEqual([]);
    answer('recorded');
    expect(await write).toBe('recorded');
    await wait(100);
    expect(exits).toEqual([130]);
  });

  it('a second Ctrl-C stops at once, saying what is left unknown', () => {
    const { interruption, said, exits } = setup();
    void interruption.inFlight('"record the sale"', () => new Promise(() => undefined));
    interruption.notify();
    interruption.notify();
    expect(exits).toEqual([130]);
    expect(said[1]).toContain('"record the sale"');
    expect(said[1]).toContain('unknown');
  });
});
