// Real vendors' documents (test/fixtures/openapi/vendors/, README.md there),
// through the built binary: `venue config import-openapi <docs> --dry-run -o json`
// per vendor, against the table of the routes a person would pick
// (picks.ts, written before the matcher was tuned). Across them: at least 90%
// of the picks mapped, nothing mapped that is not a pick (no wrong kind), no
// route of the `never` lists or one whose words say delete, bulk, import,
// maintenance… mapped, and every operation left unmapped listed with why and
// its candidates. The figures are printed per vendor.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runVenue, tempDir } from '../../support/in-process.js';
import { vendorCases, type VendorCase } from '../../fixtures/openapi/vendors/picks.js';

const vendorsDir = path.join(repoRoot, 'test/fixtures/openapi/vendors');
let configDir: string;
const figures: Array<{ vendor: string; picks: number; right: number; wrong: string[]; missed: string[] }> = [];

beforeAll(() => {
  configDir = tempDir('venue-vendors-');
});
afterAll(() => {
  fs.rmSync(configDir, { recursive: true, force: true });
  const picks = figures.reduce((n, f) => n + f.picks, 0);
  const right = figures.reduce((n, f) => n + f.right, 0);
  const lines = figures.map(
    (f) =>
      `  ${f.vendor}: ${f.right}/${f.picks} picks mapped, ${f.wrong.length} wrong${f.missed.length ? `; missed ${f.missed.join(', ')}` : ''}`,
  );
  console.log(
    `import-openapi on vendor documents:\n${lines.join('\n')}\n  all: ${right}/${picks} = ${((100 * right) / picks).toFixed(1)}%`,
  );
});

interface Row {
  operation: string;
  matched: boolean;
  route: string | null;
  confidence: number | null;
  reasons?: string[];
  why?: string;
  candidates?: Array<{ route: string; why: string }>;
  command?: string;
}

const destructive =
  /\b(delete|remove|purge|reset|clear|wipe|bulk|batch|maintenance|import|export|migrate|sync|rebuild|missing|ensure|zero)\b/i;

async function dryRun(vendor: VendorCase) {
  const args = [
    'config',
    'import-openapi',
    ...vendor.files.map((f) => path.join(vendorsDir, f)),
    '--dry-run',
    '-o',
    'json',
  ];
  for (const [name, value] of Object.entries(vendor.serverVars ?? {})) args.push('--server-var', `${name}=${value}`);
  const r = await runVenue(args, {
    env: { VENUE_CONFIG_DIR: configDir, VENUE_INVENTORY_URL: 'https://inventory.example' },
    timeoutMs: 60_000,
  });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { operations: Row[]; auth: string | null; basePath: string | null; stored: boolean };
}

describe.each(vendorCases)('$vendor', (vendor) => {
  it(`maps what a person would pick and nothing else (${vendor.form})`, async () => {
    const result = await dryRun(vendor);
    expect(result.stored).toBe(false);
    expect(result.operations).toHaveLength(21);
    let picks = 0;
    let right = 0;
    const wrong: string[] = [];
    const missed: string[] = [];
    for (const row of result.operations) {
      const pick = vendor.picks[row.operation as keyof typeof vendor.picks];
      const allowed = pick === undefined ? [] : Array.isArray(pick) ? pick : [pick];
      if (allowed.length) picks++;
      if (row.matched) {
        expect(row.confidence).toBeGreaterThanOrEqual(0.5);
        expect(row.reasons?.length).toBeGreaterThan(0);
        if (allowed.includes(row.route!)) right++;
        else wrong.push(`${row.operation} → ${row.route}`);
        // No destructive or maintenance route, and none the table says never to map.
        expect(vendor.never, `${row.operation} → ${row.route}`).not.toContain(row.route);
        if (row.operation !== 'deleteWebhook') expect(row.route, row.operation).not.toMatch(destructive);
      } else {
        if (allowed.length) missed.push(row.operation);
        // Everything unmapped is listed: why, its candidates (each with why it fell short), the command to set it.
        expect(row.why, row.operation).toBeTruthy();
        expect(Array.isArray(row.candidates)).toBe(true);
        for (const candidate of row.candidates!) expect(candidate.why).toBeTruthy();
        expect(row.command).toContain(`inventory.routes.${row.operation}`);
      }
    }
    figures.push({ vendor: vendor.vendor, picks, right, wrong, missed });
    expect(wrong, 'mapped routes a person would not pick').toEqual([]);
    expect(result.auth).toBe(vendor.auth);
    expect(result.basePath).toBe(vendor.basePath);
  });
});

describe('across the vendors', () => {
  it('at least 90% of the routes a person would pick are mapped', () => {
    expect(figures).toHaveLength(vendorCases.length);
    const picks = figures.reduce((n, f) => n + f.picks, 0);
    const right = figures.reduce((n, f) => n + f.right, 0);
    expect(right / picks).toBeGreaterThanOrEqual(0.9);
  });
});
