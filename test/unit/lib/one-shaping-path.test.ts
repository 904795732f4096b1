// Records are shaped by one mechanism for every server (issue 30): a plan
// compiled per key list (src/lib/records.ts), with no second path for records
// already in venue's names and key order, and the checks a listing makes read
// from that same plan. This reads the sources as text: a fast path for
// venue's own shape coming back under its old names, a quick check beside the
// plan's, or code compiled anywhere but the plan fails it.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/venue.js';

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sources(path.join(dir, e.name)) : /\.(ts|js)$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}

const roots = ['src', 'bin', 'packages/sandbox/src'].map((dir) => path.join(repoRoot, dir));

/** Every line of code (comments left out) with where it is. */
function codeLines(): Array<{ where: string; line: string }> {
  const out: Array<{ where: string; line: string }> = [];
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    for (const file of sources(root)) {
      const rel = path.relative(repoRoot, file);
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (!/^\s*(\/\/|\*|\/\*)/.test(line)) out.push({ where: `${rel}:${i + 1}`, line });
        });
    }
  }
  return out;
}

describe('one shaping path', () => {
  it("no fast path for venue's own shape and no quick check beside the plan's (keptWhole, QUICK_TESTS, holdsProductNeeds…)", () => {
    const gone =
      /\b(keptWhole|keptWholeOf|keptAsIsTest|keptAsItIs|keptShaped|QUICK_TESTS|ownFields|reorderOf|shapeRecordByCopy|holdsProductNeeds|holdsStockEntryNeeds|holdsSupplierLinkNeeds|checkProduct|readStockLevelNeeds|compactKeyByKey)\b/;
    const offenders = codeLines()
      .filter(({ line }) => gone.test(line))
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('code is compiled in one place only: the shaping plans of records.ts', () => {
    const offenders = codeLines()
      .filter(({ where, line }) => /\bnew Function\b|\beval\(/.test(line) && !where.startsWith('src/lib/records.ts:'))
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('the inventory checks are read from the plan: the views read no field of a product or stock level through RecordReader', () => {
    const views = fs.readFileSync(path.join(repoRoot, 'src/lib/inventory/views.ts'), 'utf8');
    for (const made of ['productViewOf', 'stockLevelViewWith', 'stockLevelNeeds']) {
      const body = views.slice(views.indexOf(`export function ${made}(`));
      const end = body.indexOf('\n}\n');
      expect(body.slice(0, end), made).not.toMatch(/reader\.|RecordReader/);
    }
    expect(views).toMatch(/shapeChecked\(reader\.raw, RECORD_SHAPES\.product/);
    expect(views).toMatch(/shapeChecked\(reader\.raw, RECORD_SHAPES\.stockLevel/);
  });
});
