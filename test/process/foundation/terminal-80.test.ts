// A person at an 80-column terminal (tmux): what `venue` draws there fits.
// No line is wider than 80; no spinner or progress text is left on a line of
// data; a wait for the first answer shows a spinner; every fix, detail and
// URL of doctor and auth status reads whole (wrapped in its column at spaces,
// or an address after "/"), never cut with "…"; wallet diagnose wraps its
// findings without breaking a word and shows times as tables do; help
// (config, booking, booking book) fits, its words whole.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killTerminals, TerminalSession, tmuxAvailable, warnWithoutTmux } from '../../support/terminal.js';
import { startSandbox, type SandboxProcessHandle } from '../../support/venue.js';
import { renderHelp } from '../../../src/program.js';

warnWithoutTmux('test/process/foundation/terminal-80.test.ts');

const SIZE = { width: 80, height: 60 };
const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|waiting for |Checking |Reading cards|stock levels( \d+\/\d+|…)/;
let sb: SandboxProcessHandle;
let sessions = 0;

/**
 * Runs venue at 80 columns until it exits: its code, every line it showed as
 * the terminal laid it out, and every line as venue wrote it (`written`: a
 * line wider than the terminal is one line there, though the terminal wrapped
 * it).
 */
async function at80(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; lines: string[]; written: string[] }> {
  const term = TerminalSession.start(`t80-${++sessions}`, args, { ...sb.env, ...env }, SIZE);
  const { code } = await term.exit(60_000);
  return { code, ...shownBy(term) };
}

/** What a session showed, up to its exit line: as laid out, and as written. */
function shownBy(term: TerminalSession): { lines: string[]; written: string[] } {
  const upToExit = (text: string) => {
    const lines = text.split('\n');
    return lines.slice(
      0,
      lines.findIndex((l) => l.startsWith('EXIT:')),
    );
  };
  return { lines: upToExit(term.history()), written: upToExit(term.history({ joined: true })) };
}

/** The words of a text (a command's continuation "\\" and a long comment's "#" are none). */
const wordsOf = (text: string) => text.split(/\s+/).filter((w) => w !== '' && w !== '\\' && w !== '#');

/** No line venue wrote is wider than 80 columns; no spinner or progress text is left on a line; nothing is cut with "…". */
function expectFits(shown: { lines: string[]; written: string[] }): void {
  for (const line of shown.written) expect([...line].length, line).toBeLessThanOrEqual(80);
  for (const line of shown.lines) expect(line, 'spinner or progress text on a line').not.toMatch(SPINNER);
  expect(shown.lines.join('\n')).not.toContain('…');
}

/** A table on the screen (from its header line to the first line that is no part of it), each row's cells as the parts of its lines. */
function tableOf(lines: string[], firstHeader: string, headers: string[], until: RegExp): Array<string[][]> {
  const top = lines.findIndex((l) => l.startsWith(firstHeader));
  expect(top, lines.join('\n')).toBeGreaterThanOrEqual(0);
  const starts = headers.map((h) => lines[top]!.indexOf(h));
  const rows: Array<string[][]> = [];
  for (const line of lines.slice(top + 1)) {
    if (until.test(line) || line.trim() === '') break;
    const cells = starts.map((start, i) => line.slice(start, starts[i + 1] ?? undefined).trim());
    if (cells[0] !== '' || rows.length === 0) rows.push(headers.map(() => []));
    cells.forEach((cell, i) => {
      if (cell !== '') rows.at(-1)![i]!.push(cell);
    });
  }
  return rows;
}

/** The parts read back are the text, whole: each break at a space, or after "/" or before "?" or "&" in an address. */
function expectWhole(parts: string[], text: string): void {
  let rest = text.replace(/\s+/g, ' ').trim();
  parts.forEach((part, n) => {
    expect(rest.startsWith(part), `"${part}" does not continue "${rest}" (of "${text}")`).toBe(true);
    rest = rest.slice(part.length);
    if (n < parts.length - 1) {
      const atBreak = rest.startsWith(' ') || part.endsWith('/') || /^[?&]/.test(rest);
      expect(atBreak, `a word broken after "${part}" in "${text}"`).toBe(true);
      rest = rest.replace(/^ /, '');
    }
  });
  expect(rest, `cut: "${text}"`).toBe('');
}

describe.skipIf(!tmuxAvailable)('at an 80-column terminal', () => {
  beforeAll(async () => {
    sb = await startSandbox();
    // A venue whose wallet and inventory are at a closed port: doctor fails them, with fixes.
    const init = await sb.run([
      'config',
      'init',
      'broken',
      '--extends',
      'sandbox',
      '--wallet-url',
      'http://127.0.0.1:9/wallet',
      '--inventory-url',
      'http://127.0.0.1:9/inventory',
    ]);
    expect(init.code, init.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    killTerminals();
    await sb?.stop();
  });

  it('inventory stock levels --all: a spinner while the first page is slow, then rows that never share a line with it', async () => {
    await sb.control('POST', '/faults', { latencyMs: 1200, match: 'GET /inventory/*' });
    try {
      const term = TerminalSession.start(
        `t80-${++sessions}`,
        ['inventory', 'stock', 'levels', '--all', '--page-size', '10'],
        sb.env,
        SIZE,
      );
      // Before the first page: the progress line, drawn after ~300 ms.
      const waiting = await term.waitFor(/^\S stock levels…$/m, 10_000);
      expect(waiting).not.toContain('PRODUCT');
      const { code } = await term.exit(60_000);
      expect(code).toBe(0);
      const { lines: shown, written } = shownBy(term);
      expectFits({ lines: shown, written });
      const header = shown.findIndex((l) => l.startsWith('PRODUCT  NAME'));
      expect(header, shown.join('\n')).toBeGreaterThanOrEqual(0);
      expect(shown.filter((l) => /^10\d\d\s/.test(l))).toHaveLength(35);
      expect(shown).toContain('35 stock levels');
      // The names read whole (the identifying column).
      expect(shown.some((l) => /^1005\s+Potato Chips Salted\s/.test(l))).toBe(true);
    } finally {
      await sb.control('DELETE', '/faults');
    }
  }, 90_000);

  it('doctor with a failing service: every fix and every failing detail whole, exit 6', async () => {
    const { code, lines, written } = await at80(['--profile', 'broken', 'doctor']);
    expect(code).toBe(6);
    expectFits({ lines, written });
    const json = await sb.run(['--profile', 'broken', 'doctor', '-o', 'json']);
    const findings = JSON.parse(json.stdout) as Array<Record<string, string>>;
    const headers = ['SERVICE', 'CHECK', 'STATUS', 'DETAIL', 'FIX'];
    const rows = tableOf(lines, 'SERVICE', headers, /^error:/);
    expect(rows).toHaveLength(findings.length);
    let failing = 0;
    findings.forEach((finding, r) => {
      const row = rows[r]!;
      expect(row[0]!.join(' '), `row ${r}`).toBe(finding.service);
      expectWhole(row[4]!, finding.fix ?? '');
      if (finding.status === 'fail') {
        failing++;
        expectWhole(row[3]!, finding.detail!);
        expect(row[3]!.join(''), 'the URL whole').toContain(`http://127.0.0.1:9/${finding.service}`);
      }
    });
    expect(failing).toBe(2);
    expect(lines.join('\n')).toMatch(/^error: 2 checks failed$/m);
  }, 90_000);

  it('auth status: each host, scheme and expiry whole', async () => {
    expect((await sb.run(['inventory', 'categories'])).code).toBe(0); // a token cached, with its host
    const { code, lines, written } = await at80(['auth', 'status']);
    expect(code).toBe(0);
    expectFits({ lines, written });
    const services = JSON.parse((await sb.run(['auth', 'status', '-o', 'json'])).stdout) as Array<
      Record<string, string | null>
    >;
    const headers = ['SERVICE', 'CREDENTIALS', 'SCHEME', 'TOKEN', 'HOST', 'EXPIRES'];
    const rows = tableOf(lines, 'SERVICE', headers, /^$/);
    expect(rows).toHaveLength(services.length);
    services.forEach((service, r) => {
      expectWhole(rows[r]![1]!, service.credentials!);
      expectWhole(rows[r]![2]!, service.auth!);
      if (service.host) expectWhole(rows[r]![4]!, service.host);
      // A time in the people format, whole (at 80 columns it may take two lines, broken at its space).
      if (service.expiresAt) expect(rows[r]![5]!.join(' ')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    });
    expect(rows.some((row) => row[4]!.length > 0)).toBe(true);
  }, 90_000);

  it('config --help, booking --help and booking book --help: no line over 80 columns, no word broken', async () => {
    for (const words of [['config'], ['booking'], ['booking', 'book']]) {
      const what = `venue ${words.join(' ')} --help`;
      // As venue wrote it: a line wider than the terminal would be one line here.
      const shown = await at80([...words, '--help']);
      expect(shown.code, what).toBe(0);
      for (const line of shown.written) expect([...line].length, `${what}: ${line}`).toBeLessThanOrEqual(80);
      // As the terminal showed it: the words of the help laid out with room for every line, none split.
      const wide = await renderHelp(words, { version: '0', width: 10_000 });
      expect(wordsOf(shown.lines.join('\n')), what).toEqual(wordsOf(wide));
      expect(shown.lines.length, what).toBeGreaterThan(wide.trimEnd().split('\n').length);
    }
  }, 90_000);

  it('wallet diagnose <guest>: findings wrapped without breaking a word, times as tables show them', async () => {
    const env = { GUEST_PASSWORD: 'Sandbox123', VENUE_TIMEZONE: 'UTC' };
    for (const guest of ['ben@example.com', 'cara@example.com']) {
      const { code, lines, written } = await at80(
        ['wallet', 'diagnose', guest, '--password-env', 'GUEST_PASSWORD'],
        env,
      );
      expect(code).toBe(0);
      expectFits({ lines, written });
      const text = lines.join(' ').replace(/\s+/g, ' ');
      expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
      expect(text).toMatch(/last synchronised \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      const json = await sb.run(['wallet', 'diagnose', guest, '--password-env', 'GUEST_PASSWORD', '--json'], {
        env,
      });
      const diagnosis = JSON.parse(json.stdout) as { findings: Array<{ message: string; nextStep: string }> };
      expect(diagnosis.findings.length).toBeGreaterThan(0);
      for (const finding of diagnosis.findings) {
        // Lines joined at their breaks give the words back: a break inside a word would not.
        expect(text).toContain(finding.message.replace(/\s+/g, ' '));
        expect(text).toContain(`next: ${finding.nextStep.replace(/\s+/g, ' ')}`);
      }
    }
  }, 90_000);
});
